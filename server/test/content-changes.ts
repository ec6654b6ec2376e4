// Waiting out the content-change announcements of the writes a test has made (server/http/content-changes.ts): each
// write through the API empties the instance's kept answers at once and again when its NOTIFY comes back, about 50 ms
// later. A test that keeps an answer and checks it is still kept must first let those echoes arrive, or one empties
// the answer in the middle of the check.
import type { FastifyInstance } from 'fastify'
import { CONTENT_CHANGED_CHANNEL } from '../http/content-changes.ts'
import { CATALOG_CHANGED_CHANNEL } from '../modules/tools/catalog-memos.ts'

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

/**
 * Resolves once `reader` has heard every catalog change committed through `writer` before the call (the catalog's
 * own triggers NOTIFY catalog_changed after a commit, and the reader hears it a moment later). A NOTIFY is delivered
 * in commit order on the reader's one listening connection, so hearing a marker sent now means the earlier ones have
 * been heard, and each subscriber has emptied what it keeps. The marker empties them too, before the caller goes on.
 */
export async function catalogChangesHeard(writer: FastifyInstance, reader: FastifyInstance): Promise<void> {
  const marker = `heard-${process.hrtime.bigint()}`
  const arrived = Promise.withResolvers<void>()
  const stop = await reader.database.listen(CATALOG_CHANGED_CHANNEL, (payload) => {
    if (payload === marker) arrived.resolve()
  })
  try {
    await writer.database.notify(CATALOG_CHANGED_CHANNEL, marker)
    await arrived.promise
  } finally {
    await stop()
  }
}
