// Waiting out the content-change announcements of the writes a test has made (server/http/content-changes.ts): each
// write through the API empties the instance's kept answers at once and again when its NOTIFY comes back, about 50 ms
// later. A test that keeps an answer and checks it is still kept must first let those echoes arrive, or one empties
// the answer in the middle of the check.
import type { FastifyInstance } from 'fastify'
import { CONTENT_CHANGED_CHANNEL } from '../http/content-changes.ts'

/** Resolves once no content change has been heard on the channel for `quietMs`. */
export async function contentChangesSettled(app: FastifyInstance, quietMs = 500): Promise<void> {
  let last = Date.now()
  const stop = await app.database.listen(CONTENT_CHANGED_CHANNEL, () => {
    last = Date.now()
  })
  try {
    while (Date.now() - last < quietMs) await new Promise((resolve) => setTimeout(resolve, 50))
  } finally {
    await stop()
  }
}
