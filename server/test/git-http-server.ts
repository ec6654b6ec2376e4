// A real git server over smart HTTP for the code-host tests: git's own `git http-backend` run as a CGI program behind
// a small node:http handler on 127.0.0.1, serving the bare repositories under a folder ('acme/api.git' is served at
// /acme/api.git). It can require an Authorization header, to prove a client's cloneHeaders() reach git, and it
// records what it was asked. (scan-servers.ts serveGitOverHttp runs upload-pack itself for the scanner's tests; this
// one is the http-backend a self-hosted forge puts behind its web server.)
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createGitRepository } from './scan-servers.ts'

export interface GitHttpServer {
  origin: string
  /** The folder of bare repositories. */
  root: string
  /** Each request: method, path and query, and the Authorization header it carried (or null). */
  requests: { method: string; url: string; authorization: string | null }[]
  /**
   * Commits `files` as a bare repository at `<root>/<fullName>.git` (branch main) and answers its head commit; a
   * repository already there is replaced, so its head moves to a new commit.
   */
  addRepository(fullName: string, files: Record<string, string>): string
  close(): Promise<void>
}

const GIT_ENV = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
}

/** `git --exec-path`: where http-backend lives (/usr/lib/git-core on Debian). */
function gitHttpBackend(): string {
  const execPath = execFileSync('git', ['--exec-path'], { env: GIT_ENV }).toString().trim()
  return path.join(execPath, 'git-http-backend')
}

export async function startGitHttpServer(options: { authorization?: string } = {}): Promise<GitHttpServer> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stackatlas-git-http-'))
  const backend = gitHttpBackend()
  const requests: GitHttpServer['requests'] = []

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://git')
    const authorization = request.headers.authorization ?? null
    requests.push({ method: request.method ?? 'GET', url: `${url.pathname}${url.search}`, authorization })
    if (options.authorization && authorization !== options.authorization) {
      request.resume()
      response.writeHead(401, { 'www-authenticate': 'Basic realm="git"', 'content-type': 'text/plain' })
      response.end('Authentication required\n')
      return
    }
    // the CGI environment http-backend reads (git-http-backend(1)); nothing of the test process leaks into it
    const child = spawn(backend, [], {
      env: {
        ...GIT_ENV,
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        REQUEST_METHOD: request.method ?? 'GET',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: request.headers['content-type'] ?? '',
        ...(request.headers['content-length'] ? { CONTENT_LENGTH: request.headers['content-length'] } : {}),
        ...(request.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: request.headers['content-encoding'] } : {}),
        ...(request.headers['git-protocol'] ? { GIT_PROTOCOL: String(request.headers['git-protocol']) } : {}),
        REMOTE_ADDR: request.socket.remoteAddress ?? '127.0.0.1',
        SERVER_PROTOCOL: 'HTTP/1.1',
      },
      stdio: ['pipe', 'pipe', 'ignore'],
    })
    request.pipe(child.stdin)
    child.stdin.on('error', () => {})
    // CGI answers headers, a blank line, then the body; Status: sets the code
    let head = Buffer.alloc(0)
    let headersSent = false
    child.stdout.on('data', (chunk: Buffer) => {
      if (headersSent) {
        response.write(chunk)
        return
      }
      head = Buffer.concat([head, chunk])
      const end = head.indexOf('\r\n\r\n')
      const separator = end === -1 ? head.indexOf('\n\n') : end
      if (separator === -1) return
      const lines = head.subarray(0, separator).toString('latin1').split(/\r?\n/)
      let status = 200
      const headers: Record<string, string> = {}
      for (const line of lines) {
        const colon = line.indexOf(':')
        if (colon === -1) continue
        const name = line.slice(0, colon).trim()
        const value = line.slice(colon + 1).trim()
        if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10) || 200
        else headers[name] = value
      }
      response.writeHead(status, headers)
      headersSent = true
      response.write(head.subarray(separator + (end === -1 ? 2 : 4)))
    })
    child.on('close', () => {
      if (!headersSent) response.writeHead(502)
      response.end()
    })
    child.on('error', () => {
      if (!headersSent) response.writeHead(500)
      response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))

  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    root,
    requests,
    addRepository(fullName, files) {
      const work = createGitRepository(files)
      try {
        const bare = path.join(root, `${fullName}.git`)
        fs.rmSync(bare, { recursive: true, force: true })
        fs.mkdirSync(path.dirname(bare), { recursive: true })
        execFileSync('git', ['clone', '--quiet', '--bare', work.dir, bare], { env: GIT_ENV, stdio: 'pipe' })
        return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: bare, env: GIT_ENV }).toString().trim()
      } finally {
        work.remove()
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => {
          fs.rmSync(root, { recursive: true, force: true })
          resolve()
        })
      }),
  }
}
