import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The browser's bundle (dist/web) and, built with --ssr by scripts/build-web.ts, the server's (dist/server). In
// development the server runs Vite in middleware mode (server/http/web-dev.ts): there is no separate dev server.
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '#contracts': new URL('./contracts', import.meta.url).pathname } },
  build: { outDir: '../dist/web', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 600 },
})
