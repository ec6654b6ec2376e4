// Each refusal of the safety rules, proven: loopback, private, link-local, metadata, CGNAT, multicast and IPv6
// forms (including IPv4-mapped), redirects to private addresses, names resolving to them, schemes other than http(s),
// file:// unless allowed, and git remotes. Fixture servers listen on 127.0.0.1 only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGitRepository, type FixtureSite, serveGitOverHttp, serveSite } from '../../test/scan-servers.ts'
import { cloneRepository } from './git-repository.ts'
import { fetchPage, probeGitRepository } from './page-fetcher.ts'
import { embeddedIPv4, isBlockedAddress, resolveAllowedAddresses, ScanRefusedError } from './ssrf.ts'

const REFUSED = { allowPrivateNetworks: false }

/** A policy under which the loopback fixture server counts as a public host, and nothing else changes. */
const fixtureIsPublic = {
  allowPrivateNetworks: false,
  isBlocked: (address: string) => address !== '127.0.0.1' && isBlockedAddress(address),
  resolve: async (hostname: string) => {
    if (hostname === 'www.example.com') return [{ address: '127.0.0.1', family: 4 as const }]
    if (hostname === 'intranet.example.com') return [{ address: '10.1.2.3', family: 4 as const }]
    // names answering only IPv6: unique local, link-local, loopback
    if (hostname === 'v6-private.example.com') return [{ address: 'fd12:3456::7', family: 6 as const }]
    if (hostname === 'v6-link.example.com') return [{ address: 'fe80::1', family: 6 as const }]
    if (hostname === 'v6-loopback.example.com') return [{ address: '::1', family: 6 as const }]
    if (hostname === 'mixed.example.com') {
      return [
        { address: '93.184.216.34', family: 4 as const },
        { address: '192.168.1.10', family: 4 as const },
      ]
    }
    throw new Error('ENOTFOUND')
  },
}

async function refusal(promise: Promise<unknown>): Promise<ScanRefusedError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(ScanRefusedError)
  return error as ScanRefusedError
}

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '100.100.100.200',
    '0.0.0.0',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '198.18.0.1',
    '168.63.129.16',
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::a00:1',
    '2002:a00:1::',
    '2001:db8::1',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true)
  })

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:93.184.216.34'])(
    'allows the public address %s',
    (address) => {
      expect(isBlockedAddress(address)).toBe(false)
    },
  )

  it('finds the IPv4 address inside mapped, NAT64 and 6to4 IPv6 forms', () => {
    expect(embeddedIPv4('::ffff:127.0.0.1')).toBe('127.0.0.1')
    expect(embeddedIPv4('64:ff9b::c0a8:101')).toBe('192.168.1.1')
    expect(embeddedIPv4('2002:c0a8:101::1')).toBe('192.168.1.1')
    expect(embeddedIPv4('2606:4700::1111')).toBeNull()
  })
})

describe('resolveAllowedAddresses', () => {
  it('refuses a name that resolves to a private address', async () => {
    const error = await refusal(resolveAllowedAddresses('intranet.example.com', fixtureIsPublic))
    expect(error.reason).toBe('private_address')
  })

  it('refuses a name when any of its addresses is private (DNS answers may mix them)', async () => {
    expect((await refusal(resolveAllowedAddresses('mixed.example.com', fixtureIsPublic))).reason).toBe(
      'private_address',
    )
  })

  it('refuses localhost and internal-only names without resolving them', async () => {
    for (const name of ['localhost', 'db.internal', 'printer.local', 'metadata.google.internal', 'intranet']) {
      expect((await refusal(resolveAllowedAddresses(name, REFUSED))).reason).toBe('private_address')
    }
  })

  it('allows every address when private networks are allowed (tests, internal installations)', async () => {
    await expect(resolveAllowedAddresses('127.0.0.1', { allowPrivateNetworks: true })).resolves.toEqual([
      { address: '127.0.0.1', family: 4 },
    ])
  })
})

describe('fetchPage refusals', () => {
  let site: FixtureSite

  beforeAll(async () => {
    site = await serveSite({
      '/': { body: '<html><head><meta name="generator" content="WordPress 6.4"></head></html>' },
      '/to-private': { status: 302, headers: { location: 'http://10.0.0.7/admin' } },
      '/to-metadata': { status: 301, headers: { location: 'http://169.254.169.254/latest/meta-data/' } },
      '/to-mapped': { status: 302, headers: { location: 'http://[::ffff:127.0.0.1]:1/' } },
      '/to-v6-loopback': { status: 302, headers: { location: 'http://[::1]:1/' } },
      '/to-v6-link-local': { status: 307, headers: { location: 'http://[fe80::1]/' } },
      '/to-v6-name': { status: 302, headers: { location: 'http://v6-private.example.com/' } },
      '/repo/info/refs?service=git-upload-pack': { status: 302, headers: { location: 'http://10.0.0.7/repo.git' } },
      '/to-ftp': { status: 302, headers: { location: 'ftp://www.example.com/file' } },
      '/loop': { status: 302, headers: { location: '/loop' } },
      '/image': { headers: { 'content-type': 'image/png' }, body: 'PNG' },
      '/big': { body: `<html><body>${'x'.repeat(3 * 1024 * 1024)}</body></html>` },
      '/slow': { hang: true },
    })
  })
  afterAll(() => site.close())

  const viaName = (path: string) => `http://www.example.com:${site.port}${path}`

  it.each([
    ['loopback', 'http://127.0.0.1:9/'],
    ['a private network', 'http://10.0.0.1/'],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/'],
    ['carrier-grade NAT', 'http://100.64.1.1/'],
  ])('refuses %s before connecting', async (_label, url) => {
    expect((await refusal(fetchPage(url, REFUSED))).reason).toBe('private_address')
  })

  it('refuses a name resolving to a private address', async () => {
    expect((await refusal(fetchPage('http://intranet.example.com/', fixtureIsPublic))).reason).toBe('private_address')
  })

  it.each(['v6-private.example.com', 'v6-link.example.com', 'v6-loopback.example.com'])(
    'refuses %s, a name resolving only to a private IPv6 address',
    async (name) => {
      expect((await refusal(fetchPage(`http://${name}/`, fixtureIsPublic))).reason).toBe('private_address')
    },
  )

  it('refuses a git probe whose answer redirects to a private address, and a probe of one', async () => {
    expect((await refusal(probeGitRepository(viaName('/repo'), fixtureIsPublic))).reason).toBe('private_address')
    expect((await refusal(probeGitRepository('http://[fd00::1]/team/app', fixtureIsPublic))).reason).toBe(
      'private_address',
    )
  })

  it('fetches the public fixture page (the control for the redirect refusals)', async () => {
    const page = await fetchPage(viaName('/'), fixtureIsPublic)
    expect(page.html).toContain('WordPress')
  })

  it.each([
    ['a private address', '/to-private'],
    ['the metadata address', '/to-metadata'],
    ['an IPv4-mapped loopback address', '/to-mapped'],
    ['the IPv6 loopback address [::1]', '/to-v6-loopback'],
    ['an IPv6 link-local address [fe80::1]', '/to-v6-link-local'],
    ['a name resolving only to a private IPv6 address', '/to-v6-name'],
  ])('refuses a redirect to %s', async (_label, path) => {
    expect((await refusal(fetchPage(viaName(path), fixtureIsPublic))).reason).toBe('private_address')
  })

  it('refuses a redirect to another scheme', async () => {
    expect((await refusal(fetchPage(viaName('/to-ftp'), fixtureIsPublic))).reason).toBe('scheme')
  })

  it('stops after five redirects', async () => {
    expect((await refusal(fetchPage(viaName('/loop'), fixtureIsPublic))).reason).toBe('too_many_redirects')
    expect(site.requests.filter((request) => request === '/loop').length).toBeLessThanOrEqual(6)
  })

  it('refuses file:// and ftp:// URLs', async () => {
    expect((await refusal(fetchPage('file:///etc/passwd', REFUSED))).reason).toBe('scheme')
    expect((await refusal(fetchPage('ftp://www.example.com/', fixtureIsPublic))).reason).toBe('scheme')
  })

  it('refuses URLs with credentials', async () => {
    expect((await refusal(fetchPage(`http://user:secret@www.example.com:${site.port}/`, fixtureIsPublic))).reason).toBe(
      'scheme',
    )
  })

  it('refuses a page that is not HTML', async () => {
    expect((await refusal(fetchPage(viaName('/image'), fixtureIsPublic))).reason).toBe('not_html')
  })

  it('cuts the body at the size cap', async () => {
    const page = await fetchPage(viaName('/big'), { ...fixtureIsPublic, limits: { maxBytes: 1024 * 1024 } })
    expect(page.truncated).toBe(true)
    expect(page.html.length).toBe(1024 * 1024)
  })

  it('gives up when the page takes longer than the time limit', async () => {
    const error = await refusal(fetchPage(viaName('/slow'), { ...fixtureIsPublic, limits: { timeoutMs: 300 } }))
    expect(error.reason).toBe('fetch_failed')
  })
})

describe('git remote refusals', () => {
  it.each([
    ['loopback', 'https://127.0.0.1/acme/app.git'],
    ['a private network', 'http://192.168.1.20/acme/app.git'],
    ['the metadata address', 'http://169.254.169.254/app.git'],
    ['IPv6 loopback', 'https://[::1]/app.git'],
  ])('refuses a remote on %s before cloning', async (_label, url) => {
    expect((await refusal(cloneRepository({ cloneUrl: url }, REFUSED))).reason).toBe('private_address')
  })

  it('refuses a remote whose name resolves to a private address', async () => {
    const error = await refusal(cloneRepository({ cloneUrl: 'https://intranet.example.com/app.git' }, fixtureIsPublic))
    expect(error.reason).toBe('private_address')
  })

  it.each(['v6-private.example.com', 'v6-link.example.com', 'v6-loopback.example.com'])(
    'refuses a remote on %s, a name resolving only to a private IPv6 address',
    async (name) => {
      const error = await refusal(cloneRepository({ cloneUrl: `https://${name}/app.git` }, fixtureIsPublic))
      expect(error.reason).toBe('private_address')
    },
  )

  it.each([
    ['IPv6 link-local', 'http://[fe80::1]/app.git'],
    ['IPv6 unique local', 'http://[fd00:ec2::254]/app.git'],
  ])('refuses a remote on %s before cloning', async (_label, url) => {
    expect((await refusal(cloneRepository({ cloneUrl: url }, REFUSED))).reason).toBe('private_address')
  })

  it('does not follow a git remote that redirects, nor ask the branch list of one', async () => {
    const repository = createGitRepository({ 'README.md': '# app\n' })
    // the redirect's target is a real repository on a "private" server: following it would clone it
    const inside = await serveGitOverHttp({ '/app.git': repository.dir })
    const outside = await serveGitOverHttp({}, { '/moved.git': `${inside.origin}/app.git` })
    try {
      const remote = `http://www.example.com:${outside.port}/moved.git`
      const error = await refusal(cloneRepository({ cloneUrl: remote }, fixtureIsPublic))
      expect(error.reason).toBe('fetch_failed')
      expect((await refusal(cloneRepository({ cloneUrl: remote, branchPath: 'a/b' }, fixtureIsPublic))).reason).toBe(
        'fetch_failed',
      )
      expect(outside.requests.some((request) => request.startsWith('GET /moved.git/info/refs'))).toBe(true)
      expect(inside.requests).toEqual([])
      // the control: the same remote without the redirect clones
      const direct = await cloneRepository(
        { cloneUrl: `http://www.example.com:${inside.port}/app.git` },
        fixtureIsPublic,
      )
      expect(direct.source.files.map((file) => file.path)).toEqual(['README.md'])
      await direct.remove()
    } finally {
      await inside.close()
      await outside.close()
      repository.remove()
    }
  })

  it('refuses file:// remotes unless private networks are allowed, and other transports always', async () => {
    const repository = createGitRepository({ 'README.md': '# app\n' })
    try {
      expect((await refusal(cloneRepository({ cloneUrl: repository.url }, REFUSED))).reason).toBe('scheme')
      expect(
        (await refusal(cloneRepository({ cloneUrl: 'ssh://www.example.com/app.git' }, fixtureIsPublic))).reason,
      ).toBe('scheme')
      const clone = await cloneRepository({ cloneUrl: repository.url }, { allowPrivateNetworks: true })
      expect(clone.source.files.map((file) => file.path)).toEqual(['README.md'])
      await clone.remove()
    } finally {
      repository.remove()
    }
  })

  it('refuses credentials in a remote URL', async () => {
    const error = await refusal(
      cloneRepository({ cloneUrl: 'https://user:secret@www.example.com/app.git' }, fixtureIsPublic),
    )
    expect(error.reason).toBe('scheme')
  })
})
