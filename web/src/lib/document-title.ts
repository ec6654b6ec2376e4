// document.title per page: '{page} | {site}', or the site name alone on the home page. While rendering on the server
// the title goes to the rendered page's head instead (rendered-page.ts).
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useRenderedPage } from './rendered-page.ts'
import { siteQuery } from './site.ts'

export function useDocumentTitle(title: string | null | undefined) {
  const { data } = useQuery(siteQuery)
  const siteName = data?.name ?? 'Stackatlas'
  const text = title ? `${title} | ${siteName}` : siteName
  const rendered = useRenderedPage()
  if (rendered) rendered.title = text
  useEffect(() => {
    document.title = text
  }, [text])
}
