// One local HTTP server on 127.0.0.1 that answers the GitHub and GitLab REST calls our code-host clients make, and
// only those (server/modules/code-hosts/*.client.ts). Bodies and headers follow the examples of the public API
// documentation: GitHub's "List organization repositories" (Link pagination, x-ratelimit-* headers, archived and fork
// flags) and "Create an installation access token for an app" (a JWT signed with the app's key, checked here with its
// public key); GitLab's "List a group's projects" (X-Next-Page, X-Total and Link pagination, forked_from_project,
// RateLimit-* headers). GitHub Enterprise Server's layout: GitHub under /api/v3, GitLab under /api/v4.
// A test sets the repositories (fakeRepositories makes N of them), and can make it answer rate-limited or 401.
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { type CodeHostClient, CodeHostError, type HostedRepository } from '../modules/code-hosts/code-host.ts'

export interface FakeRepository {
  id: number
  /** 'acme/api' on GitHub; 'acme/platform/api' on GitLab (its group path, then the project's). */
  fullName: string
  archived?: boolean
  fork?: boolean
  private?: boolean
  /** null for an empty repository (GitLab); 'main' when not given. */
  defaultBranch?: string | null
}

export interface RecordedRequest {
  method: string
  /** The path without the query, decoded as the host received it ('/api/v4/groups/acme%2Fplatform/projects'). */
  path: string
  query: Record<string, string>
  /** The Authorization header (GitHub's token or JWT), or null. */
  authorization: string | null
  /** GitLab's PRIVATE-TOKEN header, or null. */
  privateToken: string | null
}

export type FailureMode = 'rate_limited' | 'secondary_rate_limited' | 'unauthorized' | 'server_error'

export interface CodeHostServerOptions {
  /** The token both hosts accept (GitHub as `token`/`Bearer`, GitLab as PRIVATE-TOKEN). */
  token?: string
  /** Who the token belongs to on GitHub (GET /user). */
  viewerLogin?: string
  /** Where clone URLs point (the git HTTP server of the test); this server's origin when not given. */
  cloneOrigin?: string
}

export interface CodeHostServer {
  origin: string
  /** The apiUrl of a GitHub connection to this server. */
  githubApiUrl: string
  /** The apiUrl of a GitLab connection to this server. */
  gitlabUrl: string
  token: string
  /** A GitHub App registered here, installed on the account given to setGithubInstallation. */
  app: { appId: string; privateKey: string; installationId: string }
  /** Every API request received, in order. */
  requests: RecordedRequest[]
  /** Installation tokens handed out so far. */
  installationTokens: string[]
  setGithubAccount(login: string, account: { type: 'Organization' | 'User'; repositories: FakeRepository[] }): void
  setGithubInstallation(login: string): void
  /** A group and the projects of it and its subgroups (each project's fullName starts with the group's path). */
  setGitlabGroup(path: string, projects: FakeRepository[]): void
  /** From the request after `afterRequests` more, answer with this failure until fail(null). */
  fail(mode: FailureMode | null, options?: { afterRequests?: number; retryAfterSeconds?: number }): void
  close(): Promise<void>
}

/** N repositories under a namespace, ids from `firstId`; every `archivedEvery`th archived, every `forkEvery`th a fork. */
export function fakeRepositories(
  count: number,
  namespace: string,
  options: { firstId?: number; archivedEvery?: number; forkEvery?: number } = {},
): FakeRepository[] {
  const firstId = options.firstId ?? 1000
  return Array.from({ length: count }, (_, index) => ({
    id: firstId + index,
    fullName: `${namespace}/service-${String(index + 1).padStart(3, '0')}`,
    archived: options.archivedEvery ? (index + 1) % options.archivedEvery === 0 : false,
    fork: options.forkEvery ? (index + 1) % options.forkEvery === 0 : false,
    private: index % 2 === 0,
  }))
}

/** Every repository a client lists, in order. */
export async function listAllRepositories(
  client: CodeHostClient,
  options: { signal?: AbortSignal } = {},
): Promise<HostedRepository[]> {
  const repositories: HostedRepository[] = []
  for await (const repository of client.listRepositories(options)) repositories.push(repository)
  return repositories
}

/** The CodeHostError a piece of work fails with (anything else, or success, is thrown back to fail the test). */
export async function codeHostFailureOf(work: Promise<unknown>): Promise<CodeHostError> {
  const error = await work.then(
    () => new Error('expected a CodeHostError, but the work succeeded'),
    (caught: unknown) => caught,
  )
  if (error instanceof CodeHostError) return error
  throw error
}

const DOCS = 'https://docs.github.com/rest'

export async function startCodeHostServer(options: CodeHostServerOptions = {}): Promise<CodeHostServer> {
  const token = options.token ?? 'glpat-and-ghp-test-token'
  const viewerLogin = options.viewerLogin ?? 'octocat'
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const app = {
    appId: '4242',
    privateKey: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    installationId: '31337',
  }
  const githubAccounts = new Map<
    string,
    { login: string; type: 'Organization' | 'User'; repositories: FakeRepository[] }
  >()
  const gitlabGroups = new Map<string, { id: number; path: string; projects: FakeRepository[] }>()
  let installationLogin: string | null = null
  const installationTokens: string[] = []
  const requests: RecordedRequest[] = []
  let failure: { mode: FailureMode; fromRequest: number; retryAfterSeconds: number } | null = null
  let remaining = 5000

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://code-host')
    const query = Object.fromEntries(url.searchParams)
    const record: RecordedRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query,
      authorization: request.headers.authorization ?? null,
      privateToken: (request.headers['private-token'] as string | undefined) ?? null,
    }
    requests.push(record)
    request.resume()
    const isGitlab = url.pathname.startsWith('/api/v4/')
    const reset = Math.floor(Date.now() / 1000) + 3600
    remaining = Math.max(0, remaining - 1)
    const rateHeaders: Record<string, string> = isGitlab
      ? {
          'ratelimit-limit': '2000',
          'ratelimit-observed': String(2000 - Math.floor(remaining / 2.5)),
          'ratelimit-remaining': String(Math.floor(remaining / 2.5)),
          'ratelimit-reset': String(reset),
          'ratelimit-resettime': new Date(reset * 1000).toUTCString(),
        }
      : {
          'x-ratelimit-limit': '5000',
          'x-ratelimit-remaining': String(remaining),
          'x-ratelimit-reset': String(reset),
          'x-ratelimit-used': String(5000 - remaining),
          'x-ratelimit-resource': 'core',
          'x-github-api-version-selected': '2022-11-28',
        }
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...rateHeaders, ...headers })
      response.end(JSON.stringify(body))
    }

    if (failure && requests.length > failure.fromRequest) {
      const { mode, retryAfterSeconds } = failure
      if (mode === 'unauthorized') {
        return send(
          401,
          isGitlab ? { message: '401 Unauthorized' } : { message: 'Bad credentials', documentation_url: DOCS },
        )
      }
      if (mode === 'server_error') return send(502, { message: 'Bad Gateway' })
      if (isGitlab) {
        // GitLab's throttle answers 429 with Retry-After and its RateLimit-* headers, as plain text
        response.writeHead(429, {
          'content-type': 'text/plain',
          ...rateHeaders,
          'ratelimit-remaining': '0',
          'retry-after': String(retryAfterSeconds),
        })
        return response.end('Retry later\n')
      }
      if (mode === 'rate_limited') {
        return send(
          403,
          { message: 'API rate limit exceeded for user ID 1.', documentation_url: DOCS },
          {
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + retryAfterSeconds),
          },
        )
      }
      return send(
        429,
        { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' },
        { 'retry-after': String(retryAfterSeconds) },
      )
    }

    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const cloneOrigin = options.cloneOrigin ?? origin
    if (isGitlab) return answerGitlab()
    if (url.pathname.startsWith('/api/v3/')) return answerGithub()
    return send(404, { message: 'Not Found' })

    function answerGithub() {
      const route = url.pathname.slice('/api/v3'.length)
      const bearer = (record.authorization ?? '').replace(/^(token|bearer) /i, '')
      const tokenExchange = /^\/app\/installations\/([^/]+)\/access_tokens$/.exec(route)
      if (tokenExchange && request.method === 'POST') {
        if (!isValidAppJwt(bearer)) {
          return send(401, { message: 'A JSON web token could not be decoded', documentation_url: DOCS })
        }
        if (tokenExchange[1] !== app.installationId || !installationLogin) {
          return send(404, { message: 'Not Found', documentation_url: DOCS })
        }
        const installationToken = `ghs_${crypto.randomBytes(18).toString('base64url')}`
        installationTokens.push(installationToken)
        return send(201, {
          token: installationToken,
          expires_at: new Date(Date.now() + 3600_000).toISOString().replace(/\.\d+Z$/, 'Z'),
          permissions: { contents: 'read', metadata: 'read' },
          repository_selection: 'all',
        })
      }
      const isInstallation = installationTokens.includes(bearer)
      if (bearer !== token && !isInstallation) {
        return send(401, { message: 'Bad credentials', documentation_url: DOCS })
      }
      if (request.method !== 'GET') return send(404, { message: 'Not Found', documentation_url: DOCS })
      if (route === '/installation/repositories' && isInstallation) {
        const account = githubAccounts.get(installationLogin ?? '')
        const page = paginate(account?.repositories ?? [], 30)
        return send(
          200,
          {
            total_count: page.total,
            repository_selection: 'all',
            repositories: page.items.map((repository) => githubRepository(repository, account!, cloneOrigin)),
          },
          page.headers,
        )
      }
      if (isInstallation) {
        // installation tokens cannot call the user endpoints
        return send(403, { message: 'Resource not accessible by integration', documentation_url: DOCS })
      }
      if (route === '/user') {
        return send(200, { login: viewerLogin, id: 1, type: 'User', html_url: `${cloneOrigin}/${viewerLogin}` })
      }
      const organisation = /^\/orgs\/([^/]+)\/repos$/.exec(route)
      if (organisation) {
        const account = githubAccounts.get(decodeURIComponent(organisation[1]!).toLowerCase())
        if (account?.type !== 'Organization') return send(404, { message: 'Not Found', documentation_url: DOCS })
        return sendRepositories(account, account.repositories)
      }
      const user = /^\/users\/([^/]+)\/repos$/.exec(route)
      if (user) {
        const account = githubAccounts.get(decodeURIComponent(user[1]!).toLowerCase())
        if (!account) return send(404, { message: 'Not Found', documentation_url: DOCS })
        // another user's listing shows only public repositories
        return sendRepositories(
          account,
          account.repositories.filter((repository) => !repository.private),
        )
      }
      if (route === '/user/repos') {
        const account = githubAccounts.get(viewerLogin.toLowerCase())
        if (!account) return send(200, [])
        return sendRepositories(account, account.repositories)
      }
      return send(404, { message: 'Not Found', documentation_url: DOCS })
    }

    function sendRepositories(
      account: { login: string; type: 'Organization' | 'User' },
      repositories: FakeRepository[],
    ) {
      const page = paginate(repositories, 30)
      return send(
        200,
        page.items.map((repository) => githubRepository(repository, account, cloneOrigin)),
        page.headers,
      )
    }

    /** One page of `items` by the page and per_page parameters (at most 100), and the URL of any other page. */
    function pageOf<T>(items: T[], defaultPerPage: number) {
      const perPage = Math.min(100, Number(query.per_page ?? defaultPerPage) || defaultPerPage)
      const page = Math.max(1, Number(query.page ?? 1) || 1)
      const last = Math.max(1, Math.ceil(items.length / perPage))
      const link = (target: number) => {
        const next = new URL(url.pathname + url.search, origin)
        next.searchParams.set('page', String(target))
        return next.href
      }
      return { items: items.slice((page - 1) * perPage, page * perPage), page, perPage, last, link }
    }

    /** GitHub's Link header: next and last, then first and prev, each only when there is such a page. */
    function paginate(items: FakeRepository[], defaultPerPage: number) {
      const { page, last, link, ...rest } = pageOf(items, defaultPerPage)
      const links = [
        ...(page < last ? [`<${link(page + 1)}>; rel="next"`, `<${link(last)}>; rel="last"`] : []),
        ...(page > 1 ? [`<${link(1)}>; rel="first"`, `<${link(page - 1)}>; rel="prev"`] : []),
      ]
      return {
        items: rest.items,
        total: items.length,
        headers: (links.length > 0 ? { link: links.join(', ') } : {}) as Record<string, string>,
      }
    }

    function answerGitlab() {
      if (record.privateToken !== token && record.authorization !== `Bearer ${token}`) {
        return send(401, { message: '401 Unauthorized' })
      }
      const match = /^\/api\/v4\/groups\/([^/]+)\/projects$/.exec(url.pathname)
      if (!match || request.method !== 'GET') return send(404, { error: '404 Not Found' })
      const id = decodeURIComponent(match[1]!)
      const group = [...gitlabGroups.values()].find((entry) => entry.path === id || String(entry.id) === id)
      if (!group) return send(404, { message: '404 Group Not Found' })
      const includeSubgroups = query.include_subgroups === 'true'
      const projects = group.projects
        .filter((project) => {
          const namespace = project.fullName.slice(0, project.fullName.lastIndexOf('/'))
          return namespace === group.path || (includeSubgroups && namespace.startsWith(`${group.path}/`))
        })
        .filter((project) => query.archived === undefined || String(project.archived === true) === query.archived)
        .sort((a, b) => (query.order_by === 'id' && query.sort === 'asc' ? a.id - b.id : b.id - a.id))
      const { items, page, perPage, last: totalPages, link } = pageOf(projects, 20)
      const links = [
        ...(page > 1 ? [`<${link(page - 1)}>; rel="prev"`] : []),
        ...(page < totalPages ? [`<${link(page + 1)}>; rel="next"`] : []),
        `<${link(1)}>; rel="first"`,
        `<${link(totalPages)}>; rel="last"`,
      ]
      return send(
        200,
        items.map((project) => gitlabProject(project, cloneOrigin)),
        {
          link: links.join(', '),
          'x-page': String(page),
          'x-per-page': String(perPage),
          'x-next-page': page < totalPages ? String(page + 1) : '',
          'x-prev-page': page > 1 ? String(page - 1) : '',
          'x-total': String(projects.length),
          'x-total-pages': String(totalPages),
        },
      )
    }
  })

  /** An RS256 JWT signed with the app's private key, issued by the app, not expired (GitHub's rules for app JWTs). */
  function isValidAppJwt(jwt: string): boolean {
    const [header, payload, signature] = jwt.split('.')
    if (!header || !payload || !signature) return false
    const isSigned = crypto.verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${payload}`),
      publicKey,
      Buffer.from(signature, 'base64url'),
    )
    if (!isSigned) return false
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { iss?: unknown; exp?: number }
    const now = Math.floor(Date.now() / 1000)
    return (
      String(claims.iss) === app.appId && typeof claims.exp === 'number' && claims.exp > now && claims.exp <= now + 660
    )
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    githubApiUrl: `${origin}/api/v3`,
    gitlabUrl: origin,
    token,
    app,
    requests,
    installationTokens,
    setGithubAccount(login, account) {
      githubAccounts.set(login.toLowerCase(), { login, ...account })
    },
    setGithubInstallation(login) {
      installationLogin = login.toLowerCase()
    },
    setGitlabGroup(path, projects) {
      gitlabGroups.set(path, { id: 100 + gitlabGroups.size, path, projects })
    },
    fail(mode, failOptions = {}) {
      failure = mode
        ? {
            mode,
            fromRequest: requests.length + (failOptions.afterRequests ?? 0),
            retryAfterSeconds: failOptions.retryAfterSeconds ?? 60,
          }
        : null
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A repository as GitHub's REST API answers it (the documented example's fields that matter, and a few more). */
function githubRepository(
  repository: FakeRepository,
  account: { login: string; type: 'Organization' | 'User' },
  cloneOrigin: string,
) {
  const name = repository.fullName.split('/').pop()!
  const created = new Date(Date.UTC(2020, 0, 1) + repository.id * 60_000).toISOString().replace(/\.\d+Z$/, 'Z')
  return {
    id: repository.id,
    node_id: Buffer.from(`010:Repository${repository.id}`).toString('base64'),
    name,
    full_name: repository.fullName,
    private: repository.private === true,
    owner: {
      login: account.login,
      id: 1,
      type: account.type,
      site_admin: false,
      html_url: `${cloneOrigin}/${account.login}`,
    },
    html_url: `${cloneOrigin}/${repository.fullName}`,
    description: null,
    fork: repository.fork === true,
    url: `${cloneOrigin}/api/v3/repos/${repository.fullName}`,
    git_url: `git:${cloneOrigin.replace(/^https?:/, '')}/${repository.fullName}.git`,
    ssh_url: `git@127.0.0.1:${repository.fullName}.git`,
    clone_url: `${cloneOrigin}/${repository.fullName}.git`,
    homepage: null,
    language: null,
    forks_count: 0,
    stargazers_count: 0,
    watchers_count: 0,
    size: 108,
    default_branch: repository.defaultBranch ?? 'main',
    open_issues_count: 0,
    is_template: false,
    topics: [],
    has_issues: true,
    has_wiki: true,
    archived: repository.archived === true,
    disabled: false,
    visibility: repository.private ? 'private' : 'public',
    pushed_at: created,
    created_at: created,
    updated_at: created,
    permissions: { admin: false, push: false, pull: true },
  }
}

/** A project as GitLab's "List a group's projects" answers it for an authenticated user (not `simple`). */
function gitlabProject(project: FakeRepository, cloneOrigin: string) {
  const slash = project.fullName.lastIndexOf('/')
  const namespace = project.fullName.slice(0, slash)
  const path = project.fullName.slice(slash + 1)
  const created = new Date(Date.UTC(2020, 0, 1) + project.id * 60_000).toISOString()
  return {
    id: project.id,
    description: null,
    default_branch: project.defaultBranch === undefined ? 'main' : project.defaultBranch,
    visibility: project.private ? 'private' : 'internal',
    ssh_url_to_repo: `git@127.0.0.1:${project.fullName}.git`,
    http_url_to_repo: `${cloneOrigin}/${project.fullName}.git`,
    web_url: `${cloneOrigin}/${project.fullName}`,
    readme_url: `${cloneOrigin}/${project.fullName}/-/blob/main/README.md`,
    topics: [],
    name: path,
    name_with_namespace: project.fullName.split('/').join(' / '),
    path,
    path_with_namespace: project.fullName,
    created_at: created,
    last_activity_at: created,
    namespace: {
      id: 3,
      name: namespace.split('/').pop(),
      path: namespace.split('/').pop(),
      kind: 'group',
      full_path: namespace,
    },
    archived: project.archived === true,
    empty_repo: project.defaultBranch === null,
    forks_count: 0,
    star_count: 0,
    ...(project.fork
      ? {
          forked_from_project: {
            id: project.id + 100_000,
            name: path,
            path,
            path_with_namespace: `upstream/${path}`,
            web_url: `${cloneOrigin}/upstream/${path}`,
          },
        }
      : {}),
    _links: { self: `${cloneOrigin}/api/v4/projects/${project.id}` },
  }
}
