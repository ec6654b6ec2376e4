const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 })

/** 1234 -> '1.2K'. */
export function formatCount(value: number): string {
  return compact.format(value)
}
