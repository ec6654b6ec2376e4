// Test helpers for the scanner: local git repositories built from a file map in a temporary folder, and local
// websites served by node:http on loopback. No network beyond 127.0.0.1.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import zlib from 'node:zlib'

export interface FixtureRepository {
  /** The working tree (for folder scans). */
  dir: string
  /** file:// URL of the repository's .git folder (for clone scans). */
  url: string
  remove(): void
}

/**
 * Writes the files, commits them on main (and on each of `branches`, its files added to main's), and answers the
 * folder and a file:// URL git can clone shallowly.
 */
export function createGitRepository(
  files: Record<string, string>,
  branches: Record<string, Record<string, string>> = {},
): FixtureRepository {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stackatlas-fixture-'))
  for (const [file, content] of Object.entries(files)) {
    const target = path.join(dir, file)
    fs.mkdirSync(path.dirname(target), { recursive: true })
    fs.writeFileSync(target, content)
  }
  const git = gitIn(dir)
  git('init', '--quiet', '--initial-branch=main')
  git('add', '--all')
  git('commit', '--quiet', '--message', 'Fixture')
  for (const [branch, branchFiles] of Object.entries(branches)) {
    git('checkout', '--quiet', '-b', branch, 'main')
    for (const [file, content] of Object.entries(branchFiles)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
      fs.writeFileSync(path.join(dir, file), content)
    }
    git('add', '--all')
    git('commit', '--quiet', '--message', `Fixture ${branch}`)
  }
  if (Object.keys(branches).length > 0) git('checkout', '--quiet', 'main')
  return {
    dir,
    url: pathToFileURL(path.join(dir, '.git')).href,
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  }
}

/** git in a fixture's working tree, with no user or system configuration and a fixed author. */
function gitIn(dir: string) {
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: dir,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_AUTHOR_NAME: 'Fixture',
    GIT_AUTHOR_EMAIL: 'fixture@example.test',
    GIT_COMMITTER_NAME: 'Fixture',
    GIT_COMMITTER_EMAIL: 'fixture@example.test',
  }
  return (...args: string[]) => execFileSync('git', args, { cwd: dir, env, stdio: 'pipe' })
}

/** Writes (or, for null, deletes) files in a fixture's working tree, commits them and answers the new commit. */
export function commitFiles(repository: FixtureRepository, files: Record<string, string | null>): string {
  for (const [file, content] of Object.entries(files)) {
    const target = path.join(repository.dir, file)
    if (content === null) fs.rmSync(target, { force: true })
    else {
      fs.mkdirSync(path.dirname(target), { recursive: true })
      fs.writeFileSync(target, content)
    }
  }
  const git = gitIn(repository.dir)
  git('add', '--all')
  git('commit', '--quiet', '--message', 'Change')
  return headOf(repository)
}

export function headOf(repository: FixtureRepository): string {
  return gitIn(repository.dir)('rev-parse', 'HEAD').toString().trim()
}

export interface FixtureRoute {
  status?: number
  headers?: Record<string, string | string[]>
  body?: string | Buffer
  /** Never answers (for timeout tests). */
  hang?: boolean
  /** Answers after this many milliseconds (for scans that must still be running). */
  delayMs?: number
  /** Answers once this settles (a test holds a scan in a stage, then lets it go on). */
  release?: Promise<void>
}

export interface FixtureSite {
  origin: string
  port: number
  requests: string[]
  close(): Promise<void>
}

/** Serves fixed routes on 127.0.0.1 at a free port; unknown paths answer 404. */
export async function serveSite(routes: Record<string, FixtureRoute>): Promise<FixtureSite> {
  const requests: string[] = []
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '')
    const route = routes[request.url ?? '/']
    if (!route) {
      response.writeHead(404, { 'content-type': 'text/html' })
      response.end('<html><body>Not found</body></html>')
      return
    }
    if (route.hang) return
    const answer = () => {
      response.writeHead(route.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...route.headers })
      response.end(route.body ?? '')
    }
    if (route.release) route.release.then(answer, answer)
    else setTimeout(answer, route.delayMs ?? 0)
  })
  return listenOnLoopback(server, requests)
}

/**
 * A git server over smart HTTP on 127.0.0.1, as git's http-backend answers (a self-hosted forge): each key of
 * `repositories` is a URL path ('/team/app.git') served from a fixture repository's folder; `redirects` answers 301
 * from a path prefix to a URL.
 */
export async function serveGitOverHttp(
  repositories: Record<string, string>,
  redirects: Record<string, string> = {},
): Promise<FixtureSite> {
  const requests: string[] = []
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fixture')
    requests.push(`${request.method} ${url.pathname}${url.search}`)
    for (const [prefix, target] of Object.entries(redirects)) {
      if (url.pathname.startsWith(prefix)) {
        response.writeHead(301, { location: `${target}${url.pathname.slice(prefix.length)}${url.search}` })
        response.end()
        return
      }
    }
    const match = Object.entries(repositories).find(([prefix]) => url.pathname.startsWith(`${prefix}/`))
    const service = url.pathname.slice(match?.[0].length ?? 0)
    const isAdvertisement = service === '/info/refs' && url.searchParams.get('service') === 'git-upload-pack'
    if (!match || !(isAdvertisement || (service === '/git-upload-pack' && request.method === 'POST'))) {
      response.writeHead(404, { 'content-type': 'text/html' })
      response.end('<html><body>Not found</body></html>')
      return
    }
    const protocol = String(request.headers['git-protocol'] ?? '')
    const upload = spawn(
      'git',
      ['upload-pack', '--stateless-rpc', ...(isAdvertisement ? ['--advertise-refs'] : []), match[1]],
      {
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          GIT_CONFIG_NOSYSTEM: '1',
          GIT_CONFIG_GLOBAL: '/dev/null',
          GIT_PROTOCOL: protocol,
        },
      },
    )
    response.writeHead(200, {
      'content-type': `application/x-git-upload-pack-${isAdvertisement ? 'advertisement' : 'result'}`,
      'cache-control': 'no-cache',
    })
    if (isAdvertisement && !protocol.includes('version=2')) {
      // protocol v0 and v1 open with the service line (git's http-backend)
      const line = '# service=git-upload-pack\n'
      response.write(`${(line.length + 4).toString(16).padStart(4, '0')}${line}0000`)
    }
    upload.stdout.pipe(response)
    upload.stdin.on('error', () => {})
    if (isAdvertisement) upload.stdin.end()
    else {
      const body = request.headers['content-encoding'] === 'gzip' ? request.pipe(zlib.createGunzip()) : request
      body.pipe(upload.stdin)
    }
  })
  return listenOnLoopback(server, requests)
}

async function listenOnLoopback(server: http.Server, requests: string[]): Promise<FixtureSite> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export interface StallingHost {
  port: number
  /** Connections accepted so far. */
  connections(): number
  close(): Promise<void>
}

/**
 * A loopback TCP server that accepts and then stalls (hosts that hang a scan): 'silent' never sends a byte (so a
 * TLS handshake never completes either), 'headers' sends an HTML response's headers and then nothing, 'drip' sends
 * one byte of body every 100 ms for ever.
 */
export async function serveSilentHost(mode: 'silent' | 'headers' | 'drip' = 'silent'): Promise<StallingHost> {
  const sockets = new Set<net.Socket>()
  let accepted = 0
  const server = net.createServer((socket) => {
    accepted++
    sockets.add(socket)
    socket.on('error', () => {})
    socket.on('close', () => sockets.delete(socket))
    if (mode === 'silent') return
    socket.write('HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ntransfer-encoding: chunked\r\n\r\n')
    if (mode === 'drip') {
      const timer = setInterval(() => socket.writable && socket.write('1\r\n<\r\n'), 100)
      socket.on('close', () => clearInterval(timer))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
