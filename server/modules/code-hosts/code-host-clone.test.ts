// Listed repositories cloned the way the sync does it: the client lists a GitLab group (code-host server), whose clone
// URLs point to a real `git http-backend` that requires the token (git-http-server.ts); the scan path clones with the
// client's cloneHeaders() and finds the tools, and without them, or with wrong ones, git is refused.
// docs/decisions/062-code-host-clients.md
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CodeHostServer, listAllRepositories, startCodeHostServer } from '../../test/code-host-server.ts'
import { type GitHttpServer, startGitHttpServer } from '../../test/git-http-server.ts'
import { cloneRepository } from '../scan/git-repository.ts'
import { collectSignals } from '../scan/scan-engine.ts'
import { ScanRefusedError } from '../scan/ssrf.ts'
import { basicAuthorization } from './code-host-http.ts'
import { createCodeHostClient } from './create-code-host-client.ts'

const network = { allowPrivateNetworks: true }
const TOKEN = 'glpat-clone-test'
let host: CodeHostServer
let git: GitHttpServer

const files = {
  'package.json': JSON.stringify({ name: 'api', dependencies: { fastify: '^5.1.0', redis: '^4.7.0' } }),
  'src/server.js': "import Fastify from 'fastify'\n".repeat(5),
}

beforeAll(async () => {
  git = await startGitHttpServer({ authorization: basicAuthorization('oauth2', TOKEN).Authorization })
  git.addRepository('acme/api', files)
  host = await startCodeHostServer({ token: TOKEN, cloneOrigin: git.origin })
  host.setGitlabGroup('acme', [{ id: 7, fullName: 'acme/api', private: true }])
})
afterAll(async () => {
  await host.close()
  await git.close()
})

const client = () =>
  createCodeHostClient(
    { kind: 'gitlab', apiUrl: host.gitlabUrl, group: 'acme', auth: { type: 'token', token: TOKEN } },
    { network },
  )

async function refusalOf(work: Promise<unknown>): Promise<ScanRefusedError> {
  const error = await work.then(
    () => new Error('expected the clone to be refused'),
    (caught: unknown) => caught,
  )
  if (error instanceof ScanRefusedError) return error
  throw error
}

describe('cloning a listed repository through git http-backend', () => {
  it("clones with the client's clone headers, sent on every git request and never in the URL", async () => {
    const [repository] = await listAllRepositories(client())
    expect(repository!.cloneUrl).toBe(`${git.origin}/acme/api.git`)
    git.requests.length = 0
    const clone = await cloneRepository(
      { cloneUrl: repository!.cloneUrl, branch: repository!.defaultBranch!, headers: await client().cloneHeaders() },
      network,
    )
    try {
      expect(clone.source.files.map((file) => file.path).sort()).toEqual(['package.json', 'src/server.js'])
      expect((await clone.source.read(['package.json'])).get('package.json')).toBe(files['package.json'])
    } finally {
      await clone.remove()
    }
    expect(git.requests.length).toBeGreaterThanOrEqual(2)
    const expected = basicAuthorization('oauth2', TOKEN).Authorization
    expect(git.requests.every((request) => request.authorization === expected)).toBe(true)
    expect(git.requests.some((request) => request.url.includes(TOKEN))).toBe(false)
  })

  it("finds the repository's tools through the scan engine's repository path", async () => {
    const signals = await collectSignals(
      {
        kind: 'repository',
        url: `${git.origin}/acme/api.git`,
        key: 'code-host:7',
        git: { cloneUrl: `${git.origin}/acme/api.git`, headers: await client().cloneHeaders() },
      },
      network,
    )
    const names = signals.map((signal) => signal.name)
    expect(names).toContain('fastify')
    expect(names).toContain('redis')
  })

  it('is refused without the header, with a message about a private repository', async () => {
    const error = await refusalOf(cloneRepository({ cloneUrl: `${git.origin}/acme/api.git` }, network))
    expect(error.reason).toBe('fetch_failed')
    expect(error.message).toBe('That repository is private; only public repositories can be scanned.')
  })

  it('is refused with a wrong token, saying the code host did not accept the credentials', async () => {
    const headers = basicAuthorization('oauth2', 'glpat-wrong')
    const error = await refusalOf(cloneRepository({ cloneUrl: `${git.origin}/acme/api.git`, headers }, network))
    expect(error.message).toBe('The code host did not accept our credentials for it.')
    expect(error.message).not.toContain('glpat')
  })

  it('refuses a header that could split the header line, before running git', async () => {
    git.requests.length = 0
    const headers = { Authorization: 'Basic x\r\nX-Injected: 1' }
    const error = await refusalOf(cloneRepository({ cloneUrl: `${git.origin}/acme/api.git`, headers }, network))
    expect(error.message).toBe('A header for the git host is not valid.')
    expect(git.requests).toHaveLength(0)
  })
})
