// Push webhooks verified as GitHub and GitLab send them (payloads shaped like their documentation's examples): the
// good ones give the delivery id, repository, ref and commit; a wrong signature or token, a missing header, another
// event or a body that is not a push are refused with their reason. Replays are the caller's to detect, by the
// delivery id returned here. docs/decisions/062-code-host-clients.md
import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { verifyWebhook, type WebhookHeaders } from './webhooks.ts'

const SECRET = 'It’s a Secret to Everybody'
const AFTER = '0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c'

const githubPush = {
  ref: 'refs/heads/main',
  before: '6113728f27ae82c7b1a177c8d03f9e96e0adf246',
  after: AFTER,
  created: false,
  deleted: false,
  forced: false,
  base_ref: null,
  compare: 'https://github.com/acme/api/compare/6113728f27ae...0d1a26e67d8f',
  commits: [
    { id: AFTER, message: 'Add Redis', timestamp: '2026-11-27T08:00:00Z', added: [], removed: [], modified: [] },
  ],
  head_commit: { id: AFTER, message: 'Add Redis', timestamp: '2026-11-27T08:00:00Z' },
  repository: {
    id: 1296269,
    node_id: 'MDEwOlJlcG9zaXRvcnkxMjk2MjY5',
    name: 'api',
    full_name: 'acme/api',
    private: true,
  },
  pusher: { name: 'octocat', email: 'octocat@github.com' },
  sender: { login: 'octocat', id: 1 },
}

const gitlabPush = {
  object_kind: 'push',
  event_name: 'push',
  before: '95790bf891e76fee5e1747ab589903a6a1f80f22',
  after: AFTER,
  ref: 'refs/heads/main',
  ref_protected: true,
  checkout_sha: AFTER,
  user_id: 4,
  user_name: 'John Smith',
  project_id: 15,
  project: {
    id: 15,
    name: 'api',
    web_url: 'https://gitlab.example.com/acme/platform/api',
    path_with_namespace: 'acme/platform/api',
    default_branch: 'main',
  },
  commits: [{ id: AFTER, message: 'Add Redis', timestamp: '2026-11-27T08:00:00+00:00' }],
  total_commits_count: 1,
}

function githubDelivery(payload: unknown, overrides: WebhookHeaders = {}, secret = SECRET) {
  const rawBody = Buffer.from(JSON.stringify(payload))
  const signature = `sha256=${crypto.createHmac('sha256', SECRET).update(rawBody).digest('hex')}`
  const headers: WebhookHeaders = {
    'x-github-delivery': '72d3162e-cc78-11e3-81ab-4c9367dc0958',
    'x-github-event': 'push',
    'x-hub-signature-256': signature,
    'content-type': 'application/json',
    ...overrides,
  }
  return verifyWebhook('github', { headers, rawBody, secret })
}

function gitlabDelivery(payload: unknown, overrides: WebhookHeaders = {}, secret = SECRET) {
  const headers: WebhookHeaders = {
    'x-gitlab-event': 'Push Hook',
    'x-gitlab-token': SECRET,
    'x-gitlab-event-uuid': '13792a34-cac6-4fda-95a8-c58e00a3954e',
    'content-type': 'application/json',
    ...overrides,
  }
  return verifyWebhook('gitlab', { headers, rawBody: Buffer.from(JSON.stringify(payload)), secret })
}

describe('GitHub push webhooks', () => {
  it('accepts a signed push and returns its delivery id, repository, ref and commit', () => {
    expect(githubDelivery(githubPush)).toEqual({
      ok: true,
      webhook: {
        deliveryId: '72d3162e-cc78-11e3-81ab-4c9367dc0958',
        event: 'push',
        repository: { hostId: '1296269', fullName: 'acme/api' },
        ref: 'refs/heads/main',
        headCommit: AFTER,
      },
    })
  })

  it('returns the same delivery id for a redelivery, so the caller can ignore the replay', () => {
    const first = githubDelivery(githubPush)
    const again = githubDelivery(githubPush)
    expect(first.ok && again.ok && first.webhook.deliveryId === again.webhook.deliveryId).toBe(true)
  })

  it('checks the signature over the raw bytes, not re-serialised JSON', () => {
    const rawBody = Buffer.from(JSON.stringify(githubPush, null, 2))
    const signature = `sha256=${crypto.createHmac('sha256', SECRET).update(rawBody).digest('hex')}`
    const headers = { 'X-GitHub-Delivery': 'd-1', 'X-GitHub-Event': 'push', 'X-Hub-Signature-256': signature }
    expect(verifyWebhook('github', { headers, rawBody, secret: SECRET }).ok).toBe(true)
    const reformatted = Buffer.from(JSON.stringify(githubPush))
    expect(verifyWebhook('github', { headers, rawBody: reformatted, secret: SECRET })).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    })
  })

  it.each([
    ['another secret', {}, 'not the secret'],
    ['a tampered signature', { 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` }, SECRET],
    ['a signature of another length', { 'x-hub-signature-256': 'sha256=abc' }, SECRET],
    ['an empty connection secret', {}, ''],
  ])('refuses a delivery signed with %s as bad_signature', (_case, headers, secret) => {
    expect(githubDelivery(githubPush, headers, secret)).toMatchObject({ ok: false, reason: 'bad_signature' })
  })

  it.each([
    ['X-Hub-Signature-256', 'x-hub-signature-256'],
    ['X-GitHub-Delivery', 'x-github-delivery'],
    ['X-GitHub-Event', 'x-github-event'],
  ])('refuses a delivery without %s as missing_header', (_name, header) => {
    expect(githubDelivery(githubPush, { [header]: undefined })).toMatchObject({ ok: false, reason: 'missing_header' })
  })

  it('accepts a ping (an organisation webhook has no repository)', () => {
    const ping = { zen: 'Keep it logically awesome.', hook_id: 123, hook: { type: 'Organization' } }
    expect(githubDelivery(ping, { 'x-github-event': 'ping' })).toMatchObject({
      ok: true,
      webhook: { event: 'ping', repository: null, ref: null, headCommit: null },
    })
  })

  it('ignores an authentic event that is not a push', () => {
    expect(githubDelivery({ action: 'opened' }, { 'x-github-event': 'issues' })).toMatchObject({
      ok: false,
      reason: 'ignored_event',
    })
  })

  it('answers no head commit for a deleted branch', () => {
    const deleted = { ...githubPush, after: '0'.repeat(40), deleted: true, head_commit: null }
    expect(githubDelivery(deleted)).toMatchObject({ ok: true, webhook: { headCommit: null } })
  })

  it('refuses a signed body that is not a push as bad_payload', () => {
    expect(githubDelivery({ ref: 'refs/heads/main' })).toMatchObject({ ok: false, reason: 'bad_payload' })
  })
})

describe('GitLab push webhooks', () => {
  it('accepts a push with the secret token and returns its delivery id, project, ref and commit', () => {
    expect(gitlabDelivery(gitlabPush)).toEqual({
      ok: true,
      webhook: {
        deliveryId: '13792a34-cac6-4fda-95a8-c58e00a3954e',
        event: 'push',
        repository: { hostId: '15', fullName: 'acme/platform/api' },
        ref: 'refs/heads/main',
        headCommit: AFTER,
      },
    })
  })

  it('takes the Idempotency-Key as the delivery id when GitLab sends one (the same on its retries)', () => {
    const verified = gitlabDelivery(gitlabPush, { 'idempotency-key': 'f5a5f7bd-2bfb-4e1f-8d8e-3d1c7b6a4e21' })
    expect(verified).toMatchObject({ ok: true, webhook: { deliveryId: 'f5a5f7bd-2bfb-4e1f-8d8e-3d1c7b6a4e21' } })
  })

  it.each([
    ['a wrong token', { 'x-gitlab-token': 'guess' }, SECRET],
    ['a token that is a prefix of the secret', { 'x-gitlab-token': SECRET.slice(0, 5) }, SECRET],
    ['an empty connection secret', {}, ''],
  ])('refuses %s as bad_signature', (_case, headers, secret) => {
    expect(gitlabDelivery(gitlabPush, headers, secret)).toMatchObject({ ok: false, reason: 'bad_signature' })
  })

  it.each([
    ['X-Gitlab-Token', 'x-gitlab-token'],
    ['X-Gitlab-Event', 'x-gitlab-event'],
    ['X-Gitlab-Event-UUID (and no Idempotency-Key)', 'x-gitlab-event-uuid'],
  ])('refuses a delivery without %s as missing_header', (_name, header) => {
    expect(gitlabDelivery(gitlabPush, { [header]: undefined })).toMatchObject({ ok: false, reason: 'missing_header' })
  })

  it('ignores an authentic event that is not a push', () => {
    expect(gitlabDelivery({ object_kind: 'tag_push' }, { 'x-gitlab-event': 'Tag Push Hook' })).toMatchObject({
      ok: false,
      reason: 'ignored_event',
    })
  })

  it('refuses a body that is not JSON as bad_payload', () => {
    const headers = { 'x-gitlab-event': 'Push Hook', 'x-gitlab-token': SECRET, 'x-gitlab-event-uuid': 'u-1' }
    expect(verifyWebhook('gitlab', { headers, rawBody: Buffer.from('ref=main'), secret: SECRET })).toMatchObject({
      ok: false,
      reason: 'bad_payload',
    })
  })
})
