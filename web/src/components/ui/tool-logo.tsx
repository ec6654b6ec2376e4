import { cn } from './cn.ts'

/**
 * A tool's (or company's) logo; every catalog tool has one at /logos/{slug}.svg (real or monogram). Give `name` only
 * to a logo that stands alone (a row of logos): it becomes the alt text and tooltip. Beside the name (in the same
 * link, button, heading or row) leave it out: the logo is decorative, so screen readers read the name once, not
 * "ClickHouse ClickHouse".
 */
export function ToolLogo({
  src,
  name,
  className,
}: {
  src: string | null | undefined
  name?: string
  className?: string
}) {
  return (
    <img
      src={src || '/logos/_placeholder.svg'}
      alt={name ?? ''}
      title={name}
      loading="lazy"
      decoding="async"
      className={cn('size-10 shrink-0 rounded-lg bg-white object-contain p-1 ring-1 ring-slate-200', className)}
    />
  )
}
