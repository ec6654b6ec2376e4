// `npm run dev`: one server on PORT (3000) that answers the API and renders the pages through Vite's dev server in
// the same process (server/http/web-dev.ts): a saved web file reloads in the browser at once, a saved server or
// contracts file restarts the process (node --watch).
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const port = process.env.PORT ?? '3000'

const server = spawn(process.execPath, ['--watch', '--watch-path=server', '--watch-path=contracts', 'server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PORT: port, BASE_URL: process.env.BASE_URL ?? `http://localhost:${port}`, WEB_DEV: 'true' },
})
const stop = () => server.kill('SIGTERM')
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
server.on('exit', (code) => {
  process.exitCode = code ?? 0
})
