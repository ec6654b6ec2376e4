// What a scan URL points at: a website, a git repository (GitHub, GitLab, Bitbucket, Codeberg, any *.git URL) or,
// from the command line only, a local folder. Also the normalized key under which scans of the same thing
// are joined and reused.
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { isScanUrlFormatValid } from '#contracts/scan.ts'
import type { GitTarget } from './git-repository.ts'

export type ScanTarget =
  | { kind: 'website'; url: string; key: string; hasExplicitScheme: boolean }
  | { kind: 'repository'; url: string; key: string; git: GitTarget }
  | { kind: 'folder'; url: string; key: string; folder: string }

export class ScanUrlError extends Error {
  readonly reason: 'format' | 'scheme'
  constructor(reason: ScanUrlError['reason'], message: string) {
    super(message)
    this.reason = reason
  }
}

export const SCHEME_MESSAGE = 'Only http and https URLs can be scanned.'

/** Code hosts whose /owner/repo pages are repositories, with the path segment that introduces a branch. */
const CODE_HOSTS: Record<string, { branchMarker: string[] }> = {
  'github.com': { branchMarker: ['tree'] },
  'gitlab.com': { branchMarker: ['-', 'tree'] },
  'bitbucket.org': { branchMarker: ['src'] },
  'codeberg.org': { branchMarker: ['src', 'branch'] },
}

/** Where a scan may reach: `allowFolders` only for the command line (`npm run scan -- <folder>`, scan.cli.ts). */
export interface ScanTargetOptions {
  allowPrivateNetworks: boolean
  allowFolders?: boolean
}

/**
 * Parses what the user typed. The spec's format rule (contracts/scan.ts) applies to every URL; when private networks
 * are allowed (tests, internal installations) IP literals and single-label hosts such as localhost are accepted too,
 * since an internal host has no public TLD. A folder (an absolute path or a file:// URL) is the command line's alone:
 * the HTTP API refuses it whatever the settings, so no user can read the server's files (security report F-6,
 * docs/decisions/077-network-reach-flags.md).
 */
export function parseScanTarget(input: string, options: ScanTargetOptions): ScanTarget {
  const raw = input.trim()
  if (/^file:/i.test(raw) || path.isAbsolute(raw) || raw.startsWith('\\')) {
    if (!options.allowFolders) throw new ScanUrlError('scheme', SCHEME_MESSAGE)
    const folder = /^file:/i.test(raw) ? fileURLToPath(raw) : path.resolve(raw)
    const url = pathToFileURL(folder).href
    if (/\.git\/?$/.test(folder)) return { kind: 'repository', url, key: `git:${url}`, git: { cloneUrl: url } }
    return { kind: 'folder', url, key: `file:${folder}`, folder }
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(raw)?.[1]?.toLowerCase()
  if (scheme && scheme !== 'http' && scheme !== 'https' && !/^[^/]*:\d+/.test(raw)) {
    throw new ScanUrlError('scheme', SCHEME_MESSAGE)
  }
  const withScheme = scheme === 'http' || scheme === 'https' ? raw : `https://${raw}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    throw new ScanUrlError('format', 'Url format is invalid.')
  }
  const isInternal =
    options.allowPrivateNetworks && raw.length <= 256 && isInternalStyleHost(url.hostname, Boolean(scheme))
  if (!isScanUrlFormatValid(raw) && !isInternal) throw new ScanUrlError('format', 'Url format is invalid.')
  url.hash = ''
  const host = url.hostname
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/\.$/, '')
  const repository = repositoryOf(url, host)
  if (repository) return repository
  const pathname = url.pathname.replace(/\/+$/, '')
  return {
    kind: 'website',
    url: url.href,
    key: `web:${host}${url.port ? `:${url.port}` : ''}${pathname}${url.search}`,
    hasExplicitScheme: Boolean(scheme),
  }
}

/** IP literals, localhost and internal names; a single-label host ('intranet') only with an explicit scheme. */
function isInternalStyleHost(hostname: string, hasScheme: boolean): boolean {
  const host = hostname.replace(/^\[|\]$/g, '')
  if (net.isIP(host) !== 0 || host === 'localhost' || /\.(localhost|local|internal|lan)$/i.test(host)) return true
  return hasScheme && /^[a-z0-9-]+$/i.test(host)
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

function repositoryOf(url: URL, host: string): ScanTarget | null {
  const segments = url.pathname.split('/').filter(Boolean)
  const codeHost = CODE_HOSTS[host]
  if (codeHost && segments.length >= 2) {
    // GitLab groups nest (/group/subgroup/project/-/tree/main): the project path ends where '-' begins
    const dash = host === 'gitlab.com' ? segments.indexOf('-') : -1
    const projectSegments = dash > 0 ? segments.slice(0, dash) : segments.slice(0, 2)
    const rest = dash > 0 ? segments.slice(dash) : segments.slice(2)
    const project = projectSegments.join('/').replace(/\.git$/i, '')
    const marker = codeHost.branchMarker
    const isBranch = marker.every((segment, index) => rest[index] === segment) && rest.length > marker.length
    // a branch name may hold slashes (feature/x), ambiguous with a folder path: the clone asks the remote which
    // leading part is a branch (git-repository.ts findBranch)
    const branchPath = isBranch ? rest.slice(marker.length).map(safeDecode).join('/') : undefined
    const cloneUrl = `https://${host}/${project}.git`
    return {
      kind: 'repository',
      url: `https://${host}/${project}${branchPath ? `/${marker.join('/')}/${branchPath}` : ''}`,
      key: `git:${host}/${project.toLowerCase()}${branchPath ? `#${branchPath}` : ''}`,
      git: { cloneUrl, ...(branchPath ? { branchPath } : {}) },
    }
  }
  if (/\.git$/i.test(url.pathname)) {
    return {
      kind: 'repository',
      url: url.href,
      key: `git:${host}${url.port ? `:${url.port}` : ''}${url.pathname.toLowerCase()}`,
      git: { cloneUrl: url.href },
    }
  }
  return null
}

/** Path segments that, on a self-hosted forge, introduce a branch: GitLab /-/tree/, Gitea and Forgejo /src/branch/. */
const FORGE_BRANCH_MARKERS = [['-', 'tree'], ['src', 'branch'], ['tree']]

/**
 * Where a website URL could be a git repository on a host we do not know (self-hosted GitLab, Gitea, sr.ht, cgit):
 * the repository's URL to probe over smart HTTP and the branch part, or null for a site's root, which is a website.
 */
export function possibleRepositoryOf(pageUrl: string): { base: string; branchPath?: string } | null {
  const url = new URL(pageUrl)
  const segments = url.pathname.split('/').filter(Boolean)
  if (segments.length === 0) return null
  url.search = ''
  url.hash = ''
  for (const marker of FORGE_BRANCH_MARKERS) {
    for (let start = 1; start + marker.length < segments.length; start++) {
      if (!marker.every((segment, index) => segments[start + index] === segment)) continue
      url.pathname = `/${segments.slice(0, start).join('/')}`
      return {
        base: url.href,
        branchPath: segments
          .slice(start + marker.length)
          .map(safeDecode)
          .join('/'),
      }
    }
  }
  const dash = segments.indexOf('-')
  url.pathname = `/${(dash > 0 ? segments.slice(0, dash) : segments).join('/')}`
  return { base: url.href }
}
