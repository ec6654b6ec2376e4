// A repository whose manifest names a dependency with NUL, another control character or a lone surrogate (issue 31,
// F-12): the name is skipped with a warning where every parser's signals pass through, the catalog lookup never
// sends it to the database, and a job that fails on such text can still have its failure stored by the job queue.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { rowsOf } from '../../db/statements.ts'
import { createJobQueue, type JobKind, storableError } from '../../queue/job-queue.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { analyzeFileSource, type FileSource, readableSignals } from './repository-analyzer.ts'
import { createDatabaseLookup, ensurePackageTools } from './scan.queries.ts'
import { mapSignals } from './tool-mapper.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

function sourceOf(files: Record<string, string>): FileSource {
  return {
    files: Object.entries(files).map(([path, text]) => ({ path, size: text.length })),
    read: async (paths) => new Map(paths.flatMap((path) => (files[path] === undefined ? [] : [[path, files[path]!]]))),
  }
}

const manifest = JSON.stringify({
  name: 'app',
  dependencies: { '\u0000nul': '1.0.0', 'bell\u0007': '1.0.0', 'half\uD800': '1.0.0', 'left-pad': '1.3.0\u0000' },
})

describe('manifest names with control characters', () => {
  it('skips them with a warning, keeps the rest, and drops a version holding one', async () => {
    const analysis = await analyzeFileSource(sourceOf({ 'package.json': manifest }))
    const names = analysis.signals.filter((signal) => signal.kind === 'npm').map((signal) => signal.name)
    expect(names).toEqual(['left-pad'])
    // the lockfile-less version is read by cleanVersion, which keeps only the digits
    expect(analysis.signals.find((signal) => signal.name === 'left-pad')?.version).toBe('1.3.0')
    expect(analysis.warnings).toHaveLength(3)
    expect(analysis.warnings[0]).toMatch(/^package\.json: skipped the dependency "\uFFFDnul"/)
  })

  it('drops a version holding one, and cleans the source', () => {
    const warnings: string[] = []
    const kept = readableSignals(
      [
        { kind: 'npm', name: 'left-pad', version: '1.3\u0000', source: 'a\u0001/package.json' },
        { kind: 'npm', name: 'x\u007F', version: '1', source: 'package.json' },
      ],
      warnings,
    )
    expect(kept).toEqual([{ kind: 'npm', name: 'left-pad', version: null, source: 'a/package.json' }])
    expect(warnings).toEqual(['package.json: skipped the dependency "x\uFFFD" (control characters in its name)'])
  })

  it('maps and stores the scan of such a manifest without a database error', async () => {
    const analysis = await analyzeFileSource(sourceOf({ 'package.json': manifest }))
    const detected = await mapSignals(analysis.signals, createDatabaseLookup(ctx.app.db))
    const stored = await ensurePackageTools(ctx.app.db, detected)
    expect(stored.map((tool) => tool.name)).toContain('left-pad')
  })

  it('never sends such a name to the database when asked to look it up', async () => {
    const lookup = createDatabaseLookup(ctx.app.db)
    const found = await lookup.findByAliases([
      { kind: 'npm', alias: '\u0000nul' },
      { kind: 'npm', alias: 'half\uD800' },
      { kind: 'npm\u0000' as 'npm', alias: 'react' },
    ])
    expect(found.size).toBe(0)
  })
})

describe('a job failing on text jsonb refuses', () => {
  it('keeps the message and stack, without NUL, lone surrogates or the error’s other fields', () => {
    const error = Object.assign(new Error('Failed query: select $1\nparams: \u0000nul half\uD800'), {
      params: ['\u0000nul'],
      cause: new Error('invalid byte sequence for encoding "UTF8": 0x00'),
    })
    const stored = storableError(error)
    const json = JSON.stringify(stored, Object.getOwnPropertyNames(stored))
    expect(json).not.toMatch(/\\u0000|\\ud800/i)
    expect(stored.message).toContain('params: \uFFFDnul half\uFFFD')
    expect(stored.message).toContain('invalid byte sequence')
    expect(Object.keys(stored)).not.toContain('params')
    expect(storableError('plain \u0000 text').message).toBe('plain \uFFFD text')
  })

  it('records the failed attempt in the queue instead of failing to', async () => {
    const FAILING: JobKind<{ n: number }> = {
      name: 'test.fails-with-nul',
      concurrency: 1,
      retryLimit: 0,
      heartbeatSeconds: 10,
      expireInSeconds: 60,
    }
    const errors: string[] = []
    const queue = createJobQueue({
      database: ctx.database,
      log: { warn() {}, error: (_object, message) => errors.push(message) },
      timing: { pollingIntervalSeconds: 0.5 },
    })
    queue.work(FAILING, {
      run: async () => {
        throw Object.assign(new Error('the scan failed on "\u0000nul" and "half\uD800"'), { params: ['\u0000nul'] })
      },
      async giveUp() {},
    })
    await queue.start()
    try {
      await queue.send(ctx.app.db, FAILING, { n: 1 })
      const failed = async () =>
        rowsOf(
          await ctx.app.db.execute(
            sql`select state, output from pgboss.job where name = ${FAILING.name} and state = 'failed'`,
          ),
        ) as Array<{ state: string; output: { message: string } }>
      await vi.waitFor(async () => expect(await failed()).toHaveLength(1), { timeout: 20_000, interval: 250 })
      const [row] = await failed()
      expect(row!.output.message).toBe('the scan failed on "\uFFFDnul" and "half\uFFFD"')
      // pg-boss stored the failure: no 'job queue error' from a refused write
      expect(errors).not.toContain('job queue error')
    } finally {
      await queue.stop()
    }
  }, 30_000)
})
