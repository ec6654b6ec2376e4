// The server the browser tests drive: a fresh embedded database each run, the same start path as `npm start`.
import fs from 'node:fs'

fs.rmSync(process.env.DATA_DIR ?? '.tmp/e2e-data', { recursive: true, force: true })
await import('../scripts/start.ts')
