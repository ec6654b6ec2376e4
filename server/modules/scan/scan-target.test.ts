// What a scan URL points at, and the key under which scans of the same thing are joined and reused.
import { describe, expect, it } from 'vitest'
import { parseScanTarget, possibleRepositoryOf, ScanUrlError } from './scan-target.ts'

const PUBLIC = { allowPrivateNetworks: false }
const PRIVATE = { allowPrivateNetworks: true }

describe('parseScanTarget', () => {
  it('reads GitHub repository URLs, with or without a branch', () => {
    expect(parseScanTarget('https://github.com/Acme/Shop', PUBLIC)).toMatchObject({
      kind: 'repository',
      key: 'git:github.com/acme/shop',
      git: { cloneUrl: 'https://github.com/Acme/Shop.git' },
    })
    expect(parseScanTarget('github.com/acme/shop.git', PUBLIC)).toMatchObject({ key: 'git:github.com/acme/shop' })
    expect(parseScanTarget('https://www.github.com/acme/shop/tree/develop', PUBLIC)).toMatchObject({
      key: 'git:github.com/acme/shop#develop',
      git: { cloneUrl: 'https://github.com/acme/shop.git', branchPath: 'develop' },
    })
    // a branch with slashes: the clone finds which leading part is the branch (git-repository.test.ts)
    expect(parseScanTarget('https://github.com/acme/shop/tree/feature/x', PUBLIC)).toMatchObject({
      url: 'https://github.com/acme/shop/tree/feature/x',
      key: 'git:github.com/acme/shop#feature/x',
      git: { cloneUrl: 'https://github.com/acme/shop.git', branchPath: 'feature/x' },
    })
    expect(parseScanTarget('https://github.com/acme/shop/blob/main/README.md', PUBLIC)).toMatchObject({
      key: 'git:github.com/acme/shop',
    })
    expect(parseScanTarget('https://github.com/acme/shop/tree/%E0%A4%A', PUBLIC).kind).toBe('repository')
  })

  it('reads GitLab groups, Bitbucket and any .git URL', () => {
    expect(parseScanTarget('https://gitlab.com/acme/platform/api/-/tree/main', PUBLIC)).toMatchObject({
      key: 'git:gitlab.com/acme/platform/api#main',
      git: { cloneUrl: 'https://gitlab.com/acme/platform/api.git', branchPath: 'main' },
    })
    expect(parseScanTarget('https://bitbucket.org/acme/app/src/release', PUBLIC)).toMatchObject({
      git: { cloneUrl: 'https://bitbucket.org/acme/app.git', branchPath: 'release' },
    })
    expect(parseScanTarget('https://git.acme.com/team/app.git', PUBLIC)).toMatchObject({
      kind: 'repository',
      git: { cloneUrl: 'https://git.acme.com/team/app.git' },
    })
  })

  it('leaves other hosts to the smart HTTP probe, which gets the repository part of the path', () => {
    expect(parseScanTarget('https://git.example.org/team/app', PUBLIC).kind).toBe('website')
    expect(possibleRepositoryOf('https://example.com/')).toBeNull()
    expect(possibleRepositoryOf('https://git.example.org/team/app?tab=readme')).toEqual({
      base: 'https://git.example.org/team/app',
    })
    expect(possibleRepositoryOf('https://gitlab.acme.com/group/sub/api/-/tree/feature/x')).toEqual({
      base: 'https://gitlab.acme.com/group/sub/api',
      branchPath: 'feature/x',
    })
    expect(possibleRepositoryOf('https://gitlab.acme.com/group/api/-/blob/main/README.md')).toEqual({
      base: 'https://gitlab.acme.com/group/api',
    })
    expect(possibleRepositoryOf('https://gitea.acme.com/team/app/src/branch/release/2.0')).toEqual({
      base: 'https://gitea.acme.com/team/app',
      branchPath: 'release/2.0',
    })
    expect(possibleRepositoryOf('https://git.sr.ht/~user/project')).toEqual({ base: 'https://git.sr.ht/~user/project' })
  })

  it('gives one key to the spellings of a website', () => {
    const keys = ['example.com', 'https://www.example.com/', 'http://example.com', 'EXAMPLE.com#pricing'].map(
      (url) => parseScanTarget(url, PUBLIC).key,
    )
    expect(new Set(keys)).toEqual(new Set(['web:example.com']))
    expect(parseScanTarget('example.com', PUBLIC)).toMatchObject({
      url: 'https://example.com/',
      hasExplicitScheme: false,
    })
  })

  it('accepts internal hosts only when private networks are allowed', () => {
    for (const url of ['http://127.0.0.1:8080/', 'http://localhost:3000', 'http://intranet/']) {
      expect(() => parseScanTarget(url, PUBLIC)).toThrow(ScanUrlError)
      expect(() => parseScanTarget(url, PRIVATE)).not.toThrow()
    }
    // a bare word stays a format error even on internal installations
    expect(() => parseScanTarget('intranet', PRIVATE)).toThrow('Url format is invalid.')
  })

  it('accepts folders and file:// URLs from the command line only, whatever the network setting (decision 077)', () => {
    for (const url of ['/srv/app', '/root', '/proc/self/cwd', 'file:///etc', 'FILE:///etc/passwd', '/srv/app.git']) {
      expect(() => parseScanTarget(url, PUBLIC)).toThrow('Only http and https URLs can be scanned.')
      expect(() => parseScanTarget(url, PRIVATE)).toThrow('Only http and https URLs can be scanned.')
    }
    const cli = { allowPrivateNetworks: true, allowFolders: true }
    expect(parseScanTarget('/srv/app', cli)).toMatchObject({ kind: 'folder', folder: '/srv/app' })
    expect(parseScanTarget('file:///srv/app.git', cli)).toMatchObject({ kind: 'repository' })
  })

  it('refuses other schemes', () => {
    for (const url of ['ftp://example.com', 'file:///etc/passwd', 'javascript:alert(1)', 'gopher://example.com']) {
      expect(() => parseScanTarget(url, PUBLIC)).toThrow('Only http and https URLs can be scanned.')
    }
  })
})
