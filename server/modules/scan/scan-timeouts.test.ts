// Hosts that accept a scan's connection and then hang: each ends at its time limit with the spec's "nothing found"
// (specs/stack-creation-and-editing.md §8; docs/decisions/040-stack-moves-saves-and-scan-timeouts.md), not a
// message about seconds. The API's own case (a silent host through GET /api/v1/analyze) is in scan.test.ts.
import { afterEach, describe, expect, it } from 'vitest'
import { SCAN_EMPTY_MESSAGE } from '#contracts/scan.ts'
import { type StallingHost, serveSilentHost } from '../../test/scan-servers.ts'
import { cloneRepository } from './git-repository.ts'
import { fetchPage, probeGitRepository } from './page-fetcher.ts'

const network = { allowPrivateNetworks: true }
const hosts: StallingHost[] = []
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()))
})

async function stallingHost(mode: 'silent' | 'headers' | 'drip') {
  const host = await serveSilentHost(mode)
  hosts.push(host)
  return host
}

/** The promise's rejection and how long it took; fails the test if it does not settle within `withinMs`. */
async function failureOf(work: Promise<unknown>, withinMs: number) {
  const started = Date.now()
  const outcome = await Promise.race([
    work.then(
      () => ({ error: null as unknown }),
      (error: unknown) => ({ error }),
    ),
    new Promise<{ error: unknown }>((resolve) =>
      setTimeout(() => resolve({ error: new Error('still waiting') }), withinMs),
    ),
  ])
  return { error: outcome.error, elapsedMs: Date.now() - started }
}

describe('a page fetch from a host that hangs', () => {
  it.each([
    ['accepts the connection and never answers', 'silent', 'http'],
    ['never completes the TLS handshake', 'silent', 'https'],
    ['sends the headers and then stalls the body', 'headers', 'http'],
    ['drips the body a byte at a time', 'drip', 'http'],
  ] as const)("fails at the time limit with the spec's message when the host %s", async (_label, mode, scheme) => {
    const host = await stallingHost(mode)
    const { error, elapsedMs } = await failureOf(
      fetchPage(`${scheme}://127.0.0.1:${host.port}/`, { ...network, limits: { timeoutMs: 400 } }),
      3000,
    )
    expect(error).toMatchObject({ reason: 'fetch_failed', message: SCAN_EMPTY_MESSAGE })
    expect(elapsedMs).toBeLessThan(2000)
    expect(host.connections()).toBe(1)
  })
})

describe('a git host that hangs', () => {
  it('answers no repository when the smart HTTP probe gets no answer in time (the page is scanned next)', async () => {
    const host = await stallingHost('silent')
    const { error, elapsedMs } = await failureOf(
      probeGitRepository(`http://127.0.0.1:${host.port}/team/app`, { ...network, limits: { timeoutMs: 400 } }).then(
        (answer) => {
          if (answer !== null) throw new Error(`answered ${answer}`)
          throw new Error('no repository')
        },
      ),
      3000,
    )
    expect(error).toMatchObject({ message: 'no repository' })
    expect(elapsedMs).toBeLessThan(2000)
  })

  it.each([
    ['accepts the connection and never answers', 'silent'],
    ['sends the headers and then stalls', 'headers'],
  ] as const)("ends the clone at its time limit with the spec's message when the host %s", async (_label, mode) => {
    const host = await stallingHost(mode)
    const { error, elapsedMs } = await failureOf(
      cloneRepository({ cloneUrl: `http://127.0.0.1:${host.port}/team/app.git` }, network, { timeoutMs: 800 }),
      5000,
    )
    expect(error).toMatchObject({ reason: 'fetch_failed', message: SCAN_EMPTY_MESSAGE })
    expect(elapsedMs).toBeLessThan(3000)
    expect(host.connections()).toBeGreaterThan(0)
  })
})
