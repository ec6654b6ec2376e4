// document.title per page: '{page} | {site}', or the site name alone on the home page. While rendering on the server
// the title goes to the rendered page's head instead (rendered-page.ts). A component with no title of its own (null:
// the home page, a page still loading) never hides one that has one: a page that shows the not-found page keeps
// 'Page not found' in the browser as on the server, although its own effect runs after the not-found page's.
import { useEffect } from 'react'
import { useRenderedPage } from './rendered-page.ts'
import { useSiteName } from './site.ts'

interface ShownTitle {
  text: string
  isOwn: boolean
}

/** The mounted callers' titles, in the order their effects ran. */
const shown: ShownTitle[] = []

function showTitle() {
  const last = shown.findLast((entry) => entry.isOwn) ?? shown.at(-1)
  if (last) document.title = last.text
}

export function useDocumentTitle(title: string | null | undefined) {
  const siteName = useSiteName()
  const isOwn = Boolean(title)
  const text = isOwn ? `${title} | ${siteName}` : siteName
  const rendered = useRenderedPage()
  if (rendered && (isOwn || rendered.title === undefined)) rendered.title = text
  useEffect(() => {
    const entry = { text, isOwn }
    shown.push(entry)
    showTitle()
    return () => {
      shown.splice(shown.indexOf(entry), 1)
      showTitle()
    }
  }, [text, isOwn])
}

/** useDocumentTitle as an element, for a page that names itself inside its markup: '{title} | {site}'. */
export function DocumentTitle({ title }: { title: string }) {
  useDocumentTitle(title)
  return null
}
