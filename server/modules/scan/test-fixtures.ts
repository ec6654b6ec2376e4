// Test helpers for the scanner: local git repositories built from a file map in a temporary folder, and local
// websites served by node:http on loopback. No network beyond 127.0.0.1.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

export interface FixtureRepository {
  /** The working tree (for folder scans). */
  dir: string
  /** file:// URL of the repository's .git folder (for clone scans). */
  url: string
  remove(): void
}

/** Writes the files, commits them, and answers the folder and a file:// URL git can clone shallowly. */
export function createGitRepository(files: Record<string, string>): FixtureRepository {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stackatlas-fixture-'))
  for (const [file, content] of Object.entries(files)) {
    const target = path.join(dir, file)
    fs.mkdirSync(path.dirname(target), { recursive: true })
    fs.writeFileSync(target, content)
  }
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
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env, stdio: 'pipe' })
  git('init', '--quiet', '--initial-branch=main')
  git('add', '--all')
  git('commit', '--quiet', '--message', 'Fixture')
  return {
    dir,
    url: pathToFileURL(path.join(dir, '.git')).href,
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  }
}

export interface FixtureRoute {
  status?: number
  headers?: Record<string, string | string[]>
  body?: string | Buffer
  /** Never answers (for timeout tests). */
  hang?: boolean
  /** Answers after this many milliseconds (for scans that must still be running). */
  delayMs?: number
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
    setTimeout(() => {
      response.writeHead(route.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...route.headers })
      response.end(route.body ?? '')
    }, route.delayMs ?? 0)
  })
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
