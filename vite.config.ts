import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '#contracts': new URL('./contracts', import.meta.url).pathname } },
  build: { outDir: '../dist/web', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 600 },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': apiTarget,
      '/healthz': apiTarget,
      '/logos': apiTarget,
      '/uploads': apiTarget,
      '/services': apiTarget,
      '/stacks/url_exists': apiTarget,
      '/stacks/i_use_this': apiTarget,
      // a notification link marks it read on the server and redirects
      '^/notifications/\\d+$': apiTarget,
      '/companies': {
        target: apiTarget,
        bypass: (req) => (req.headers.accept?.includes('text/html') ? req.url : undefined),
      },
    },
  },
})
