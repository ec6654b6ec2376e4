// `npm run build`: the web app's two bundles, the browser's (dist/web: index.html and hashed assets) and the
// server's (dist/server/entry-server.js: the same routes drawn to HTML, server/http/page-render.ts). `npm start`
// runs it when the sources are newer than the last build.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const outputs = ['dist/web/index.html', 'dist/server/entry-server.js'].map((file) => path.join(root, file))

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs)
  }
  return newest
}

/** True when a bundle is missing or older than the web app's sources, the contracts or the Vite config. */
export function webBuildIsStale(): boolean {
  const sources = Math.max(
    ...['web', 'contracts'].map((dir) => newestMtime(path.join(root, dir))),
    fs.statSync(path.join(root, 'vite.config.ts')).mtimeMs,
  )
  return outputs.some((file) => !fs.existsSync(file) || fs.statSync(file).mtimeMs < sources)
}

export async function buildWeb() {
  const { build } = await import('vite')
  const nodeEnv = process.env.NODE_ENV
  const common = {
    root: path.join(root, 'web'),
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn' as const,
  }
  await build(common)
  // The server's bundle carries its dependencies, React in its production build whatever NODE_ENV the server runs
  // with: the development build draws a page about twice as slowly, and the browser's bundle is production's anyway.
  await build({
    ...common,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true },
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: '../dist/server',
      emptyOutDir: true,
      sourcemap: true,
      copyPublicDir: false,
    },
  })
  // Vite sets NODE_ENV=production for its build; the server must see what the user set.
  if (nodeEnv === undefined) delete process.env.NODE_ENV
  else process.env.NODE_ENV = nodeEnv
}

if (import.meta.main) await buildWeb()
