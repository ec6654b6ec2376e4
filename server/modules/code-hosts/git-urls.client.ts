// "A plain list of git URLs for anything else" (issue 18): each http(s) URL is one repository, cloned anonymously
// (no headers) from the remote's HEAD. Nothing is asked of any host here; the clone checks the address.
import { type CodeHostClient, CodeHostError, type CodeHostSettings, type HostedRepository } from './code-host.ts'

type GitUrlsSettings = Extract<CodeHostSettings, { kind: 'git' }>

/** A git URL as a repository: 'https://git.example.com/team/api.git' is 'team/api'. Throws on anything but http(s). */
export function repositoryOfGitUrl(text: string): HostedRepository {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    throw new CodeHostError('bad_answer', `"${text}" is not a URL.`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new CodeHostError('bad_answer', `"${text}" is not an http or https URL.`)
  }
  if (url.username || url.password) {
    throw new CodeHostError('bad_answer', `"${url.host}${url.pathname}" holds credentials; give the URL without them.`)
  }
  url.hash = ''
  url.search = ''
  const fullName = decodeURIComponent(url.pathname)
    .replace(/^\/+|\/+$/g, '')
    .replace(/\.git$/, '')
  if (!fullName) throw new CodeHostError('bad_answer', `"${text}" names no repository (its path is empty).`)
  return {
    hostId: url.href,
    fullName,
    cloneUrl: url.href,
    webUrl: null,
    defaultBranch: null,
    archived: false,
    fork: false,
  }
}

export function createGitUrlsClient(settings: GitUrlsSettings): CodeHostClient {
  return {
    async *listRepositories({ signal } = {}) {
      const seen = new Set<string>()
      for (const text of settings.urls) {
        signal?.throwIfAborted()
        const repository = repositoryOfGitUrl(text)
        if (seen.has(repository.hostId)) continue
        seen.add(repository.hostId)
        yield repository
      }
    },
    async cloneHeaders() {
      return {}
    },
  }
}
