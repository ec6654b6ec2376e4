// A push webhook's delivery to a connection (issue 18 "Keep current", decision 063 "Webhooks"): verified with the
// connection's sealed webhook secret (webhooks.ts), its delivery id recorded once (a replay is answered and ignored),
// and a push to the default branch of one of the connection's repositories queues a rescan of that repository
// alone, in the transaction that records the delivery: a delivery is either recorded with its job or not at all.
import { type CodeHostWebhookResponse, WEBHOOK_NOT_VERIFIED } from '#contracts/code-hosts.ts'
import type { Db } from '../../db/client.ts'
import { badRequest, HttpError } from '../../http/errors.ts'
import type { JobQueue } from '../../queue/job-queue.ts'
import { openSecret, SealedSecretError } from './code-host-secrets.ts'
import { queueRepositoryScan } from './code-host-sync.ts'
import { type CodeHostConnectionRow, findSyncedRepositoryByHostId, recordDelivery } from './code-hosts.queries.ts'
import { verifyWebhook, type WebhookHeaders } from './webhooks.ts'

/** How long a delivery id is kept for the replay check: hosts redeliver within hours (GitHub keeps 3 days). */
export const DELIVERY_IDS_KEPT_DAYS = 7

export interface WebhookContext {
  db: Db
  jobQueue: JobQueue
  authSecret: string
  log?: { warn(object: unknown, message: string): void }
}

export interface WebhookAnswer {
  status: 200 | 202
  body: CodeHostWebhookResponse
}

/**
 * A delivery that cannot be verified, and one to a connection that does not exist or takes no webhooks: the same 401,
 * so the answers do not tell which connection ids exist (decision 078).
 */
export const notVerified = () => new HttpError(401, 'unauthorized', WEBHOOK_NOT_VERIFIED)
const acknowledged = (message: string): WebhookAnswer => ({
  status: 202,
  body: { queued: false, duplicate: false, message },
})

export async function receiveWebhook(
  context: WebhookContext,
  connection: CodeHostConnectionRow & { kind: 'github' | 'gitlab' },
  delivery: { headers: WebhookHeaders; rawBody: Buffer },
): Promise<WebhookAnswer> {
  const { db, jobQueue } = context
  let secret: string
  try {
    secret = openSecret(context.authSecret, connection.companyId, connection.sealedWebhookSecret)
  } catch (error) {
    if (!(error instanceof SealedSecretError)) throw error
    // AUTH_SECRET changed since the connection was made: no delivery can be verified until an admin saves a new secret
    context.log?.warn({ connectionId: connection.id }, 'code-host webhook secret does not open')
    throw notVerified()
  }
  const verification = verifyWebhook(connection.kind, { ...delivery, secret })
  if (!verification.ok) {
    if (verification.reason === 'ignored_event') return acknowledged(verification.message)
    if (verification.reason === 'bad_payload') throw badRequest(verification.message)
    throw notVerified()
  }
  const { webhook } = verification
  if (webhook.event === 'ping') return acknowledged('Webhook received; pushes to the default branch are synced.')
  const keepSince = new Date(Date.now() - DELIVERY_IDS_KEPT_DAYS * 24 * 60 * 60 * 1000)
  return db.transaction(async (tx) => {
    if (!(await recordDelivery(tx, connection.id, webhook.deliveryId, keepSince))) {
      return {
        status: 200,
        body: { queued: false, duplicate: true, message: 'This delivery was already received.' },
      } satisfies WebhookAnswer
    }
    const repository = webhook.repository
      ? await findSyncedRepositoryByHostId(tx, connection.id, webhook.repository.hostId)
      : null
    // skipped: filtered out (archived, a fork, an excluded name) or no longer listed; a sync decides those
    if (!repository || repository.state === 'skipped') {
      return acknowledged('The repository is not synced by this connection.')
    }
    if (!webhook.headCommit || webhook.ref !== `refs/heads/${repository.defaultBranch}`) {
      return acknowledged('Only pushes to the default branch are synced.')
    }
    // already waiting: that scan reads the branch as it is when it runs. A running scan may have read the branch
    // before this push: a second job follows it (one at a time per host), and the running one, finding its row
    // queued again, writes nothing
    if (repository.state !== 'queued') {
      await queueRepositoryScan(tx, jobQueue, repository)
    }
    return {
      status: 202,
      body: { queued: true, duplicate: false, message: `A rescan of ${repository.fullName} is queued.` },
    } satisfies WebhookAnswer
  })
}
