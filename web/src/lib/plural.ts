import { formatCappedCount } from '#contracts/counts.ts'

/** '1 stack', '3 stacks', '1,204 tools'; a capped count (contracts/counts.ts) as '1,000+ jobs'. */
export function plural(count: number, one: string, many = `${one}s`, capped = false): string {
  return `${formatCappedCount(count, capped)} ${count === 1 && !capped ? one : many}`
}
