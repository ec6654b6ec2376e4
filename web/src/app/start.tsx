// The web app taking over the page (loaded by main.tsx once the server's HTML is on screen): the query cache filled
// from the server's data block, the page's lazy modules loaded, then the router and providers hydrating what the
// server drew (or, for a page the server did not draw, rendering it).
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router'
import { loadLazyParts } from '../lib/lazy-part.tsx'
import { hydratePageState, leaveServerPage, PAGE_STATE_ID } from '../lib/page-state.ts'
import { queryClient } from '../lib/query-client.ts'
import { SignInModalProvider } from '../lib/session.tsx'
import { createRoutes } from './routes.tsx'

/** The page's lazy route modules, loaded before hydrating so the first render draws what the server drew. */
async function loadLazyRoutes(routes: RouteObject[]) {
  const matches = matchRoutes(routes, window.location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      Object.assign(route, await route.lazy(), { lazy: undefined })
    }),
  )
}

export async function start() {
  const root = document.getElementById('root')!
  const fromServer = hydratePageState(queryClient)
  const routes = createRoutes()
  if (fromServer) {
    await loadLazyRoutes(routes)
    // the code-split parts the server drew, so the first pass hydrates them too (lib/lazy-part.tsx)
    await loadLazyParts(document.getElementById(PAGE_STATE_ID)?.dataset.parts?.split(' ').filter(Boolean) ?? [])
  }
  const router = createBrowserRouter(routes)
  if (fromServer) {
    // the server's answers stop counting as fresh once the user leaves the page they drew (page-state.ts)
    const first = router.state.location.key
    const unsubscribe = router.subscribe((state) => {
      if (state.location.key === first) return
      leaveServerPage()
      unsubscribe()
    })
  }
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SignInModalProvider>
          <RouterProvider router={router} />
        </SignInModalProvider>
      </QueryClientProvider>
    </StrictMode>
  )
  if (fromServer) hydrateRoot(root, app)
  else createRoot(root).render(app)
  // From here React answers clicks on the server-drawn HTML (hydrating what was clicked first); the browser journeys
  // wait for this mark before they click (e2e/helpers.ts waitForApp).
  document.documentElement.dataset.app = 'started'
}
