// The built web app's page shell (dist/web/index.html). The server answers page routes with it, and a browser that
// opens a server route outside /api which answers 404 (a notification link that is not yours, decision 038) gets it
// too, with the 404 status, so the app draws its not-found page rather than the JSON envelope scripts get.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyRequest } from 'fastify'

export const webDist = fileURLToPath(new URL('../../dist/web', import.meta.url))

let shell: string | null | undefined

/** index.html of the built web app, read once; null when the web is not built (API tests, the dev API process). */
export function readPageShell(): string | null {
  if (shell === undefined) {
    const file = path.join(webDist, 'index.html')
    shell = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null
  }
  return shell
}

/**
 * A browser opening a page (a navigation asks for HTML), not a script calling the API (which asks for JSON);
 * `anyAccept`: a read outside the API that a browser could be making, whatever it accepts.
 */
export function isPageNavigation(request: FastifyRequest, options: { anyAccept?: boolean } = {}): boolean {
  const url = request.url.split('?')[0] ?? ''
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !url.startsWith('/api/') &&
    (options.anyAccept === true || (request.headers.accept ?? '').includes('text/html'))
  )
}
