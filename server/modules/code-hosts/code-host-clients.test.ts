// The contract of the code-host clients against the local code-host server (server/test/code-host-server.ts): the
// exact requests each sends (method, path, query, Authorization or PRIVATE-TOKEN), every page, GitHub's
// organisation/user fallback and a GitHub App's token exchange, GitLab's subgroups and self-managed addresses, the
// network policy, and each refusal mapped to its CodeHostError. docs/decisions/062-code-host-clients.md
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  type CodeHostServer,
  codeHostFailureOf,
  fakeRepositories,
  listAllRepositories,
  startCodeHostServer,
} from '../../test/code-host-server.ts'
import { type StallingHost, serveSilentHost, serveSite } from '../../test/scan-servers.ts'
import { PRIVATE_ADDRESS_MESSAGE } from '../scan/ssrf.ts'
import type { CodeHostSettings, HostedRepository } from './code-host.ts'
import type { CodeHostHttpOptions } from './code-host-http.ts'
import { createCodeHostClient } from './create-code-host-client.ts'

const network = { allowPrivateNetworks: true }
let host: CodeHostServer

beforeAll(async () => {
  host = await startCodeHostServer({ viewerLogin: 'octocat', cloneOrigin: 'http://127.0.0.1:9' })
  host.setGitlabGroup('acme', [
    ...fakeRepositories(150, 'acme', { firstId: 1, archivedEvery: 10 }),
    ...fakeRepositories(50, 'acme/platform', { firstId: 500, forkEvery: 5 }),
    { id: 900, fullName: 'acme/platform/empty', defaultBranch: null },
  ])
  host.setGitlabGroup('acme/platform', [
    ...fakeRepositories(50, 'acme/platform', { firstId: 500, forkEvery: 5 }),
    { id: 900, fullName: 'acme/platform/empty', defaultBranch: null },
  ])
})
afterAll(() => host.close())
beforeEach(() => {
  host.requests.length = 0
  host.fail(null)
})

function tokenSettings(owner: string, token = host.token): CodeHostSettings {
  return { kind: 'github', apiUrl: host.githubApiUrl, owner, auth: { type: 'token', token } }
}

function appSettings(owner: string, overrides: Partial<typeof host.app> = {}): CodeHostSettings {
  return { kind: 'github', apiUrl: host.githubApiUrl, owner, auth: { type: 'app', ...host.app, ...overrides } }
}

/** How many repositories a listing holds, how many distinct ids, how many archived and how many forks. */
function countsOf(repositories: HostedRepository[]) {
  return {
    total: repositories.length,
    distinct: new Set(repositories.map((repository) => repository.hostId)).size,
    archived: repositories.filter((repository) => repository.archived).length,
    forks: repositories.filter((repository) => repository.fork).length,
  }
}

/** The first of fakeRepositories(n, 'acme'), as a client must answer it (clone URLs point to cloneOrigin). */
function firstService(hostId: string): HostedRepository {
  return {
    hostId,
    fullName: 'acme/service-001',
    cloneUrl: 'http://127.0.0.1:9/acme/service-001.git',
    webUrl: 'http://127.0.0.1:9/acme/service-001',
    defaultBranch: 'main',
    archived: false,
    fork: false,
  }
}

function gitlabSettings(group: string, token = host.token, apiUrl = host.gitlabUrl): CodeHostSettings {
  return { kind: 'gitlab', apiUrl, group, auth: { type: 'token', token } }
}

function listAll(settings: CodeHostSettings, options: Partial<CodeHostHttpOptions> = {}) {
  return listAllRepositories(createCodeHostClient(settings, { network, ...options }))
}

describe('GitHub client with a token', () => {
  it('lists 200 repositories of an organisation over two pages of 100, with the token on every request', async () => {
    host.setGithubAccount('acme', {
      type: 'Organization',
      repositories: fakeRepositories(200, 'acme', { archivedEvery: 10, forkEvery: 25 }),
    })
    const repositories = await listAll(tokenSettings('acme'))

    expect(host.requests).toEqual([
      {
        method: 'GET',
        path: '/api/v3/orgs/acme/repos',
        query: { type: 'all', per_page: '100' },
        authorization: `token ${host.token}`,
        privateToken: null,
      },
      {
        method: 'GET',
        path: '/api/v3/orgs/acme/repos',
        query: { type: 'all', per_page: '100', page: '2' },
        authorization: `token ${host.token}`,
        privateToken: null,
      },
    ])
    expect(countsOf(repositories)).toEqual({ total: 200, distinct: 200, archived: 20, forks: 8 })
    expect(repositories[0]).toEqual(firstService('1000'))
    expect(repositories.find((repository) => repository.fullName === 'acme/service-010')?.archived).toBe(true)
    expect(repositories.find((repository) => repository.fullName === 'acme/service-025')?.fork).toBe(true)
  })

  it("falls back to a user's public repositories when the login is a user other than the token's", async () => {
    host.setGithubAccount('hubot', { type: 'User', repositories: fakeRepositories(4, 'hubot', { firstId: 50 }) })
    const repositories = await listAll(tokenSettings('hubot'))

    expect(host.requests.map(({ method, path, query }) => ({ method, path, query }))).toEqual([
      { method: 'GET', path: '/api/v3/orgs/hubot/repos', query: { type: 'all', per_page: '100' } },
      { method: 'GET', path: '/api/v3/user', query: {} },
      { method: 'GET', path: '/api/v3/users/hubot/repos', query: { type: 'owner', per_page: '100' } },
    ])
    // fakeRepositories makes every other one private: another user's listing shows the public ones only
    expect(repositories.map((repository) => repository.fullName)).toEqual(['hubot/service-002', 'hubot/service-004'])
  })

  it("lists the token owner's own repositories, private ones included, when the login is the token's user", async () => {
    host.setGithubAccount('octocat', { type: 'User', repositories: fakeRepositories(3, 'octocat', { firstId: 70 }) })
    const repositories = await listAll(tokenSettings('octocat'))

    expect(host.requests.at(-1)).toMatchObject({
      path: '/api/v3/user/repos',
      query: { affiliation: 'owner', per_page: '100' },
    })
    expect(repositories).toHaveLength(3)
  })

  it('answers not_found for a login that is neither an organisation nor a user', async () => {
    const error = await codeHostFailureOf(listAll(tokenSettings('nobody-here')))
    expect(error.code).toBe('not_found')
    expect(error.message).toContain('nobody-here')
  })

  it('answers unauthorized for a token GitHub does not accept (401)', async () => {
    const error = await codeHostFailureOf(listAll(tokenSettings('acme', 'ghp_wrong')))
    expect(error.code).toBe('unauthorized')
  })

  it('answers rate_limited with the reset time when GitHub answers 403 with x-ratelimit-remaining 0', async () => {
    host.setGithubAccount('acme', { type: 'Organization', repositories: fakeRepositories(150, 'acme') })
    host.fail('rate_limited', { afterRequests: 1, retryAfterSeconds: 120 })
    const client = createCodeHostClient(tokenSettings('acme'), { network })
    const seen: HostedRepository[] = []
    const error = await codeHostFailureOf(
      (async () => {
        for await (const repository of client.listRepositories()) seen.push(repository)
      })(),
    )
    // the first page came through; the second was refused
    expect(seen).toHaveLength(100)
    expect(error.code).toBe('rate_limited')
    const waitSeconds = (error.retryAt!.getTime() - Date.now()) / 1000
    expect(waitSeconds).toBeGreaterThan(100)
    expect(waitSeconds).toBeLessThanOrEqual(121)
  })

  it("answers rate_limited at Retry-After when GitHub's secondary limit answers 429", async () => {
    host.setGithubAccount('acme', { type: 'Organization', repositories: fakeRepositories(3, 'acme') })
    host.fail('secondary_rate_limited', { retryAfterSeconds: 30 })
    const error = await codeHostFailureOf(listAll(tokenSettings('acme')))
    expect(error.code).toBe('rate_limited')
    const waitSeconds = (error.retryAt!.getTime() - Date.now()) / 1000
    expect(waitSeconds).toBeGreaterThan(25)
    expect(waitSeconds).toBeLessThanOrEqual(30)
  })

  it('answers unreachable when GitHub answers 5xx', async () => {
    host.fail('server_error')
    expect((await codeHostFailureOf(listAll(tokenSettings('acme')))).code).toBe('unreachable')
  })

  it('gives git the token as HTTP Basic credentials', async () => {
    const headers = await createCodeHostClient(tokenSettings('acme'), { network }).cloneHeaders()
    expect(headers).toEqual({
      Authorization: `Basic ${Buffer.from(`x-access-token:${host.token}`).toString('base64')}`,
    })
  })
})

describe('GitHub client with a GitHub App installation', () => {
  it('exchanges a signed JWT for an installation token once, then lists with it and gives it to git', async () => {
    host.setGithubAccount('acme', { type: 'Organization', repositories: fakeRepositories(120, 'acme') })
    host.setGithubAccount('other', { type: 'Organization', repositories: fakeRepositories(2, 'other') })
    host.setGithubInstallation('acme')
    const client = createCodeHostClient(appSettings('acme'), { network })
    const repositories: HostedRepository[] = []
    for await (const repository of client.listRepositories()) repositories.push(repository)
    const headers = await client.cloneHeaders()

    expect(host.installationTokens).toHaveLength(1)
    const [installationToken] = host.installationTokens
    expect(host.requests.map(({ method, path, query }) => ({ method, path, query }))).toEqual([
      { method: 'POST', path: '/api/v3/app/installations/31337/access_tokens', query: {} },
      { method: 'GET', path: '/api/v3/installation/repositories', query: { per_page: '100' } },
      { method: 'GET', path: '/api/v3/installation/repositories', query: { per_page: '100', page: '2' } },
    ])
    // the exchange is authorised by the app's JWT (three parts), the listing by the installation token
    expect(host.requests[0]!.authorization).toMatch(/^bearer [\w-]+\.[\w-]+\.[\w-]+$/i)
    expect(host.requests[1]!.authorization).toBe(`token ${installationToken}`)
    expect(repositories).toHaveLength(120)
    expect(headers).toEqual({
      Authorization: `Basic ${Buffer.from(`x-access-token:${installationToken}`).toString('base64')}`,
    })
  })

  it('answers unauthorized when the private key is not the app’s (GitHub cannot verify the JWT)', async () => {
    host.setGithubInstallation('acme')
    const { privateKey } = await import('node:crypto').then((crypto) =>
      crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }),
    )
    const settings = appSettings('acme', { privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() })
    const error = await codeHostFailureOf(listAll(settings))
    expect(error.code).toBe('unauthorized')
  })

  it('answers not_found for an installation the app does not have', async () => {
    host.setGithubInstallation('acme')
    const error = await codeHostFailureOf(listAll(appSettings('acme', { installationId: '999' })))
    expect(error.code).toBe('not_found')
    expect(error.message).toContain('installation')
  })

  it('answers unauthorized for a private key that is not a key at all', async () => {
    const error = await codeHostFailureOf(listAll(appSettings('acme', { privateKey: 'not a key' })))
    expect(error.code).toBe('unauthorized')
    expect(host.requests).toHaveLength(0)
  })
})

describe('an API address holding a user name or password (security report F-11)', () => {
  it('is refused as a CodeHostError before any Request is made of it, naming no password, for GitLab and GitHub', async () => {
    const withCredentials = host.gitlabUrl.replace('://', '://user:secretpw@')
    for (const settings of [
      gitlabSettings('acme', host.token, withCredentials),
      { ...tokenSettings('acme'), apiUrl: host.githubApiUrl.replace('://', '://user:secretpw@') },
    ]) {
      const error = await codeHostFailureOf(listAll(settings))
      expect(error.code).toBe('unreachable')
      expect(error.message).toBe('A code host address cannot hold a user name or password.')
    }
    expect(host.requests).toHaveLength(0)
  })
})

describe('GitHub client and the network policy', () => {
  it('refuses a loopback API address unless private networks are allowed, sending nothing', async () => {
    const settings = tokenSettings('acme')
    const error = await codeHostFailureOf(listAll(settings, { network: { allowPrivateNetworks: false } }))
    expect(error.code).toBe('unreachable')
    expect(error.message).toBe(PRIVATE_ADDRESS_MESSAGE)
    expect(host.requests).toHaveLength(0)
  })

  it('ends a request to a host that never answers at its time limit', async () => {
    const silent: StallingHost = await serveSilentHost('silent')
    try {
      const settings: CodeHostSettings = {
        kind: 'github',
        apiUrl: `http://127.0.0.1:${silent.port}`,
        owner: 'acme',
        auth: { type: 'token', token: 't' },
      }
      const started = Date.now()
      const error = await codeHostFailureOf(listAll(settings, { limits: { timeoutMs: 300 } }))
      expect(error.code).toBe('unreachable')
      expect(error.message).toContain('did not answer')
      expect(Date.now() - started).toBeLessThan(3000)
    } finally {
      await silent.close()
    }
  })

  it('follows a redirect within the host but refuses one to another host, so the token stays with the host', async () => {
    const elsewhere = await serveSite({})
    const repository = {
      id: 1,
      full_name: 'acme-inc/api',
      clone_url: 'https://git.example/acme-inc/api.git',
      fork: false,
    }
    const site = await serveSite({
      '/orgs/acme/repos?type=all&per_page=100': {
        status: 301,
        headers: { location: '/orgs/acme-inc/repos?type=all&per_page=100' },
      },
      '/orgs/acme-inc/repos?type=all&per_page=100': {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([repository]),
      },
      '/orgs/away/repos?type=all&per_page=100': {
        status: 302,
        headers: { location: `${elsewhere.origin}/orgs/away/repos` },
      },
    })
    try {
      const at = (owner: string): CodeHostSettings => ({
        kind: 'github',
        apiUrl: site.origin,
        owner,
        auth: { type: 'token', token: 't' },
      })
      expect((await listAll(at('acme'))).map((listed) => listed.fullName)).toEqual(['acme-inc/api'])
      const error = await codeHostFailureOf(listAll(at('away')))
      expect(error.code).toBe('bad_answer')
      expect(error.message).toContain('redirected')
      expect(elsewhere.requests).toHaveLength(0)
    } finally {
      await site.close()
      await elsewhere.close()
    }
  })

  it("stops when the caller's signal aborts", async () => {
    host.setGithubAccount('acme', { type: 'Organization', repositories: fakeRepositories(3, 'acme') })
    const controller = new AbortController()
    controller.abort()
    const client = createCodeHostClient(tokenSettings('acme'), { network })
    const error = await (async () => {
      for await (const _repository of client.listRepositories({ signal: controller.signal })) {
      }
    })().catch((caught: unknown) => caught)
    expect((error as Error).name).toBe('AbortError')
    expect(host.requests).toHaveLength(0)
  })
})

const QUERY = { include_subgroups: 'true', with_shared: 'false', order_by: 'id', sort: 'asc', per_page: '100' }

describe('GitLab client', () => {
  it("lists a group's 201 projects, its subgroups' included, over three pages with the token on each", async () => {
    const repositories = await listAll(gitlabSettings('acme'))

    expect(host.requests).toEqual(
      [1, 2, 3].map((page) => ({
        method: 'GET',
        path: '/api/v4/groups/acme/projects',
        query: { ...QUERY, page: String(page) },
        authorization: null,
        privateToken: host.token,
      })),
    )
    expect(countsOf(repositories)).toEqual({ total: 201, distinct: 201, archived: 15, forks: 10 })
    expect(repositories[0]).toEqual(firstService('1'))
    expect(repositories.find((repository) => repository.fullName === 'acme/platform/empty')?.defaultBranch).toBeNull()
  })

  it("sends a subgroup's full path encoded as one path segment", async () => {
    const repositories = await listAll(gitlabSettings('acme/platform'))
    expect(host.requests.map((request) => request.path)).toEqual(['/api/v4/groups/acme%2Fplatform/projects'])
    expect(repositories).toHaveLength(51)
    expect(repositories.every((repository) => repository.fullName.startsWith('acme/platform/'))).toBe(true)
  })

  it('takes a self-managed API address with /api/v4 as well as without', async () => {
    const repositories = await listAll(gitlabSettings('acme/platform', host.token, `${host.gitlabUrl}/api/v4/`))
    expect(repositories).toHaveLength(51)
    expect(host.requests[0]!.path).toBe('/api/v4/groups/acme%2Fplatform/projects')
  })

  it('answers not_found for a group the token cannot see', async () => {
    const error = await codeHostFailureOf(listAll(gitlabSettings('nobody')))
    expect(error.code).toBe('not_found')
    expect(error.message).toContain('nobody')
  })

  it('answers unauthorized for a token GitLab does not accept (401)', async () => {
    expect((await codeHostFailureOf(listAll(gitlabSettings('acme', 'glpat-wrong')))).code).toBe('unauthorized')
  })

  it('answers rate_limited at Retry-After on a 429 in the middle of the pages, once, without retrying', async () => {
    host.fail('rate_limited', { afterRequests: 1, retryAfterSeconds: 90 })
    const client = createCodeHostClient(gitlabSettings('acme'), { network })
    const seen: HostedRepository[] = []
    const error = await codeHostFailureOf(
      (async () => {
        for await (const repository of client.listRepositories()) seen.push(repository)
      })(),
    )
    expect(seen).toHaveLength(100)
    expect(host.requests).toHaveLength(2)
    expect(error.code).toBe('rate_limited')
    const waitSeconds = (error.retryAt!.getTime() - Date.now()) / 1000
    expect(waitSeconds).toBeGreaterThan(85)
    expect(waitSeconds).toBeLessThanOrEqual(90)
  })

  it('answers unreachable on a 5xx', async () => {
    host.fail('server_error')
    expect((await codeHostFailureOf(listAll(gitlabSettings('acme')))).code).toBe('unreachable')
  })

  it('refuses a self-managed address on a private network unless the policy allows it, sending nothing', async () => {
    const error = await codeHostFailureOf(listAll(gitlabSettings('acme'), { network: { allowPrivateNetworks: false } }))
    expect(error.code).toBe('unreachable')
    expect(error.message).toBe(PRIVATE_ADDRESS_MESSAGE)
    expect(host.requests).toHaveLength(0)
  })

  it('refuses a name that resolves to a private address (checked at connection time)', async () => {
    const policy = {
      allowPrivateNetworks: false,
      resolve: async () => [{ address: '10.0.0.5', family: 4 as const }],
    }
    const error = await codeHostFailureOf(
      listAll(gitlabSettings('acme', host.token, 'https://gitlab.example.com'), { network: policy }),
    )
    expect(error.code).toBe('unreachable')
    expect(error.message).toBe(PRIVATE_ADDRESS_MESSAGE)
  })

  it('gives git the token as the password of the oauth2 user', async () => {
    const headers = await createCodeHostClient(gitlabSettings('acme'), { network }).cloneHeaders()
    expect(headers).toEqual({ Authorization: `Basic ${Buffer.from(`oauth2:${host.token}`).toString('base64')}` })
  })
})

describe('git URLs client', () => {
  it('lists each http(s) URL once, its path as the name, with no clone headers', async () => {
    const client = createCodeHostClient(
      {
        kind: 'git',
        urls: [
          'https://git.example.com/team/api.git',
          'http://git.example.com:8080/tools/cli',
          'https://git.example.com/team/api.git',
        ],
      },
      { network },
    )
    const repositories: HostedRepository[] = []
    for await (const repository of client.listRepositories()) repositories.push(repository)
    expect(repositories).toEqual([
      {
        hostId: 'https://git.example.com/team/api.git',
        fullName: 'team/api',
        cloneUrl: 'https://git.example.com/team/api.git',
        webUrl: null,
        defaultBranch: null,
        archived: false,
        fork: false,
      },
      {
        hostId: 'http://git.example.com:8080/tools/cli',
        fullName: 'tools/cli',
        cloneUrl: 'http://git.example.com:8080/tools/cli',
        webUrl: null,
        defaultBranch: null,
        archived: false,
        fork: false,
      },
    ])
    expect(await client.cloneHeaders()).toEqual({})
  })

  it.each([
    ['ssh://git@git.example.com/team/api.git', 'not an http or https URL'],
    ['git.example.com/team/api', 'not a URL'],
    ['https://user:secret@git.example.com/team/api.git', 'holds credentials'],
    ['https://git.example.com/', 'names no repository'],
  ])('refuses %s as bad_answer', async (url, message) => {
    const error = await codeHostFailureOf(listAll({ kind: 'git', urls: [url] }))
    expect(error.code).toBe('bad_answer')
    expect(error.message).toContain(message)
  })
})
