// Connecting, changing and removing a company's code host, and starting a sync (issue 18 "Connect", decision 063):
// each in one transaction with its audit record. The credentials and the webhook secret are sealed before they are
// written and never leave the server, except a webhook secret the server made, once, in the PUT's answer.
import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { CODE_HOST_NEEDS_CREDENTIALS, NO_CODE_HOST, type PutCodeHostBody } from '#contracts/code-hosts.ts'
import type { Db } from '../../db/client.ts'
import { codeHostConnections } from '../../db/schema/index.ts'
import { badRequest, fieldError, notFound } from '../../http/errors.ts'
import type { JobQueue } from '../../queue/job-queue.ts'
import { type AuditContext, recordAudit } from '../audit/audit.service.ts'
import type { CompanyRow } from '../companies/companies.queries.ts'
import { sealSecret } from './code-host-secrets.ts'
import { openAuth, publicSettingsOf, sealAuth, storedAuthOf } from './code-host-settings.ts'
import { queueSync } from './code-host-sync.ts'
import { type CodeHostConnectionRow, findConnectionOfCompany } from './code-hosts.queries.ts'
import { releaseSyncedStacks } from './stack-sync.service.ts'

interface Context {
  db: Db
  authSecret: string
  audit: AuditContext
}

const auditSubject = (company: CompanyRow) => ({
  subjectType: 'company' as const,
  subjectId: company.id,
  subjectLabel: company.name,
})

/** What the audit log keeps of a connection: its clear settings and filters, never a secret. */
function auditedSettings(row: CodeHostConnectionRow) {
  return {
    settings: row.settings,
    include: row.includePatterns,
    exclude: row.excludePatterns,
    skip_archived: row.skipArchived,
    skip_forks: row.skipForks,
    removal_policy: row.removalPolicy,
    schedule: row.schedule,
  }
}

/**
 * Connects a code host or replaces its settings (credentials sent, or kept when left out and of the same kind), or
 * just its credentials. Answers the row and the webhook secret when the server made one.
 */
export async function saveCodeHost(
  { db, authSecret, audit }: Context,
  company: CompanyRow,
  body: PutCodeHostBody,
): Promise<{ connection: CodeHostConnectionRow; madeWebhookSecret: string | null }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(codeHostConnections)
      .where(eq(codeHostConnections.companyId, company.id))
      .for('update')
    let madeWebhookSecret: string | null = null
    let values: Partial<typeof codeHostConnections.$inferInsert>
    if (!('kind' in body)) {
      // just the credentials
      if (!before) throw notFound(NO_CODE_HOST)
      if (before.kind === 'git') throw badRequest('A list of git URLs takes no credentials.')
      if (before.kind === 'gitlab' && body.auth.type !== 'token') throw fieldError('auth', 'must be a token for GitLab')
      const settings = before.settings
      values = {
        sealedSecret: sealAuth(authSecret, company.id, storedAuthOf(body.auth)),
        settings:
          settings.kind === 'github'
            ? {
                kind: 'github',
                apiUrl: settings.apiUrl,
                owner: settings.owner,
                authType: body.auth.type,
                ...(body.auth.type === 'app'
                  ? { appId: body.auth.app_id, installationId: body.auth.installation_id }
                  : {}),
              }
            : settings,
      }
    } else {
      const sameKind = before?.kind === body.kind
      const sentAuth = 'auth' in body && body.auth ? storedAuthOf(body.auth) : null
      const keptAuth = sameKind && before ? openAuth(authSecret, before) : null
      const auth = body.kind === 'git' ? null : (sentAuth ?? keptAuth)
      if (body.kind !== 'git' && !auth) throw fieldError('auth', CODE_HOST_NEEDS_CREDENTIALS)
      const webhookSecret = body.webhook_secret ?? (before ? null : crypto.randomBytes(24).toString('base64url'))
      if (!body.webhook_secret && !before) madeWebhookSecret = webhookSecret
      values = {
        kind: body.kind,
        settings: publicSettingsOf(body, auth),
        sealedSecret: auth ? sealAuth(authSecret, company.id, auth) : null,
        ...(webhookSecret ? { sealedWebhookSecret: sealSecret(authSecret, company.id, webhookSecret) } : {}),
        includePatterns: body.include,
        excludePatterns: body.exclude,
        skipArchived: body.skip_archived,
        skipForks: body.skip_forks,
        removalPolicy: body.removal_policy,
        schedule: body.schedule,
      }
    }
    const [connection] = before
      ? await tx
          .update(codeHostConnections)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(codeHostConnections.id, before.id))
          .returning()
      : await tx
          .insert(codeHostConnections)
          .values({ ...(values as typeof codeHostConnections.$inferInsert), companyId: company.id })
          .returning()
    await recordAudit(tx, audit, {
      action: before ? 'company.code_host_replaced' : 'company.code_host_connected',
      ...auditSubject(company),
      details: {
        ...(before ? { before: auditedSettings(before) } : {}),
        after: auditedSettings(connection!),
        credentials_replaced: !('kind' in body) || Boolean('auth' in body && body.auth),
      },
    })
    return { connection: connection!, madeWebhookSecret }
  })
}

/** Removes the connection and its repositories' records; the stacks stay as ordinary stacks (decision 079). */
export async function removeCodeHost({ db, audit }: Omit<Context, 'authSecret'>, company: CompanyRow): Promise<void> {
  await db.transaction(async (tx) => {
    const connection = await findConnectionOfCompany(tx, company.id)
    if (connection) await releaseSyncedStacks(tx, connection.id)
    const [removed] = await tx
      .delete(codeHostConnections)
      .where(eq(codeHostConnections.companyId, company.id))
      .returning()
    if (!removed) throw notFound(NO_CODE_HOST)
    await recordAudit(tx, audit, {
      action: 'company.code_host_removed',
      ...auditSubject(company),
      details: { before: auditedSettings(removed) },
    })
  })
}

export async function startSync(
  { db, audit, jobQueue }: Omit<Context, 'authSecret'> & { jobQueue: JobQueue },
  company: CompanyRow,
): Promise<void> {
  await db.transaction(async (tx) => {
    const connection = await findConnectionOfCompany(tx, company.id)
    if (!connection) throw notFound(NO_CODE_HOST)
    await queueSync(tx, jobQueue, connection.id)
    await recordAudit(tx, audit, {
      action: 'company.code_host_sync_started',
      ...auditSubject(company),
      details: { connection_id: connection.id },
    })
  })
}
