import { fileURLToPath } from 'node:url'
import pg from 'pg'

export const TEMPLATE_DUMP = fileURLToPath(new URL('../../.tmp/test-template.tar', import.meta.url))
export const TEMPLATE_DATABASE = 'stackatlas_test_template'

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

/** One connection to the server at `url` (its maintenance database) for CREATE and DROP DATABASE. */
export async function withAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    return await work(admin)
  } finally {
    await admin.end()
  }
}
