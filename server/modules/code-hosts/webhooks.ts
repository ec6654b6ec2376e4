// Push webhooks from GitHub and GitLab, verified (issue 18, "Keep current"): GitHub signs the raw body with the
// webhook's secret (X-Hub-Signature-256: sha256=<HMAC-SHA256 hex>); GitLab sends the secret itself (X-Gitlab-Token).
// Both are compared in constant time. Pure: the route reads the raw body and the connection's secret, stores the seen
// delivery ids (a replayed delivery carries the same id) and queues the rescan. docs/decisions/062-code-host-clients.md
import crypto from 'node:crypto'
import type { CodeHostKind } from './code-host.ts'

export type WebhookHeaders = Record<string, string | string[] | undefined>

export interface VerifiedWebhook {
  /** GitHub's X-GitHub-Delivery; GitLab's Idempotency-Key, else X-Gitlab-Event-UUID. The same on a redelivery. */
  deliveryId: string
  /** 'ping': GitHub's hello when a webhook is created (no repository for an organisation's webhook). */
  event: 'push' | 'ping'
  /** The host's id (GitHub's and GitLab's numeric ids, as HostedRepository.hostId) and full name. */
  repository: { hostId: string; fullName: string } | null
  /** 'refs/heads/main'; null for a ping. */
  ref: string | null
  /** The commit the ref now points to; null for a ping or a deleted branch. */
  headCommit: string | null
}

export type WebhookRefusalReason =
  /** A header the host always sends is missing: not a delivery of this host. */
  | 'missing_header'
  /** The signature or token does not match the connection's secret (or the connection has none). */
  | 'bad_signature'
  /** Authentic, but an event we do not act on (GitHub's issues, GitLab's Merge Request Hook, ...). */
  | 'ignored_event'
  /** Authentic, but the body is not the JSON of a push. */
  | 'bad_payload'

export type WebhookVerification =
  | { ok: true; webhook: VerifiedWebhook }
  | { ok: false; reason: WebhookRefusalReason; message: string }

export interface WebhookDelivery {
  headers: WebhookHeaders
  /** The body exactly as received: the signature is over these bytes, not over re-serialised JSON. */
  rawBody: Buffer
  /** The connection's webhook secret. */
  secret: string
}

/** Verifies a delivery for a connection of this kind: a VerifiedWebhook, or why it is refused. */
export function verifyWebhook(kind: Exclude<CodeHostKind, 'git'>, delivery: WebhookDelivery): WebhookVerification {
  return kind === 'github' ? verifyGithubWebhook(delivery) : verifyGitlabWebhook(delivery)
}

const ZERO_COMMIT = /^0{40}$/

function headerOf(headers: WebhookHeaders, name: string): string | undefined {
  const wanted = name.toLowerCase()
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue
    const first = Array.isArray(value) ? value[0] : value
    return first?.trim() || undefined
  }
  return undefined
}

function refuse(reason: WebhookRefusalReason, message: string): WebhookVerification {
  return { ok: false, reason, message }
}

/** Equal strings in time that depends on neither their content nor their lengths (both are hashed first). */
function isSameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest()
  return crypto.timingSafeEqual(digest(given), digest(expected))
}

function parseJson(rawBody: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(rawBody.toString('utf8'))
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

function githubRepositoryOf(payload: Record<string, unknown>): VerifiedWebhook['repository'] {
  const repository = payload.repository as { id?: unknown; full_name?: unknown } | undefined
  if (typeof repository?.id !== 'number' || typeof repository.full_name !== 'string') return null
  return { hostId: String(repository.id), fullName: repository.full_name }
}

function verifyGithubWebhook({ headers, rawBody, secret }: WebhookDelivery): WebhookVerification {
  const deliveryId = headerOf(headers, 'x-github-delivery')
  const event = headerOf(headers, 'x-github-event')
  const signature = headerOf(headers, 'x-hub-signature-256')
  if (!deliveryId || !event) return refuse('missing_header', 'This is not a GitHub webhook delivery.')
  if (!signature) return refuse('missing_header', 'The delivery is not signed (X-Hub-Signature-256 is missing).')
  if (!secret) return refuse('bad_signature', 'This connection has no webhook secret.')
  const expected = `sha256=${crypto.createHmac('sha256', secret).update(rawBody).digest('hex')}`
  if (!isSameSecret(signature.toLowerCase(), expected)) {
    return refuse('bad_signature', 'The signature does not match the webhook secret.')
  }
  if (event !== 'push' && event !== 'ping') return refuse('ignored_event', `GitHub event "${event}" is not acted on.`)
  const payload = parseJson(rawBody)
  if (!payload) return refuse('bad_payload', 'The delivery is not JSON.')
  if (event === 'ping') {
    return {
      ok: true,
      webhook: { deliveryId, event, repository: githubRepositoryOf(payload), ref: null, headCommit: null },
    }
  }
  const repository = githubRepositoryOf(payload)
  if (!repository || typeof payload.ref !== 'string')
    return refuse('bad_payload', 'The push names no repository or ref.')
  const after = typeof payload.after === 'string' ? payload.after : null
  const head = (payload.head_commit as { id?: unknown } | null | undefined)?.id
  const headCommit =
    payload.deleted === true || (after && ZERO_COMMIT.test(after))
      ? null
      : (after ?? (typeof head === 'string' ? head : null))
  return { ok: true, webhook: { deliveryId, event, repository, ref: payload.ref, headCommit } }
}

function verifyGitlabWebhook({ headers, rawBody, secret }: WebhookDelivery): WebhookVerification {
  const event = headerOf(headers, 'x-gitlab-event')
  // GitLab 17.4 added Idempotency-Key, the same on every retry of one delivery; older ones send the event's UUID
  const deliveryId = headerOf(headers, 'idempotency-key') ?? headerOf(headers, 'x-gitlab-event-uuid')
  const token = headerOf(headers, 'x-gitlab-token')
  if (!event || !deliveryId) return refuse('missing_header', 'This is not a GitLab webhook delivery.')
  if (!token) return refuse('missing_header', 'The delivery carries no secret token (X-Gitlab-Token is missing).')
  if (!secret) return refuse('bad_signature', 'This connection has no webhook secret.')
  if (!isSameSecret(token, secret))
    return refuse('bad_signature', 'The secret token does not match the webhook secret.')
  if (event !== 'Push Hook') return refuse('ignored_event', `GitLab event "${event}" is not acted on.`)
  const payload = parseJson(rawBody)
  if (!payload) return refuse('bad_payload', 'The delivery is not JSON.')
  const project = payload.project as { id?: unknown; path_with_namespace?: unknown } | undefined
  const projectId = typeof project?.id === 'number' ? project.id : payload.project_id
  if (
    typeof projectId !== 'number' ||
    typeof project?.path_with_namespace !== 'string' ||
    typeof payload.ref !== 'string'
  ) {
    return refuse('bad_payload', 'The push names no project or ref.')
  }
  const after = typeof payload.after === 'string' ? payload.after : null
  return {
    ok: true,
    webhook: {
      deliveryId,
      event: 'push',
      repository: { hostId: String(projectId), fullName: project.path_with_namespace },
      ref: payload.ref,
      headCommit: after && !ZERO_COMMIT.test(after) ? after : null,
    },
  }
}
