// `npm start`: builds the web app when its sources are newer than the last build, then runs the server.
import { buildWeb, webBuildIsStale } from './build-web.ts'

if (webBuildIsStale()) {
  console.log('Building the web app...')
  await buildWeb()
}

await import('../server/main.ts')
