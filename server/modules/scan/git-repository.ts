// Shallow, locked-down clones of user-given git URLs. The clone is bare (no checkout: nothing of the repository is
// written as files, so its symlinks, hooks and attributes cannot act); files are listed with `git ls-tree` and read
// with `git cat-file --batch`. The folder is removed afterwards. docs/scanner.md "Safety"
import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { SCAN_EMPTY_MESSAGE } from '#contracts/scan.ts'
import {
  type FileSource,
  isSkippedPath,
  MAX_FILES,
  MAX_MANIFEST_BYTES,
  type RepositoryFile,
} from './repository-analyzer.ts'
import { type NetworkPolicy, resolveAllowedAddresses, ScanRefusedError } from './ssrf.ts'

/**
 * 20 s to clone: with the analysis, a scan ends within scan.service.ts SCAN_LIMITS.maxDurationMs (25 s), before the
 * wizard gives up at 30 s (spec §9). readTimeoutMs bounds listing and reading the clone's files.
 */
export const CLONE_LIMITS = { timeoutMs: 20_000, readTimeoutMs: 10_000, maxBytes: 300 * 1024 * 1024 }

export interface GitTarget {
  /** What git clones: 'https://github.com/owner/repo.git' or 'file:///path/repo'. */
  cloneUrl: string
  branch?: string
  /**
   * What followed the branch marker of a code-host URL (/tree/feature/x/src): a branch name may hold slashes, so
   * the branch is the longest leading part that names one of the remote's branches (findBranch).
   */
  branchPath?: string
  /**
   * HTTP headers git sends to the remote (a code host's token: CodeHostClient.cloneHeaders()). They reach git through
   * GIT_CONFIG_COUNT/KEY/VALUE as http.extraHeader, never in its arguments or the URL, so no process listing or error
   * message shows them.
   */
  headers?: Record<string, string>
}

export interface ClonedRepository {
  source: FileSource
  remove(): Promise<void>
}

interface RunResult {
  code: number | null
  stdout: Buffer
  stderr: string
}

/**
 * Runs git with no user or system configuration, no credentials, no prompts, no proxies. A git host that hangs ends
 * at the timeout with the spec's "nothing found" (decision 040).
 */
function runGit(
  args: string[],
  options: {
    cwd?: string
    home: string
    input?: string
    timeoutMs: number
    onTick?: () => Promise<boolean>
    /** Configuration given through the environment (git-config(1) GIT_CONFIG_COUNT), not the command line. */
    environmentConfig?: [key: string, value: string][]
  },
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      cwd: options.cwd,
      detached: true, // its own process group, so a timeout kills git and every helper it started
      stdio: ['pipe', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: options.home,
        LANG: 'C',
        GIT_TERMINAL_PROMPT: '0',
        GIT_ASKPASS: '',
        SSH_ASKPASS: '',
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_LFS_SKIP_SMUDGE: '1',
        GIT_PROTOCOL_FROM_USER: '0',
        ...environmentConfigOf(options.environmentConfig ?? []),
      },
    })
    const stdout: Buffer[] = []
    let stderr = ''
    let finished = false
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL')
      } catch {}
    }
    const timer = setTimeout(() => {
      kill()
      if (!finished) {
        finished = true
        reject(new ScanRefusedError('fetch_failed', SCAN_EMPTY_MESSAGE))
      }
    }, options.timeoutMs)
    let ticker: NodeJS.Timeout | undefined
    if (options.onTick) {
      const onTick = options.onTick
      ticker = setInterval(() => {
        onTick().then((stop) => {
          if (stop && !finished) {
            kill()
            finished = true
            clearTimeout(timer)
            clearInterval(ticker)
            reject(new ScanRefusedError('fetch_failed', 'The repository is too large to scan.'))
          }
        })
      }, 250)
    }
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 10_000) stderr += chunk.toString()
    })
    child.on('error', (error) => {
      if (finished) return
      finished = true
      clearTimeout(timer)
      clearInterval(ticker)
      reject(error)
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      clearInterval(ticker)
      if (finished) return
      finished = true
      resolve({ code, stdout: Buffer.concat(stdout), stderr })
    })
    child.stdin.on('error', () => {})
    child.stdin.end(options.input ?? '')
  })
}

function environmentConfigOf(entries: [string, string][]): Record<string, string> {
  if (entries.length === 0) return {}
  const environment: Record<string, string> = { GIT_CONFIG_COUNT: String(entries.length) }
  entries.forEach(([key, value], index) => {
    environment[`GIT_CONFIG_KEY_${index}`] = key
    environment[`GIT_CONFIG_VALUE_${index}`] = value
  })
  return environment
}

/** A target's headers as http.extraHeader entries; a name or value that could split a header line is refused. */
function extraHeaders(headers: Record<string, string> = {}): [string, string][] {
  return Object.entries(headers).map(([name, value]) => {
    if (!/^[A-Za-z0-9-]+$/.test(name) || /[\r\n\0]/.test(value)) {
      throw new ScanRefusedError('fetch_failed', 'A header for the git host is not valid.')
    }
    return ['http.extraHeader', `${name}: ${value}`]
  })
}

async function folderSize(folder: string): Promise<number> {
  let total = 0
  const entries = await fs.readdir(folder, { withFileTypes: true, recursive: true }).catch(() => [])
  await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const stat = await fs.stat(path.join(entry.parentPath, entry.name)).catch(() => null)
        total += stat?.size ?? 0
      }),
  )
  return total
}

/**
 * The -c options of every clone: only the allowed transports, no redirects (a redirect could lead to a host we did
 * not check), no hooks, no credential helpers, no LFS filters, and the checked addresses pinned for the host.
 */
function cloneConfig(url: URL, addresses: string[], allowFile: boolean): string[] {
  const config = [
    'protocol.allow=never',
    'protocol.https.allow=always',
    'protocol.http.allow=always',
    `protocol.file.allow=${allowFile ? 'always' : 'never'}`,
    'http.followRedirects=false',
    'http.proxy=',
    'credential.helper=',
    'core.hooksPath=/dev/null',
    'core.askPass=',
    'core.symlinks=false',
    'filter.lfs.smudge=',
    'filter.lfs.process=',
    'filter.lfs.required=false',
    'submodule.recurse=false',
  ]
  if (url.protocol !== 'file:' && addresses.length > 0) {
    const port = url.port || (url.protocol === 'https:' ? '443' : '80')
    const pinned = addresses.map((address) => (address.includes(':') ? `[${address}]` : address)).join(',')
    config.push(`http.curloptResolve=${url.hostname}:${port}:${pinned}`)
  }
  return config.flatMap((entry) => ['-c', entry])
}

/** The remote's URL and the addresses git may connect to, checked: the same guard for every command that talks to it. */
async function checkedRemote(cloneUrl: string, policy: NetworkPolicy): Promise<{ url: URL; addresses: string[] }> {
  const url = new URL(cloneUrl)
  let addresses: string[] = []
  if (url.protocol === 'file:') {
    if (!policy.allowPrivateNetworks) throw new ScanRefusedError('scheme', 'Only http and https URLs can be scanned.')
  } else if (url.protocol === 'https:' || url.protocol === 'http:') {
    // resolved and checked here; curl then connects to exactly these addresses (http.curloptResolve)
    addresses = (await resolveAllowedAddresses(url.hostname, policy)).map((entry) => entry.address)
  } else {
    throw new ScanRefusedError('scheme', 'Only http and https URLs can be scanned.')
  }
  if (url.username || url.password) throw new ScanRefusedError('scheme', 'URLs with credentials cannot be scanned.')
  return { url, addresses }
}

/**
 * The branch a code-host path names: 'feature/x/src/lib' is branch 'feature/x' when the remote has it. Asks the
 * remote for the heads under each leading part (`git ls-remote --heads`, through the same pinned, redirect-free
 * configuration as the clone) and takes the longest that exists; the first segment when none does.
 */
export async function findBranch(
  cloneUrl: string,
  branchPath: string,
  policy: NetworkPolicy,
  limits: { timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<string> {
  const segments = branchPath.split('/').filter(Boolean)
  if (segments.length <= 1) return segments[0] ?? branchPath
  const candidates = segments.map((_segment, index) => segments.slice(0, index + 1).join('/'))
  const { url, addresses } = await checkedRemote(cloneUrl, policy)
  const home = await fs.mkdtemp(path.join(os.tmpdir(), 'stackatlas-scan-'))
  try {
    const result = await runGit(
      [
        ...cloneConfig(url, addresses, policy.allowPrivateNetworks),
        'ls-remote',
        '--heads',
        '--',
        url.href,
        ...candidates.map((candidate) => `refs/heads/${candidate}`),
      ],
      { home, timeoutMs: limits.timeoutMs ?? 5_000, environmentConfig: extraHeaders(limits.headers) },
    )
    if (result.code !== 0) throw new ScanRefusedError('fetch_failed', cloneFailure(result.stderr, limits.headers))
    const heads = new Set(
      result.stdout
        .toString('utf8')
        .split('\n')
        .map((line) => /\trefs\/heads\/(.+)$/.exec(line)?.[1])
        .filter((head): head is string => Boolean(head)),
    )
    return candidates.findLast((candidate) => heads.has(candidate)) ?? segments[0]!
  } finally {
    await fs.rm(home, { recursive: true, force: true })
  }
}

/**
 * The commit the remote's branch (its HEAD when none is given) points at, without cloning: a code-host sync skips a
 * repository whose commit it already scanned (decision 063).
 */
export async function findRemoteCommit(
  target: Pick<GitTarget, 'cloneUrl' | 'branch' | 'headers'>,
  policy: NetworkPolicy,
  limits: { timeoutMs?: number } = {},
): Promise<string> {
  const { url, addresses } = await checkedRemote(target.cloneUrl, policy)
  const home = await fs.mkdtemp(path.join(os.tmpdir(), 'stackatlas-scan-'))
  try {
    const ref = target.branch ? `refs/heads/${target.branch}` : 'HEAD'
    const result = await runGit(
      [...cloneConfig(url, addresses, policy.allowPrivateNetworks), 'ls-remote', '--', url.href, ref],
      {
        home,
        timeoutMs: limits.timeoutMs ?? CLONE_LIMITS.readTimeoutMs,
        environmentConfig: extraHeaders(target.headers),
      },
    )
    if (result.code !== 0) throw new ScanRefusedError('fetch_failed', cloneFailure(result.stderr, target.headers))
    const commit = /^([0-9a-f]{40,64})\t/m.exec(result.stdout.toString('utf8'))?.[1]
    if (!commit) throw new ScanRefusedError('fetch_failed', 'The repository has no commits to scan.')
    return commit
  } finally {
    await fs.rm(home, { recursive: true, force: true })
  }
}

/** Clones a repository shallowly into a temporary folder, within the time and size caps. */
export async function cloneRepository(
  target: GitTarget,
  policy: NetworkPolicy,
  limits: Partial<typeof CLONE_LIMITS> = {},
): Promise<ClonedRepository> {
  const { timeoutMs, readTimeoutMs, maxBytes } = { ...CLONE_LIMITS, ...limits }
  const { url, addresses } = await checkedRemote(target.cloneUrl, policy)
  const environmentConfig = extraHeaders(target.headers)
  const branch =
    target.branch ??
    (target.branchPath
      ? await findBranch(target.cloneUrl, target.branchPath, policy, { headers: target.headers })
      : undefined)

  const home = await fs.mkdtemp(path.join(os.tmpdir(), 'stackatlas-scan-'))
  const repository = path.join(home, 'repository.git')
  const remove = () => fs.rm(home, { recursive: true, force: true })
  try {
    const args = [
      ...cloneConfig(url, addresses, policy.allowPrivateNetworks),
      'clone',
      '--bare',
      '--depth',
      '1',
      '--single-branch',
      '--no-tags',
      '--template=',
      ...(branch ? ['--branch', branch] : []),
      '--',
      url.href,
      repository,
    ]
    const clone = await runGit(args, {
      home,
      timeoutMs,
      onTick: async () => (await folderSize(repository)) > maxBytes,
      environmentConfig,
    })
    if (clone.code !== 0) throw new ScanRefusedError('fetch_failed', cloneFailure(clone.stderr, target.headers))
    if ((await folderSize(repository)) > maxBytes)
      throw new ScanRefusedError('fetch_failed', 'The repository is too large to scan.')
    const files = await listFiles(repository, home, readTimeoutMs)
    return { source: { files, read: (paths) => readFiles(repository, home, paths, readTimeoutMs) }, remove }
  } catch (error) {
    await remove()
    throw error
  }
}

function cloneFailure(stderr: string, headers?: Record<string, string>): string {
  if (/not found|does not exist|Repository not found|404/i.test(stderr)) {
    return 'We could not find that repository (it may be private).'
  }
  if (/Remote branch .* not found/i.test(stderr)) return 'That branch does not exist.'
  if (/Authentication|could not read Username|403/i.test(stderr)) {
    if (headers && Object.keys(headers).length > 0) return 'The code host did not accept our credentials for it.'
    return 'That repository is private; only public repositories can be scanned.'
  }
  return 'We could not clone that repository.'
}

async function listFiles(repository: string, home: string, timeoutMs: number): Promise<RepositoryFile[]> {
  const result = await runGit(['ls-tree', '-r', '-l', '-z', '--full-tree', 'HEAD'], {
    cwd: repository,
    home,
    timeoutMs,
  })
  if (result.code !== 0) throw new ScanRefusedError('fetch_failed', 'The repository has no commits to scan.')
  const files: RepositoryFile[] = []
  for (const entry of result.stdout.toString('utf8').split('\0')) {
    // "<mode> <type> <object> <size>\t<path>": regular files only (no symlinks 120000, no submodules 160000)
    const match = /^(100644|100755) blob [0-9a-f]+\s+(\d+)\t([\s\S]+)$/.exec(entry)
    if (!match || isSkippedPath(match[3]!)) continue
    files.push({ path: match[3]!, size: Number(match[2]) })
    if (files.length >= MAX_FILES) break
  }
  return files
}

async function readFiles(
  repository: string,
  home: string,
  paths: string[],
  timeoutMs: number,
): Promise<Map<string, string>> {
  const texts = new Map<string, string>()
  const wanted = paths.filter((file) => !file.includes('\n'))
  if (wanted.length === 0) return texts
  const result = await runGit(['cat-file', '--batch'], {
    cwd: repository,
    home,
    input: wanted.map((file) => `HEAD:${file}\n`).join(''),
    timeoutMs,
  })
  // each answer: "<object> blob <size>\n<content>\n", or "<name> missing\n"
  const output = result.stdout
  let offset = 0
  for (const file of wanted) {
    const newline = output.indexOf(10, offset)
    if (newline === -1) break
    const header = output.subarray(offset, newline).toString('utf8')
    offset = newline + 1
    const blob = /^[0-9a-f]+ blob (\d+)$/.exec(header)
    if (!blob) continue
    const size = Number(blob[1])
    if (size <= MAX_MANIFEST_BYTES) texts.set(file, output.subarray(offset, offset + size).toString('utf8'))
    offset += size + 1
  }
  return texts
}
