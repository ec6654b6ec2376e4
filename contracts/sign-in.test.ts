import { describe, expect, it } from 'vitest'
import { safeNextPath, signInAddress } from './sign-in.ts'

// Values that lead off this site in some browser, or carry what a Location header must not (security report F-5, F-8).
const HOSTILE = [
  '/\t/evil.example',
  '/\t/127.0.0.1:3925/owned-after-sign-in',
  '/%09/evil.example',
  '/%0a/x',
  '/%0d/x',
  '/%0D%0ASet-Cookie:x=1',
  '/\n/x',
  '/\r\n/x',
  '/x\r\nSet-Cookie: a=b',
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '/\\/evil.example',
  '\\/evil.example',
  '/.//evil.example',
  '/..//evil.example',
  '/./\\evil.example',
  '/%2e//evil.example',
  '/\u3000/evil.example',
  '/\u00a0/evil.example',
  '/\u2028/evil.example',
  '/\u200b/evil.example',
  '/\ufeff/evil.example',
  '/\u0085/evil.example',
  '/%c2%85/evil.example',
  '/\u0000/x',
  '/%00/x',
  '/\x7f/x',
  '/ /evil.example',
  ' //evil.example',
  'https://evil.example',
  'http:/evil.example',
  'evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '',
  '/sign-in',
  '/sign-in?next=/x',
  '/./sign-in',
  null,
  undefined,
]

// Values that stay on this site: kept as a clean path, query and fragment.
const GOOD: [string, string][] = [
  ['/', '/'],
  ['/tools', '/tools'],
  ['/tools/redis?tab=stacks#top', '/tools/redis?tab=stacks#top'],
  ['/search?q=a%20b', '/search?q=a%20b'],
  ['/settings/email', '/settings/email'],
  ['/demo-acme-payments/payments-api', '/demo-acme-payments/payments-api'],
  ['/a/../tools', '/tools'],
  ['/%2f/host', '/%2f/host'],
  ['/tools/ü', '/tools/%C3%BC'],
]

describe('safeNextPath', () => {
  it.each(HOSTILE)('answers / for the hostile %j', (next) => {
    expect(safeNextPath(next)).toBe('/')
  })

  it.each(GOOD)('keeps %j as %j', (next, kept) => {
    expect(safeNextPath(next)).toBe(kept)
  })

  it('never returns a path a browser reads as another site, nor a control or space character', () => {
    for (const next of [...HOSTILE, ...GOOD.map(([value]) => value)]) {
      const kept = safeNextPath(next)
      expect(new URL(kept, 'https://stackatlas.test').origin).toBe('https://stackatlas.test')
      expect(kept).not.toMatch(/^\/[/\\]|[\p{Cc}\p{Cf}\p{Z}\s]/u)
    }
  })
})

describe('signInAddress', () => {
  it('carries a path of this site in next and drops hostile ones', () => {
    expect(signInAddress('/tools?x=1')).toBe('/sign-in?next=%2Ftools%3Fx%3D1')
    expect(signInAddress('//evil.example')).toBe('/sign-in')
  })
})
