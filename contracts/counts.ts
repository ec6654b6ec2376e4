// Counts that stop at a cap (Stack Match's tabs, a tool page's companies and jobs): an exact count of a popular
// tool's jobs would read all of them, so past the cap a page shows the cap with '+'.

/** A count read up to cap + 1 (server/db/capped-count.ts) as a page answers it: at most `cap`, and whether there were more. */
export function capCount(counted: number, cap: number): { count: number; capped: boolean } {
  return { count: Math.min(counted, cap), capped: counted > cap }
}

// One formatter for every count (toLocaleString would build a new one on each call: a page draws dozens)
const integerFormat = new Intl.NumberFormat('en-US')

/** 1234 -> '1,234'. */
export function formatInteger(count: number): string {
  return integerFormat.format(count)
}

/** 1234 -> '1,234'; capped -> '1,000+'. */
export function formatCappedCount(count: number, capped: boolean): string {
  return `${formatInteger(count)}${capped ? '+' : ''}`
}
