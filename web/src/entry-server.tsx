// The web app rendered on the server: the same routes and pages as the browser's (app/routes.tsx), each page's data
// loaded first by its prefetch (the routes' loaders under React Router's static handler) through the server's
// in-process API calls, then the whole page drawn with every lazy part resolved, and the query cache handed on for
// the browser to hydrate from; or, when that data is what a kept drawing was drawn from, nothing drawn (decision 073).
// Built by Vite into dist/server; server/http/page-render.ts calls render().
import { AsyncLocalStorage } from 'node:async_hooks'
import { createHash } from 'node:crypto'
import { Writable } from 'node:stream'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToPipeableStream } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import type { PageFetch, PageRender, PageRenderInput } from '#contracts/page-render.ts'
import { createRoutes, isDrawnInTheBrowser, type PageLoadContext } from './app/routes.tsx'
import { setApiTransport } from './lib/api.ts'
import { pageDataText, pageStateText } from './lib/page-state.ts'
import { type RenderedPage, RenderedPageContext, setServerOrigin } from './lib/rendered-page.ts'
import { SignInModalProvider } from './lib/session.tsx'

/** A page that has not finished drawing by then is sent as it stands (its unfinished parts draw in the browser). */
const RENDER_TIMEOUT_MS = 10_000

/** One route tree and handler for every request: routes are matched, and lazy pages resolved, once per process. */
const handler = createStaticHandler(createRoutes())

const requestFetch = new AsyncLocalStorage<PageFetch>()
setApiTransport((path, init) => {
  const fetch = requestFetch.getStore()
  if (!fetch) throw new Error(`API call outside a page render: ${path}`)
  return fetch(path, init)
})

export async function render(input: PageRenderInput): Promise<PageRender> {
  setServerOrigin(input.origin)
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: 30_000 } },
  })
  const requestContext: PageLoadContext = { queryClient }
  const context = await requestFetch.run(input.fetch, () =>
    handler.query(new Request(new URL(input.url, input.origin)), { requestContext }),
  )
  if (context instanceof Response)
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' }
  if (context.matches.some((match) => isDrawnInTheBrowser(match.route.handle))) return { kind: 'shell' }
  // the same data as a kept drawing's: the same drawing (only the kept one's 60 s bound, in page-cache.ts, covers
  // what a drawing reads of the clock)
  if (input.drawnFrom !== undefined && dataFingerprint(queryClient) === input.drawnFrom) return { kind: 'unchanged' }

  const router = createStaticRouter(handler.dataRoutes, context)
  const rendered: RenderedPage = {}
  const html = await renderToText(
    <RenderedPageContext value={rendered}>
      <QueryClientProvider client={queryClient}>
        <SignInModalProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </SignInModalProvider>
      </QueryClientProvider>
    </RenderedPageContext>,
  )
  const meta = rendered.meta
  return {
    kind: 'page',
    status: rendered.status ?? context.statusCode,
    head: {
      title: rendered.title,
      description: meta?.description,
      canonicalPath: meta?.canonicalPath,
      imagePath: meta?.imagePath,
      structuredData: meta?.structuredData,
    },
    html,
    state: pageStateText(queryClient),
    // taken after drawing: should a drawing ever load data of its own, its fingerprint differs from the one taken
    // before drawing, and the page is drawn again rather than kept on data the check cannot see
    data: dataFingerprint(queryClient),
    parts: [...(rendered.parts ?? [])],
    changesAt: meta?.changesAt ? Date.parse(meta.changesAt) : undefined,
  }
}

/** The page's data (pageDataText) as a short fingerprint. */
const dataFingerprint = (queryClient: QueryClient) =>
  createHash('sha256').update(pageDataText(queryClient)).digest('base64url')

/** The element drawn to HTML once everything in it is ready (lazy parts included). */
function renderToText(element: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk)
        done()
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'))
        done()
      },
    })
    const stream = renderToPipeableStream(element, {
      // everything is ready before the first byte: no boundary is sent apart (which would need inline scripts)
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        // an error inside a Suspense boundary: that part is drawn in the browser instead
        if (!(error instanceof Error && error.message.includes('aborted'))) console.error(error)
      },
    })
    setTimeout(() => stream.abort(), RENDER_TIMEOUT_MS).unref()
  })
}
