// `npm run dev`: the web app served and rendered by Vite inside this process (middleware mode), with hot reload.
// Vite answers its own paths (/@vite/client, /src/..., the public folder, the HMR socket on this server); every page
// route renders through Vite's freshly loaded server entry, on index.html as Vite transforms it, so a saved page shows
// on the next load and in the open tab at once. Production serves the built bundles instead (app.ts registerWeb).
import fs from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { RenderPage } from '#contracts/page-render.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** The shell and render() of one page request: Vite's, in development; the built bundles' otherwise (app.ts). */
export type WebPages = (request: FastifyRequest) => Promise<{ shell: string; render: RenderPage | null }>

export async function registerWebDev(app: FastifyInstance): Promise<WebPages> {
  const [{ createServer }, { default: middie }] = await Promise.all([import('vite'), import('@fastify/middie')])
  const vite = await createServer({
    configFile: `${root}vite.config.ts`,
    appType: 'custom',
    server: { middlewareMode: true, ws: { server: app.server } },
  })
  app.addHook('onClose', () => vite.close())
  await app.register(middie)
  app.use((request, response, next) =>
    request.url?.startsWith('/api/') ? next() : vite.middlewares(request, response, next),
  )

  return async (request) => {
    const template = await fs.readFile(`${root}web/index.html`, 'utf8')
    const shell = await vite.transformIndexHtml(request.url, template)
    const { render } = (await vite.ssrLoadModule('/src/entry-server.tsx')) as { render: RenderPage }
    return { shell, render }
  }
}
