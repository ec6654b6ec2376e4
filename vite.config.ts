import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { routePattern, SERVER_ROUTES } from './server/http/server-paths.ts'

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '#contracts': new URL('./contracts', import.meta.url).pathname } },
  build: { outDir: '../dist/web', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 600 },
  server: {
    port: Number(process.env.PORT ?? 3000),
    // /api and the routes the server answers outside it (one list, checked against the registered routes by
    // server/http/server-paths.test.ts); everything else is the web app
    proxy: Object.fromEntries(['/api', ...SERVER_ROUTES.map(routePattern)].map((path) => [path, apiTarget])),
  },
})
