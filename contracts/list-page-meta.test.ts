import { describe, expect, it } from 'vitest'
import { type JobPageData, jobMetaDescription, jobPageTitle, jobStructuredData } from './job-page-meta.ts'
import {
  directoryPath,
  directoryStructuredData,
  homeStructuredData,
  type MatchAddress,
  matchMetaDescription,
  matchSingleTool,
} from './list-page-meta.ts'
import { META_DESCRIPTION_MAX } from './tool-page-meta.ts'

const origin = 'https://stacks.example'

describe('directoryPath', () => {
  it('keeps only the category or layer and a page from 2 on', () => {
    expect(directoryPath({ page: 1 })).toBe('/tools')
    expect(directoryPath({ layer: 'devops', page: 3 })).toBe('/tools?layer=devops&page=3')
    expect(directoryPath({ layer: 'application-and-data', category: 'databases', page: 1 })).toBe(
      '/categories/databases',
    )
    expect(directoryPath({ category: 'databases', page: 2 })).toBe('/categories/databases?page=2')
  })
})

describe('list structured data', () => {
  it("points the home page's SearchAction at /search?q= with the template left unescaped", () => {
    expect(homeStructuredData('Stackatlas', origin).potentialAction.target.urlTemplate).toBe(
      'https://stacks.example/search?q={search_term_string}',
    )
  })

  it('numbers a later page on from its first position and adds the trail for a category', () => {
    const tools = [{ name: 'MySQL', path: '/tools/mysql' }]
    const trail = [
      { name: 'Tools', path: '/tools' },
      { name: 'Databases', path: '/categories/databases' },
    ]
    const data = directoryStructuredData({ name: 'Databases', tools, firstPosition: 21 }, trail, origin)
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'ItemList',
          itemListElement: [{ position: 21, name: 'MySQL', url: 'https://stacks.example/tools/mysql' }],
        },
        { '@type': 'BreadcrumbList', itemListElement: [{ position: 1 }, { position: 2 }] },
      ],
    })
    expect(JSON.stringify(data)).not.toContain('"@context":"https://schema.org","@type"')
    expect(directoryStructuredData({ name: 'All tools', tools, firstPosition: 1 }, [trail[0]!], origin)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
    })
  })
})

describe('Stack Match addresses', () => {
  const search: MatchAddress = {
    selectedTools: ['react'],
    excludedTools: [],
    requiredTools: ['react'],
    jobSearch: '',
    location: '',
    searchOperator: 'AND',
    fullTime: false,
    freelance: false,
    remote: false,
  }

  it('names the one tool of a search that asks nothing else', () => {
    expect(matchSingleTool(search)).toBe('react')
    expect(matchSingleTool({ ...search, searchOperator: 'OR', requiredTools: [] })).toBe('react')
  })

  it('names none for more tools, exclusions, other filters or an optional tool under Exact Match', () => {
    expect(matchSingleTool({ ...search, selectedTools: ['react', 'vue'] })).toBeNull()
    expect(matchSingleTool({ ...search, excludedTools: ['php'] })).toBeNull()
    expect(matchSingleTool({ ...search, jobSearch: 'senior' })).toBeNull()
    expect(matchSingleTool({ ...search, remote: true })).toBeNull()
    expect(matchSingleTool({ ...search, requiredTools: [] })).toBeNull()
    expect(matchSingleTool({ ...search, selectedTools: [] })).toBeNull()
  })

  it('counts jobs and companies in the singular and past the cap', () => {
    const description = matchMetaDescription(
      { name: 'React' },
      { jobs: { total: 1000, is_total_capped: true }, companies: { total: 1, is_total_capped: false } },
    )
    expect(description).toMatch(/^1,000\+ React jobs and 1 company whose stack uses React/)
  })
})

describe('job page', () => {
  const job: JobPageData = {
    id: 7,
    title: 'Platform Engineer',
    canonical_url: '/match/jobs/platform-engineer-acme',
    city: 'Lisbon',
    location: 'Lisbon, Portugal',
    remote: false,
    full_time: true,
    freelance: true,
    company_name: 'Acme',
    company_image_url: '/uploads/acme.png',
    company_website_url: 'acme.example',
    stack: [{ name: 'PostgreSQL' }, { name: 'Go' }],
    posted_at: '2026-11-01T10:00:00.000Z',
    expires_at: '2026-12-31T23:59:59.999Z',
    description: 'Run our databases.\nOn call one week in six.',
    is_demo: false,
    is_open: true,
  }

  it('describes an open job with a JobPosting of its facts and the trail from Stack Match', () => {
    expect(jobPageTitle(job)).toBe('Platform Engineer at Acme')
    const description = jobMetaDescription(job)
    expect(description.startsWith('Acme is hiring: Platform Engineer, Lisbon, Portugal. Full-time, Freelance.')).toBe(
      true,
    )
    expect(description.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX)
    const data = jobStructuredData(job, origin) as { '@graph': Array<Record<string, unknown>> }
    expect(data['@graph'][0]).toEqual({
      '@type': 'JobPosting',
      title: 'Platform Engineer',
      description: 'Run our databases.\nOn call one week in six.',
      identifier: { '@type': 'PropertyValue', name: 'Acme', value: '7' },
      url: 'https://stacks.example/match/jobs/platform-engineer-acme',
      datePosted: '2026-11-01T10:00:00.000Z',
      validThrough: '2026-12-31T23:59:59.999Z',
      employmentType: ['FULL_TIME', 'CONTRACTOR'],
      hiringOrganization: {
        '@type': 'Organization',
        name: 'Acme',
        sameAs: 'https://acme.example/',
        logo: 'https://stacks.example/uploads/acme.png',
      },
      jobLocation: {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'Lisbon', addressCountry: 'Portugal' },
      },
      jobLocationType: undefined,
      applicantLocationRequirements: undefined,
      directApply: false,
      skills: 'PostgreSQL, Go',
    })
    expect(data['@graph'][1]).toMatchObject({ '@type': 'BreadcrumbList' })
  })

  it('marks a remote job TELECOMMUTE, with the country it names as the applicants’', () => {
    const inCountry = { ...job, remote: true, city: null, location: 'Anywhere, Germany' }
    expect(
      (jobStructuredData(inCountry, origin) as { '@graph': Array<Record<string, unknown>> })['@graph'][0],
    ).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'Germany' },
    })
  })

  it('gives a remote job that names no place and no country no JobPosting: Google would refuse it', () => {
    const nowhere = { ...job, remote: true, city: null, location: null }
    expect(jobStructuredData(nowhere, origin)).toEqual({
      '@context': 'https://schema.org',
      '@graph': [expect.objectContaining({ '@type': 'BreadcrumbList' })],
    })
  })

  it('gives a closed job and a demo job no JobPosting, only the trail', () => {
    for (const other of [
      { ...job, is_open: false },
      { ...job, is_demo: true },
    ]) {
      expect(jobStructuredData(other, origin)).toEqual({
        '@context': 'https://schema.org',
        '@graph': [expect.objectContaining({ '@type': 'BreadcrumbList' })],
      })
    }
    expect(jobPageTitle({ ...job, is_open: false })).toBe('Platform Engineer at Acme (closed)')
  })
})
