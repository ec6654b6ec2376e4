// Migrates one template database per test run: a PGlite data dump (default) or, with TEST_DATABASE_URL, a
// PostgreSQL template database. Each test file then starts from a copy (server/test/harness.ts). Names carry a run
// id, handed to the test files with vitest's provide/inject, so that runs sharing a machine or a server never meet.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openPglite, openPostgres } from '../db/client.ts'
import { TEMPLATE_DATABASE, TEMPLATE_DUMP, withDatabase } from './paths.ts'

declare module 'vitest' {
  interface ProvidedContext {
    /** PostgreSQL: the migrated template database of this run. */
    templateDatabase: string
    /** PGlite: the data dump of the migrated template of this run. */
    templateDump: string
  }
}

export default async function setup(project: TestProject) {
  const runId = crypto.randomBytes(4).toString('hex')
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    const template = `${TEMPLATE_DATABASE}_${runId}`
    await withAdmin(url, (admin) => admin.query(`CREATE DATABASE ${template}`))
    const database = await openPostgres(withDatabase(url, template), { max: 1 })
    await database.migrate()
    await database.close()
    project.provide('templateDatabase', template)
    // WITH (FORCE) (PostgreSQL 13+): a file that failed may have left a connection open
    return () => withAdmin(url, (admin) => admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`))
  }
  const dumpFile = TEMPLATE_DUMP.replace(/\.tar$/, `-${runId}.tar`)
  const database = await openPglite()
  await database.migrate()
  const dump = await database.dump!()
  fs.mkdirSync(path.dirname(dumpFile), { recursive: true })
  fs.writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()))
  await database.close()
  project.provide('templateDump', dumpFile)
  return () => fs.rmSync(dumpFile, { force: true })
}

async function withAdmin(url: string, work: (admin: pg.Client) => Promise<unknown>) {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await work(admin)
  } finally {
    await admin.end()
  }
}
