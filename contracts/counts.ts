// Counts that stop at a cap (Stack Match's tabs, a tool page's companies and jobs): an exact count of a popular
// tool's jobs would read all of them, so past the cap a page shows the cap with '+'.

/** 1234 -> '1,234'; capped -> '1,000+'. */
export function formatCappedCount(count: number, capped: boolean): string {
  return `${count.toLocaleString('en-US')}${capped ? '+' : ''}`
}
