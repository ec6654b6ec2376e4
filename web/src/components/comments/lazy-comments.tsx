// What pages import: the comments widget, loaded on its own so a page's first load stays small (spec §7 Other: the
// markdown editor loads lazily). A quiet placeholder holds the place meanwhile.
import { lazy, Suspense } from 'react'
import type { CommentsSectionProps } from './comments-section.tsx'

const CommentsSection = lazy(() => import('./comments-section.tsx'))

export function Comments(props: CommentsSectionProps) {
  return (
    <Suspense fallback={<div className="mt-10 h-8" aria-hidden="true" />}>
      <CommentsSection {...props} />
    </Suspense>
  )
}
