// The built web app's page shell (dist/web/index.html). The server answers page routes with it, drawn (page-render.ts),
// and a browser that opens a server route outside /api which answers 404 (a notification link that is not yours,
// decision 038) gets the not-found page on it, with the 404 status, rather than the JSON envelope scripts get.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyReply, FastifyRequest } from 'fastify'

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

/** A read outside the API: a browser opening a page could be making it, a script calling the API does not. */
export function isPageRead(request: FastifyRequest): boolean {
  const url = request.url.split('?')[0] ?? ''
  return (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api/')
}

/** Answers with a page's HTML (the shell, or a page built on it), which the browser asks for again on every load. */
export function sendPage(reply: FastifyReply, html: string, status = 200) {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache')
  return reply.status(status).type('text/html').send(html)
}
