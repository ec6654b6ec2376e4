// Counts that stop at a cap (Stack Match's tabs, a tool page's companies and jobs): an exact count of a popular
// tool's jobs would read all of them, so past the cap a page shows the cap with '+'.

/** A count read up to cap + 1 (server/db/capped-count.ts) as a page answers it: at most `cap`, and whether there were more. */
export function capCount(counted: number, cap: number): { count: number; capped: boolean } {
  return { count: Math.min(counted, cap), capped: counted > cap }
}

// Counts are written by hand for English rather than with Intl.NumberFormat: the first formatter a page builds loads
// the browser's number data (20-40 ms on this machine's Chromium, four times that on Lighthouse's throttled phone),
// and every public page draws counts while it hydrates. counts.test.ts holds both functions to Intl's answers.

/** 1234 -> '1,234' (Intl.NumberFormat('en-US')). */
export function formatInteger(count: number): string {
  if (!Number.isSafeInteger(count)) return fallbackFormat('en-US').format(count)
  const digits = String(Math.abs(count))
  let grouped = digits.slice(0, digits.length % 3 || 3)
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`
  return count < 0 ? `-${grouped}` : grouped
}

const COMPACT_UNITS = ['', 'K', 'M', 'B', 'T'] as const

/** 1234 -> '1.2K', 15300000 -> '15.3M' (Intl.NumberFormat('en', compact, one fraction digit at most)). */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count) || count < 0 || count >= 1e15) return fallbackFormat('compact').format(count)
  if (count < 1000) return String(count)
  let unit = 1
  let scale = 1000
  // tenths of the unit, rounded half up as Intl rounds; 999,950 is 1000.0K and so 1M
  let tenths = roundedTenths(count, scale)
  while (tenths >= 10_000 && unit < COMPACT_UNITS.length - 1) {
    unit++
    scale *= 1000
    tenths = roundedTenths(count, scale)
  }
  const whole = Math.floor(tenths / 10)
  const fraction = tenths % 10
  return `${whole}${fraction === 0 ? '' : `.${fraction}`}${COMPACT_UNITS[unit]}`
}

function roundedTenths(count: number, scale: number): number {
  const tenth = scale / 10
  const tenths = Math.floor(count / tenth)
  return count - tenths * tenth >= tenth / 2 ? tenths + 1 : tenths
}

let integerFallback: Intl.NumberFormat | undefined
let compactFallback: Intl.NumberFormat | undefined

/** Intl's formatter for what the hand-written paths leave to it (fractions, huge numbers), built when first needed. */
function fallbackFormat(kind: 'en-US' | 'compact'): Intl.NumberFormat {
  if (kind === 'compact') {
    compactFallback ??= new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 })
    return compactFallback
  }
  integerFallback ??= new Intl.NumberFormat('en-US')
  return integerFallback
}

/** 1234 -> '1,234'; capped -> '1,000+'. */
export function formatCappedCount(count: number, capped: boolean): string {
  return `${formatInteger(count)}${capped ? '+' : ''}`
}
