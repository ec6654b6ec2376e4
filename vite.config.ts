import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

// The browser's bundle (dist/web) and, built with --ssr by scripts/build-web.ts, the server's (dist/server). In
// development the server runs Vite in middleware mode (server/http/web-dev.ts): there is no separate dev server.
/**
 * Pages arrive drawn by the server, so their first paint needs the HTML and the stylesheet only. The entry
 * (web/src/main.tsx) is a few hundred bytes that import the app once that paint is done; asked for at low priority,
 * it does not compete with the stylesheet on a slow phone. The app's chunks are not preloaded in the head: their
 * download would compete with the stylesheet and their compilation delay the first paint (LCP).
 */
const scriptsAfterFirstPaint = (): Plugin => ({
  name: 'stackatlas:scripts-after-first-paint',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html) => html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"'),
  },
})

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), scriptsAfterFirstPaint()],
  resolve: { alias: { '#contracts': new URL('./contracts', import.meta.url).pathname } },
  build: { outDir: '../dist/web', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 600 },
})
