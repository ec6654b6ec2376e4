// The scan engine: the four stages in order for every kind of target, what is found before the mapping stage,
// git repositories behind URLs of hosts we do not know (smart HTTP), branches with slashes, and stylesheets read for
// the css fingerprints. Fixture sites and git servers listen on 127.0.0.1 (private networks allowed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createGitRepository,
  type FixtureRepository,
  type FixtureSite,
  serveGitOverHttp,
  serveSite,
} from '../../test/scan-servers.ts'
import { findBranch } from './git-repository.ts'
import { probeGitRepository } from './page-fetcher.ts'
import { collectSignals, type EngineProgress, type EngineStage } from './scan-engine.ts'
import { parseScanTarget } from './scan-target.ts'
import type { Signal } from './signals.ts'

const ALLOWED = { allowPrivateNetworks: true }

let site: FixtureSite
let git: FixtureSite
let repository: FixtureRepository

beforeAll(async () => {
  repository = createGitRepository(
    {
      'package.json': JSON.stringify({ name: 'app', dependencies: { express: '^4.19.2' } }),
      'index.js': 'module.exports = 42\n'.repeat(10),
    },
    { 'feature/x': { 'requirements.txt': 'django==5.0.1\n' } },
  )
  git = await serveGitOverHttp(
    { '/team/app.git': repository.dir, '/mirror/app': repository.dir },
    { '/team/app/': '/team/app.git/' },
  )
  site = await serveSite({
    '/': {
      headers: { server: 'nginx/1.25.3' },
      body: '<html><head><meta name="generator" content="WordPress 6.4.2"><link rel="stylesheet" href="/app.css"></head><body>Blog</body></html>',
    },
    '/app.css': {
      headers: { 'content-type': 'text/css' },
      body: '.rotate{--tw-rotate:45deg;transform:rotate(var(--tw-rotate))}',
    },
    '/docs/guide': { body: '<html><head><meta name="generator" content="Hugo 0.121.0"></head></html>' },
  })
})

afterAll(async () => {
  await site?.close()
  await git?.close()
  repository?.remove()
})

/** Runs the engine and records each stage with what it carried. */
async function collect(url: string) {
  const stages: { stage: EngineStage; progress: EngineProgress }[] = []
  // folders are the CLI's (npm run scan), which allows them; the HTTP API never does (decision 077)
  const signals = await collectSignals(parseScanTarget(url, { ...ALLOWED, allowFolders: true }), ALLOWED, {
    onStage: async (stage, progress) => {
      stages.push({ stage, progress })
    },
  })
  return { signals, stages, found: stages.find((entry) => entry.stage === 'mapping')?.progress.found ?? [] }
}

const names = (signals: Signal[]) => new Set(signals.map((signal) => signal.name))

describe('collectSignals', () => {
  it('walks a website through fetching, analyzing and mapping, with the page found before its stylesheets', async () => {
    const { signals, stages, found } = await collect(`${site.origin}/`)
    expect(stages.map((entry) => entry.stage)).toEqual(['fetching', 'analyzing', 'mapping'])
    expect(names(found)).toContain('WordPress')
    expect(names(found)).not.toContain('Tailwind CSS')
    // the stylesheet's custom properties are Tailwind's
    const tailwind = signals.find((signal) => signal.name === 'Tailwind CSS')
    expect(tailwind).toMatchObject({ kind: 'wappalyzer', source: 'stylesheet' })
    expect(names(signals)).toContain('WordPress')
    expect(site.requests).toContain('/app.css')
  })

  it('hands over the manifests of a repository before its languages are measured', async () => {
    const { signals, stages, found } = await collect(repository.url)
    expect(stages.map((entry) => entry.stage)).toEqual(['fetching', 'analyzing', 'mapping'])
    expect(found.some((signal) => signal.name === 'express' && signal.kind === 'npm')).toBe(true)
    expect(found.some((signal) => signal.kind === 'linguist')).toBe(false)
    expect(signals.some((signal) => signal.kind === 'linguist' && signal.name === 'JavaScript')).toBe(true)
  })

  it('does the same for a local folder', async () => {
    const { stages, found } = await collect(repository.dir)
    expect(stages.map((entry) => entry.stage)).toEqual(['fetching', 'analyzing', 'mapping'])
    expect(names(found)).toContain('express')
  })

  it('clones a URL of an unknown host that answers git over smart HTTP, after its redirect', async () => {
    // '/team/app' redirects to '/team/app.git', as GitLab does
    const { signals, stages } = await collect(`${git.origin}/team/app`)
    expect(stages.map((entry) => entry.stage)).toEqual(['fetching', 'analyzing', 'mapping'])
    expect(stages.every((entry) => entry.stage === 'fetching' || entry.progress.kind === 'repository')).toBe(true)
    expect(names(signals)).toContain('express')
    expect(names(signals)).toContain('Git')
    expect(git.requests).toContain('GET /team/app/info/refs?service=git-upload-pack')
    expect(git.requests.some((request) => request.startsWith('POST /team/app.git/git-upload-pack'))).toBe(true)
  })

  it('clones the branch a self-hosted forge URL names, slashes included', async () => {
    const { signals } = await collect(`${git.origin}/mirror/app/-/tree/feature/x/src`)
    expect(signals.some((signal) => signal.kind === 'pypi' && signal.name === 'django')).toBe(true)
  })

  it('scans a page with a path as a website when its server answers no git', async () => {
    const { signals, stages } = await collect(`${site.origin}/docs/guide`)
    expect(stages.every((entry) => entry.progress.kind === undefined)).toBe(true)
    expect(names(signals)).toContain('Hugo')
    expect(site.requests).toContain('/docs/guide/info/refs?service=git-upload-pack')
  })
})

describe('probeGitRepository', () => {
  it("answers the URL to clone for git's advertisement and null for anything else", async () => {
    expect(await probeGitRepository(`${git.origin}/team/app.git`, ALLOWED)).toBe(`${git.origin}/team/app.git`)
    expect(await probeGitRepository(`${git.origin}/team/app`, ALLOWED)).toBe(`${git.origin}/team/app.git`)
    expect(await probeGitRepository(`${git.origin}/nothing/here`, ALLOWED)).toBeNull()
    expect(await probeGitRepository(`${site.origin}/docs`, ALLOWED)).toBeNull()
  })
})

describe('findBranch', () => {
  it('takes the longest leading part of the path that is one of the remote branches', async () => {
    const remote = `${git.origin}/team/app.git`
    expect(await findBranch(remote, 'feature/x/src/lib', ALLOWED)).toBe('feature/x')
    expect(await findBranch(remote, 'feature/x', ALLOWED)).toBe('feature/x')
    expect(await findBranch(remote, 'main/docs', ALLOWED)).toBe('main')
    // no such branch: the first segment, which the clone then reports as missing
    expect(await findBranch(remote, 'nope/x', ALLOWED)).toBe('nope')
    expect(await findBranch(repository.url, 'feature/x/README.md', ALLOWED)).toBe('feature/x')
  })
})
