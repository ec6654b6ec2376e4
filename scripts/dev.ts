// `npm run dev`: the API server with --watch on API_PORT (3001) and Vite's dev server with hot reload on PORT
// (3000), which proxies API calls to it.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const apiPort = process.env.API_PORT ?? '3001'
const webPort = process.env.PORT ?? '3000'
const env = { ...process.env, API_PORT: apiPort, BASE_URL: process.env.BASE_URL ?? `http://localhost:${webPort}` }

const children = [
  spawn(process.execPath, ['--watch', '--watch-path=server', '--watch-path=contracts', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, PORT: apiPort },
  }),
  spawn(process.execPath, [fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url))], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, PORT: webPort },
  }),
]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children)
  child.on('exit', (code) => {
    stop()
    process.exitCode = code ?? 0
  })
