// A company's code host (issue 18): where its repositories live, how to list them and how to clone one. The GitHub
// and GitLab clients (github.client.ts, gitlab.client.ts) and a plain list of git URLs (git-urls.client.ts)
// implement CodeHostClient; the sync (code-host sync module) only speaks this interface.

export type CodeHostKind = 'github' | 'gitlab' | 'git'

/** What a company admin connects, secrets included: stored encrypted, never answered by the API. */
export type CodeHostSettings =
  | {
      kind: 'github'
      /** 'https://api.github.com', or a GitHub Enterprise Server's 'https://github.example.com/api/v3'. */
      apiUrl: string
      /** The organisation's (or user's) login whose repositories are synced. */
      owner: string
      auth:
        | { type: 'token'; token: string }
        | { type: 'app'; appId: string; privateKey: string; installationId: string }
    }
  | {
      kind: 'gitlab'
      /** 'https://gitlab.com', or a self-managed instance's address. */
      apiUrl: string
      /** The group's full path ('acme' or 'acme/platform'); its subgroups' projects are included. */
      group: string
      auth: { type: 'token'; token: string }
    }
  | {
      kind: 'git'
      /** The repositories' http(s) clone URLs, one per repository. */
      urls: string[]
    }

export interface HostedRepository {
  /** The host's own id, stable across renames (GitHub's and GitLab's numeric ids); the URL for a plain git URL. */
  hostId: string
  /** 'acme/api' on GitHub, 'acme/platform/api' on GitLab, the URL's path without '.git' for a plain git URL. */
  fullName: string
  /** The https clone URL, without credentials (cloneHeaders() carries them). */
  cloneUrl: string
  /** The repository's page on the host, or null for a plain git URL. */
  webUrl: string | null
  /** null when the host does not say (plain git URLs: the remote's HEAD is cloned). */
  defaultBranch: string | null
  archived: boolean
  fork: boolean
}

export interface CodeHostClient {
  /**
   * Every repository the credentials can see in the organisation or group, all pages, archived ones and forks
   * included (the sync applies the company's filters). Throws CodeHostError when the host refuses or cannot be
   * reached.
   */
  listRepositories(options?: { signal?: AbortSignal }): AsyncIterable<HostedRepository>
  /** HTTP headers git must send to clone this host's private repositories (the token), or {} for none. */
  cloneHeaders(options?: { signal?: AbortSignal }): Promise<Record<string, string>>
}

export type CodeHostErrorCode = 'unauthorized' | 'not_found' | 'rate_limited' | 'unreachable' | 'bad_answer'

/** A refusal or failure of the code host, with a message a company admin can act on. */
export class CodeHostError extends Error {
  readonly code: CodeHostErrorCode
  /** For rate_limited: when the host says to try again. */
  readonly retryAt: Date | undefined

  constructor(code: CodeHostErrorCode, message: string, retryAt?: Date) {
    super(message)
    this.name = 'CodeHostError'
    this.code = code
    this.retryAt = retryAt
  }
}
