const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 })

/** 1234 -> '1.2K'. */
export function formatCount(value: number): string {
  return compact.format(value)
}

/** '1 stack', '3 stacks'. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`
}
