// GitHub (github.com or GitHub Enterprise Server) through @octokit/rest: an organisation's repositories, or a user's
// when the login is not an organisation, every page (Link headers, 100 a page). A token is sent as it is; a GitHub
// App installation signs a JWT with the app's private key and exchanges it for an installation token
// (@octokit/auth-app, which caches it until it expires), then lists what the installation can see.
// docs/decisions/062-code-host-clients.md
import { createAppAuth } from '@octokit/auth-app'
import { Octokit } from '@octokit/rest'
import { type CodeHostClient, CodeHostError, type CodeHostSettings, type HostedRepository } from './code-host.ts'
import {
  basicAuthorization,
  type CodeHostHttpOptions,
  codeHostErrorOf,
  createCodeHostFetch,
  hostedRepositoryOf,
} from './code-host-http.ts'

type GithubSettings = Extract<CodeHostSettings, { kind: 'github' }>

const PER_PAGE = 100
const quiet = { debug() {}, info() {}, warn() {}, error() {} }

export function createGithubClient(settings: GithubSettings, options: CodeHostHttpOptions): CodeHostClient {
  const { auth } = settings
  const baseUrl = settings.apiUrl.replace(/\/+$/, '')
  const fetchWithinPolicy = createCodeHostFetch(options)
  // one app authentication for the client's lifetime, so its installation token is exchanged once and reused
  const appAuth =
    auth.type === 'app'
      ? createAppAuth({
          appId: auth.appId,
          privateKey: auth.privateKey,
          installationId: auth.installationId,
          request: new Octokit({ baseUrl, log: quiet, request: { fetch: fetchWithinPolicy } }).request,
        })
      : null
  // an Octokit per call: its paginator passes on only the defaults' request options, the caller's signal among them
  const octokitFor = (signal?: AbortSignal) =>
    new Octokit({
      baseUrl,
      userAgent: 'Stackatlas',
      log: quiet,
      request: { fetch: fetchWithinPolicy, signal },
      ...(appAuth ? { authStrategy: () => appAuth } : { auth: auth.type === 'token' ? auth.token : undefined }),
    })
  const owner = settings.owner
  const notFound = `GitHub has no organisation or user named ${owner} that these credentials can see.`

  async function* pages(
    octokit: Octokit,
    route: string,
    parameters: Record<string, unknown>,
  ): AsyncGenerator<HostedRepository> {
    for await (const page of octokit.paginate.iterator(route, { ...parameters, per_page: PER_PAGE })) {
      if (!Array.isArray(page.data))
        throw new CodeHostError('bad_answer', 'GitHub answered something other than a list.')
      for (const repository of page.data) yield toHostedRepository(repository)
    }
  }

  return {
    async *listRepositories({ signal } = {}) {
      const octokit = octokitFor(signal)
      try {
        if (auth.type === 'app') {
          // an installation token lists what the installation was granted, on an organisation or a user alike
          for await (const repository of pages(octokit, 'GET /installation/repositories', {})) {
            if (repository.fullName.split('/')[0]?.toLowerCase() === owner.toLowerCase()) yield repository
          }
          return
        }
        let listed = 0
        try {
          for await (const repository of pages(octokit, 'GET /orgs/{org}/repos', { org: owner, type: 'all' })) {
            listed++
            yield repository
          }
          return
        } catch (error) {
          // only a first page's 404 means "no such organisation"
          if (listed > 0 || (error as { status?: number }).status !== 404) throw error
        }
        // not an organisation: the token's own user sees its private repositories too, anyone else only public ones
        const viewer = await octokit.request('GET /user').catch(() => null)
        const isViewer = viewer?.data.login.toLowerCase() === owner.toLowerCase()
        const repositories = isViewer
          ? pages(octokit, 'GET /user/repos', { affiliation: 'owner' })
          : pages(octokit, 'GET /users/{username}/repos', { username: owner, type: 'owner' })
        for await (const repository of repositories) yield repository
      } catch (error) {
        throw githubError(error, notFound)
      }
    },

    async cloneHeaders({ signal } = {}) {
      try {
        const { token } = (await octokitFor(signal).auth({ type: 'installation' })) as { token: string }
        // what GitHub documents for git over https with an installation token; personal tokens work the same way
        return basicAuthorization('x-access-token', token)
      } catch (error) {
        throw githubError(error, notFound)
      }
    },
  }
}

function toHostedRepository(value: unknown): HostedRepository {
  return hostedRepositoryOf('GitHub', value, {
    fullName: 'full_name',
    cloneUrl: 'clone_url',
    webUrl: 'html_url',
    isFork: (repository) => repository.fork === true,
  })
}

/** Octokit's RequestError (or our fetch's CodeHostError inside it) as a CodeHostError; a caller's abort stays one. */
function githubError(error: unknown, notFound: string): unknown {
  if (error instanceof CodeHostError || (error as Error)?.name === 'AbortError') return error
  const failure = error as {
    status?: number
    cause?: unknown
    message?: string
    request?: { url?: string }
    response?: { headers: Record<string, string>; data?: { message?: string } }
  }
  if (failure.cause instanceof CodeHostError) return failure.cause
  if ((failure.cause as Error)?.name === 'AbortError') return failure.cause
  if (typeof failure.status === 'number' && failure.response) {
    const isTokenExchange = /\/app\/installations\/[^/]+\/access_tokens$/.test(failure.request?.url ?? '')
    return codeHostErrorOf('GitHub', failure.status, failure.response.headers, {
      notFound: isTokenExchange ? 'GitHub has no such installation of this GitHub App.' : notFound,
      detail: failure.response.data?.message,
    })
  }
  // @octokit/auth-app signs the JWT itself: a key it cannot read fails before any request
  return new CodeHostError('unauthorized', `The GitHub App credentials could not be used (${failure.message}).`)
}
