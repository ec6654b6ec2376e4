// GitLab (gitlab.com or a self-managed instance at its own address) through @gitbeaker/rest: a group's projects,
// its subgroups' included, one page of 100 at a time (offset pagination by X-Next-Page: GitLab's keyset pagination
// is not offered for a group's projects). Gitbeaker's own requester retries 429s ten times in a few milliseconds and
// drops the Retry-After, so ours sends each request once through codeHostFetch and maps refusals to CodeHostError.
// docs/decisions/062-code-host-clients.md
import { createRequesterFn, type RequestOptions } from '@gitbeaker/requester-utils'
import { Groups } from '@gitbeaker/rest'
import { type CodeHostClient, CodeHostError, type CodeHostSettings, type HostedRepository } from './code-host.ts'
import {
  basicAuthorization,
  type CodeHostHttpOptions,
  codeHostErrorOf,
  createCodeHostFetch,
  hostedRepositoryOf,
} from './code-host-http.ts'

type GitlabSettings = Extract<CodeHostSettings, { kind: 'gitlab' }>

const PER_PAGE = 100

export function createGitlabClient(settings: GitlabSettings, options: CodeHostHttpOptions): CodeHostClient {
  const fetchWithinPolicy = createCodeHostFetch(options)
  // 'https://gitlab.example.com' or its API address: gitbeaker adds /api/v4 itself
  const host = settings.apiUrl.replace(/\/+$/, '').replace(/\/api\/v4$/, '')
  const notFound = `GitLab has no group ${settings.group} that this token can see.`

  function groupsFor(signal: AbortSignal | undefined) {
    const requesterFn = createRequesterFn(
      (_service, defaults) => Promise.resolve(defaults),
      (endpoint, request) => sendOnce(fetchWithinPolicy, endpoint, request as RequestOptions, signal, notFound),
    )
    // queryTimeout 0: codeHostFetch bounds each request (and says which host did not answer)
    return new Groups({ host, token: settings.auth.token, requesterFn, queryTimeout: 0 })
  }

  return {
    async *listRepositories({ signal } = {}) {
      const groups = groupsFor(signal)
      let page: number | null = 1
      while (page !== null) {
        const answer = (await groups.allProjects(settings.group, {
          includeSubgroups: true,
          withShared: false,
          orderBy: 'id',
          sort: 'asc',
          perPage: PER_PAGE,
          page,
          showExpanded: true,
        })) as unknown as { data?: unknown; paginationInfo?: { next: number | null } }
        if (!Array.isArray(answer.data) || !answer.paginationInfo) {
          throw new CodeHostError('bad_answer', 'GitLab answered something other than a list of projects.')
        }
        for (const project of answer.data) yield toHostedRepository(project)
        const next = answer.paginationInfo.next
        page = next !== null && next > page ? next : null
      }
    },

    async cloneHeaders() {
      // GitLab takes a token as the password of any user name over https; 'oauth2' is the documented one
      return basicAuthorization('oauth2', settings.auth.token)
    },
  }
}

/** One request, no retries: a refusal becomes a CodeHostError with GitLab's Retry-After or RateLimit-Reset. */
async function sendOnce(
  fetchWithinPolicy: typeof fetch,
  endpoint: string,
  request: RequestOptions,
  callerSignal: AbortSignal | undefined,
  notFound: string,
) {
  const url = new URL(endpoint, request.prefixUrl?.endsWith('/') ? request.prefixUrl : `${request.prefixUrl}/`)
  url.search = request.searchParams ?? ''
  const signals = [request.signal, callerSignal].filter((signal): signal is AbortSignal => signal !== undefined)
  const response = await fetchWithinPolicy(url, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body as BodyInit | undefined,
    signal: signals.length > 0 ? AbortSignal.any(signals) : undefined,
  })
  const headers = Object.fromEntries(response.headers)
  const text = await response.text()
  let body: unknown = text
  if ((headers['content-type'] ?? '').startsWith('application/json')) {
    try {
      body = JSON.parse(text)
    } catch {
      throw new CodeHostError('bad_answer', 'GitLab answered JSON that could not be read.')
    }
  }
  if (!response.ok) {
    const message = (body as { message?: unknown; error?: unknown } | null) ?? {}
    const detail = typeof message.message === 'string' ? message.message : undefined
    throw codeHostErrorOf('GitLab', response.status, headers, { notFound, detail })
  }
  return { body: body as Record<string, unknown>, headers, status: response.status }
}

function toHostedRepository(value: unknown): HostedRepository {
  return hostedRepositoryOf('GitLab', value, {
    fullName: 'path_with_namespace',
    cloneUrl: 'http_url_to_repo',
    webUrl: 'web_url',
    // GitLab names the source of a fork; absent or null for a project that is not one
    isFork: (project) => project.forked_from_project !== undefined && project.forked_from_project !== null,
  })
}
