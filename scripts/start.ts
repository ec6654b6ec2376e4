// `npm start`: builds the web app when its sources are newer than the last build, then runs the server.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const builtIndex = path.join(root, 'dist/web/index.html')

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs)
  }
  return newest
}

const sources = ['web', 'contracts'].map((dir) => newestMtime(path.join(root, dir)))
const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0
if (Math.max(...sources, fs.statSync(path.join(root, 'vite.config.ts')).mtimeMs) > builtAt) {
  console.log('Building the web app...')
  const { build } = await import('vite')
  const nodeEnv = process.env.NODE_ENV
  await build({ root: path.join(root, 'web'), configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' })
  // Vite sets NODE_ENV=production for its build; the server must see what the user set.
  if (nodeEnv === undefined) delete process.env.NODE_ENV
  else process.env.NODE_ENV = nodeEnv
}

await import('../server/main.ts')
