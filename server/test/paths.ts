import { fileURLToPath } from 'node:url'

export const TEMPLATE_DUMP = fileURLToPath(new URL('../../.tmp/test-template.tar', import.meta.url))
export const TEMPLATE_DATABASE = 'stackatlas_test_template'

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}
