// A real OpenID Connect provider on a loopback port for the single sign-on tests (API and browser): the npm
// `oidc-provider` package, a certified implementation, with one confidential client whose redirect URIs are the
// sites under test, a few people (verified and unverified addresses), and a small login page of our own (type the
// login, press "Sign in"), which a browser fills in and the API tests post with fetch. Nothing is faked on our side
// of the flow: discovery, the authorization request with state, nonce and PKCE, the code exchange, the signed ID
// token and the userinfo answer are all the provider's. One test switch: `wrongNonce` makes the provider put another
// nonce in the next ID tokens, as a replayed or substituted token would carry.
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

export const OIDC_TEST_CLIENT = { clientId: 'stackatlas-test', clientSecret: 'stackatlas-test-secret-0123456789' }

export interface OidcPerson {
  /** What the person types on the provider's login page. */
  login: string
  /** The stable subject (`sub`) the provider gives the site. */
  sub: string
  email: string
  emailVerified: boolean
  name: string
  preferredUsername?: string
}

/** People every test provider knows; tests add their own with addPerson. */
export const OIDC_PEOPLE: OidcPerson[] = [
  { login: 'ada', sub: 'sub-ada', email: 'ada@example.test', emailVerified: true, name: 'Ada Lovelace' },
  { login: 'unverified', sub: 'sub-unverified', email: 'unverified@example.test', emailVerified: false, name: 'Una' },
  { login: 'outsider', sub: 'sub-outsider', email: 'outsider@elsewhere.test', emailVerified: true, name: 'Otto' },
]

export interface OidcTestProvider {
  issuer: string
  /** Add someone the provider can sign in. */
  addPerson(person: OidcPerson): void
  /** Test switch: while true, ID tokens carry a nonce other than the one the site sent. */
  wrongNonce: boolean
  /**
   * Test switch: while true, the browser is sent back to the site with another `state` than the site gave, as a
   * tampered or forged callback link would carry (a browser test cannot alter a redirect on its way).
   */
  tamperState: boolean
  /** Token requests seen: proof that the code exchange reached the provider. */
  tokenRequests: number
  /**
   * The browser's part at the provider, done with fetch: follow the authorization URL to the login page, sign in as
   * `login`, and answer where the provider sends the browser back (the site's callback, or its error).
   */
  signIn(authorizationUrl: string, login: string): Promise<URL>
  close(): Promise<void>
}

export async function startOidcProvider(
  options: { redirectUris: string[]; port?: number; host?: string } = { redirectUris: [] },
): Promise<OidcTestProvider> {
  const host = options.host ?? '127.0.0.1'
  const people = new Map(OIDC_PEOPLE.map((person) => [person.login, person]))
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve))
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`

  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' }
  const findPerson = (sub: string) => [...people.values()].find((person) => person.sub === sub)

  const provider = new Provider(issuer, {
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: OIDC_TEST_CLIENT.clientId,
        client_secret: OIDC_TEST_CLIENT.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [crypto.randomBytes(16).toString('hex')] },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, sub: string) => {
      const person = findPerson(sub)
      if (!person) return undefined
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: person.email,
          email_verified: person.emailVerified,
          name: person.name,
          preferred_username: person.preferredUsername ?? person.login,
        }),
      }
    },
    // The site is the company's own application: no consent screen, the scopes it asks for are granted.
    loadExistingGrant: async (ctx: {
      oidc: { client: { clientId: string }; session: { accountId?: string }; params: { scope?: string } }
    }) => {
      const accountId = ctx.oidc.session.accountId
      if (!accountId) return undefined
      const grant = new provider.Grant({ clientId: ctx.oidc.client.clientId, accountId })
      grant.addOIDCScope(ctx.oidc.params.scope ?? 'openid')
      await grant.save()
      return grant
    },
    renderError: async (ctx: { type: string; body: string }, out: Record<string, string>) => {
      ctx.type = 'html'
      ctx.body = page('Error', `<p>${escapeHtml(out.error ?? '')}: ${escapeHtml(out.error_description ?? '')}</p>`)
    },
  })

  const state: OidcTestProvider = {
    issuer,
    wrongNonce: false,
    tamperState: false,
    tokenRequests: 0,
    addPerson: (person) => people.set(person.login, person),
    signIn: (authorizationUrl, login) => signInWithFetch(authorizationUrl, login),
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }

  provider.use(async (ctx, next) => {
    if (ctx.path === '/token' && ctx.method === 'POST') state.tokenRequests++
    // The nonce the provider stores with the code, and puts in the ID token, is the one the request named.
    if (state.wrongNonce && ctx.path === '/auth' && typeof ctx.query.nonce === 'string') {
      const query = new URLSearchParams(ctx.querystring)
      query.set('nonce', `not-${ctx.query.nonce}`)
      ctx.querystring = query.toString()
    }
    await next()
    const location = ctx.response.get('location')
    if (state.tamperState && location && options.redirectUris.some((uri) => location.startsWith(`${uri}?`))) {
      const back = new URL(location)
      back.searchParams.set('state', `tampered-${back.searchParams.get('state')}`)
      ctx.set('location', back.href)
    }
  })

  const providerHandler = provider.callback()
  server.on('request', async (request, response) => {
    const url = new URL(request.url ?? '/', issuer)
    const interaction = /^\/interaction\/([^/]+)(\/login)?$/.exec(url.pathname)
    if (!interaction) return providerHandler(request, response)
    try {
      const details = await provider.interactionDetails(request, response)
      if (request.method === 'POST' && interaction[2]) {
        const form = new URLSearchParams(await readBody(request))
        const person = people.get((form.get('login') ?? '').trim())
        if (!person) return sendHtml(response, 200, loginPage(details.uid, 'No such person here.'))
        return provider.interactionFinished(
          request,
          response,
          { login: { accountId: person.sub } },
          { mergeWithLastSubmission: false },
        )
      }
      sendHtml(response, 200, loginPage(details.uid))
    } catch (error) {
      sendHtml(response, 400, page('Error', `<p>${escapeHtml(String(error))}</p>`))
    }
  })

  return state
}

/**
 * The provider's storage (sessions, interactions, codes, tokens) in this process's memory, one store per provider:
 * the package's own stands in too, but warns on every start that it is for development.
 */
function memoryAdapter() {
  const store = new Map<string, { payload: Record<string, unknown>; expiresAt: number }>()
  const live = (key: string) => {
    const entry = store.get(key)
    if (entry && entry.expiresAt <= Date.now()) store.delete(key)
    return entry && entry.expiresAt > Date.now() ? entry.payload : undefined
  }
  return class MemoryStore {
    readonly model: string
    constructor(model: string) {
      this.model = model
    }
    key(id: string) {
      return `${this.model}:${id}`
    }
    async upsert(id: string, payload: Record<string, unknown>, expiresIn: number) {
      store.set(this.key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 })
    }
    async find(id: string) {
      return live(this.key(id))
    }
    async findByUid(uid: string) {
      for (const key of store.keys()) {
        if (key.startsWith(`${this.model}:`) && live(key)?.uid === uid) return live(key)
      }
      return undefined
    }
    async findByUserCode(userCode: string) {
      for (const key of store.keys()) {
        if (key.startsWith(`${this.model}:`) && live(key)?.userCode === userCode) return live(key)
      }
      return undefined
    }
    async consume(id: string) {
      const payload = live(this.key(id))
      if (payload) payload.consumed = Math.floor(Date.now() / 1000)
    }
    async destroy(id: string) {
      store.delete(this.key(id))
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, entry] of store) if (entry.payload.grantId === grantId) store.delete(key)
    }
  }
}

/** The login page: one field, one button; no script, no outside resource. */
function loginPage(uid: string, problem?: string): string {
  return page(
    'Test identity provider',
    `${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ''}
    <form method="post" action="/interaction/${encodeURIComponent(uid)}/login">
      <label>Login <input name="login" autocomplete="username" required autofocus></label>
      <button type="submit">Sign in</button>
    </form>`,
  )
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body><h1>${title}</h1>${body}</body></html>`
}

function sendHtml(response: http.ServerResponse, status: number, html: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
  response.end(html)
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    request.setEncoding('utf8')
    request.on('data', (chunk) => {
      text += chunk
    })
    request.on('end', () => resolve(text))
    request.on('error', reject)
  })
}

/**
 * What a browser does at the provider, with fetch and a cookie jar: open the authorization URL, post the login form,
 * follow the provider's redirects until one leaves the provider (the site's callback).
 */
async function signInWithFetch(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>()
  const issuerOrigin = new URL(authorizationUrl).origin
  const go = async (url: URL, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    })
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(';')[0] ?? ''
      const at = pair.indexOf('=')
      if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1))
    }
    return response
  }
  let url = new URL(authorizationUrl)
  let response = await go(url)
  for (let hop = 0; hop < 10; hop++) {
    const location = response.headers.get('location')
    if (location) {
      url = new URL(location, url)
      if (url.origin !== issuerOrigin) return url
      response = await go(url)
      continue
    }
    const html = await response.text()
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]
    if (!action) throw new Error(`the provider answered ${response.status} without a way on: ${html.slice(0, 300)}`)
    url = new URL(action.replaceAll('&#38;', '&'), url)
    response = await go(url, {
      method: 'POST',
      body: new URLSearchParams({ login }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
  }
  throw new Error('the provider kept redirecting')
}
