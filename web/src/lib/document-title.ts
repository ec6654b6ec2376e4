// document.title per page: '{page} | {site}', or the site name alone on the home page.
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { siteQuery } from './site.ts'

export function useDocumentTitle(title: string | null | undefined) {
  const { data } = useQuery(siteQuery)
  const siteName = data?.name ?? 'Stackatlas'
  useEffect(() => {
    document.title = title ? `${title} | ${siteName}` : siteName
  }, [title, siteName])
}
