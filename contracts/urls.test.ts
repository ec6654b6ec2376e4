import { describe, expect, it } from 'vitest'
import { CompanyForm } from './companies.ts'
import { httpUrlOf } from './http-links.ts'
import { JOB_APPLY_URL_INVALID, JobForm } from './jobs.ts'
import { StackWebsiteUrl } from './stacks.ts'
import { normalizeWebsiteUrl } from './tools.ts'
import { HTTP_URL_INVALID, HttpUrl } from './urls.ts'

const refused = ['javascript:alert(1)', 'JavaScript:alert(1)//x.y', ' javascript:alert(1)', 'data:text/html,<b>x</b>']

describe('httpUrlOf', () => {
  it('answers the http(s) href a value names, https:// added when it has no scheme', () => {
    expect(httpUrlOf('https://acme.example/jobs')).toBe('https://acme.example/jobs')
    expect(httpUrlOf('HTTP://acme.example')).toBe('http://acme.example/')
    expect(httpUrlOf(' acme.example/about ')).toBe('https://acme.example/about')
    expect(httpUrlOf('localhost:3000')).toBe('https://localhost:3000/')
  })

  it.each([...refused, 'ftp://files.example/x', 'mailto:jobs@acme.example', 'vbscript:x', '', null, undefined])(
    'answers null for %j',
    (value) => {
      expect(httpUrlOf(value)).toBeNull()
    },
  )
})

describe('HttpUrl in the forms', () => {
  it.each(refused)('refuses %j with the one message', (value) => {
    expect(HttpUrl.safeParse(value).error?.issues[0]?.message).toBe(HTTP_URL_INVALID)
  })

  it.each(refused)('the company form refuses %j as a website', (value) => {
    const company = { name: 'Acme', website_url: value, description: 'We make things.', email_address: 'a@acme.io' }
    const issues = CompanyForm.safeParse(company).error?.issues ?? []
    expect(issues.some((issue) => issue.path.join('.') === 'website_url')).toBe(true)
  })

  it('the company form refuses a javascript: AngelList URL and keeps an http(s) one', () => {
    const company = { name: 'Acme', website_url: 'acme.io', description: 'We make things.', email_address: 'a@acme.io' }
    const bad = CompanyForm.safeParse({ ...company, angellist_url: 'javascript:alert(1)//angel.co' })
    expect(bad.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['angellist_url', HTTP_URL_INVALID],
    ])
    expect(CompanyForm.parse({ ...company, angellist_url: 'https://angel.co/acme' }).angellist_url).toBe(
      'https://angel.co/acme',
    )
  })

  it('the stack website, the job apply URL and the tool website refuse javascript:', () => {
    expect(StackWebsiteUrl.safeParse('javascript:alert(1)//x.yz').error?.issues[0]?.message).toBe(HTTP_URL_INVALID)
    expect(StackWebsiteUrl.parse('acme.example')).toBe('acme.example')
    const job = JobForm.shape.apply_url
    expect(job.safeParse('javascript:alert(1)//x.yz').error?.issues[0]?.message).toBe(JOB_APPLY_URL_INVALID)
    expect(job.parse('https://acme.example/apply')).toBe('https://acme.example/apply')
    expect(normalizeWebsiteUrl('javascript:alert(1)//x.yz')).toBeNull()
    expect(normalizeWebsiteUrl('acme.example')).toBe('https://acme.example/')
  })
})
