// The one place a company's stored settings become a client: the sync takes this function as its dependency, so its
// tests can pass their own. Every request goes through the network policy (code-host-http.ts).
import type { CodeHostClient, CodeHostSettings } from './code-host.ts'
import type { CodeHostHttpOptions } from './code-host-http.ts'
import { createGitUrlsClient } from './git-urls.client.ts'
import { createGithubClient } from './github.client.ts'
import { createGitlabClient } from './gitlab.client.ts'

export type CreateCodeHostClient = (settings: CodeHostSettings) => CodeHostClient

export function createCodeHostClient(settings: CodeHostSettings, options: CodeHostHttpOptions): CodeHostClient {
  switch (settings.kind) {
    case 'github':
      return createGithubClient(settings, options)
    case 'gitlab':
      return createGitlabClient(settings, options)
    case 'git':
      return createGitUrlsClient(settings)
  }
}
