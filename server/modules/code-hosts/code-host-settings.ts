// A connection's settings three ways (decision 063): what an admin sends (contracts/code-hosts.ts), what the row
// keeps (clear settings + sealed credentials), and what a client is built from (CodeHostSettings, secrets opened).
import type { z } from 'zod'
import type { CodeHostSecretBody, CodeHostSettingsBody } from '#contracts/code-hosts.ts'
import type { CodeHostPublicSettings } from '../../db/schema/index.ts'
import type { CodeHostSettings } from './code-host.ts'
import { openSecret, sealSecret } from './code-host-secrets.ts'
import type { CodeHostConnectionRow } from './code-hosts.queries.ts'

type SettingsInput = z.output<typeof CodeHostSettingsBody>
type AuthInput = z.output<typeof CodeHostSecretBody>['auth']
type StoredAuth = Extract<CodeHostSettings, { kind: 'github' }>['auth']

/** The clear part of the settings an admin sent; the credentials' kind comes from `auth` (sent or kept). */
export function publicSettingsOf(input: SettingsInput, auth: AuthInput | StoredAuth | null): CodeHostPublicSettings {
  switch (input.kind) {
    case 'github':
      return {
        kind: 'github',
        apiUrl: input.api_url.replace(/\/+$/, ''),
        owner: input.owner,
        authType: auth?.type ?? 'token',
        ...(auth?.type === 'app' ? { appId: appIdOf(auth), installationId: installationIdOf(auth) } : {}),
      }
    case 'gitlab':
      return { kind: 'gitlab', apiUrl: input.api_url.replace(/\/+$/, ''), group: input.group, authType: 'token' }
    case 'git':
      return { kind: 'git', urls: [...new Set(input.urls)] }
  }
}

const appIdOf = (auth: Extract<AuthInput | StoredAuth, { type: 'app' }>) =>
  'app_id' in auth ? auth.app_id : auth.appId
const installationIdOf = (auth: Extract<AuthInput | StoredAuth, { type: 'app' }>) =>
  'installation_id' in auth ? auth.installation_id : auth.installationId

/** The credentials as a client wants them. */
export function storedAuthOf(auth: AuthInput): StoredAuth {
  return auth.type === 'token'
    ? { type: 'token', token: auth.token }
    : { type: 'app', appId: auth.app_id, installationId: auth.installation_id, privateKey: auth.private_key }
}

export function sealAuth(authSecret: string, companyId: number, auth: StoredAuth): string {
  return sealSecret(authSecret, companyId, JSON.stringify(auth))
}

export function openAuth(authSecret: string, connection: Pick<CodeHostConnectionRow, 'companyId' | 'sealedSecret'>) {
  return connection.sealedSecret === null
    ? null
    : (JSON.parse(openSecret(authSecret, connection.companyId, connection.sealedSecret)) as StoredAuth)
}

/** What the connection's client is built from: its settings with the credentials opened. */
export function settingsOfConnection(authSecret: string, connection: CodeHostConnectionRow): CodeHostSettings {
  const settings = connection.settings
  if (settings.kind === 'git') return { kind: 'git', urls: settings.urls }
  const auth = openAuth(authSecret, connection)
  if (!auth) throw new Error(`code-host connection ${connection.id} has no credentials`)
  if (settings.kind === 'github') return { kind: 'github', apiUrl: settings.apiUrl, owner: settings.owner, auth }
  if (auth.type !== 'token') throw new Error(`code-host connection ${connection.id}: GitLab takes a token`)
  return { kind: 'gitlab', apiUrl: settings.apiUrl, group: settings.group, auth }
}
