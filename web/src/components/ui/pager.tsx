// Previous / Page N / Next links for paged lists whose page lives in the URL (?page=N), so every page has a link.
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Link } from 'react-router'
import { cn } from './cn.ts'

const baseStyle = 'inline-flex h-10 items-center gap-1 rounded-lg px-3 text-sm font-medium ring-1'
const linkStyle = cn(baseStyle, 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50')
const disabledStyle = cn(baseStyle, 'cursor-default bg-slate-100 text-slate-400 ring-slate-200')

export function Pager({
  page,
  hasMore,
  hrefFor,
  className,
}: {
  page: number
  hasMore: boolean
  /** The URL of a page number. */
  hrefFor: (page: number) => string
  className?: string
}) {
  if (page <= 1 && !hasMore) return null
  return (
    <nav aria-label="Pagination" className={cn('flex items-center justify-between gap-4', className)}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={linkStyle}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          Previous
        </Link>
      ) : (
        <span aria-disabled="true" className={disabledStyle}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          Previous
        </span>
      )}
      <span className="text-sm text-slate-600" aria-current="page">
        Page {page}
      </span>
      {hasMore ? (
        <Link to={hrefFor(page + 1)} rel="next" className={linkStyle}>
          Next
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      ) : (
        <span aria-disabled="true" className={disabledStyle}>
          Next
          <ChevronRight className="size-4" aria-hidden="true" />
        </span>
      )}
    </nav>
  )
}
