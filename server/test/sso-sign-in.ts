// The browser's round trip of a single sign-on, for API tests: our app (app.inject) and the test provider
// (server/test/oidc-provider.ts, fetch over loopback), with the cookies a browser would carry.
import type { App } from '../app.ts'
import { TestClient } from './client.ts'
import type { OidcTestProvider } from './oidc-provider.ts'

/**
 * The whole browser round trip through the app: ask it for the provider's authorization URL (the browser gets the
 * state cookie), sign in at the provider as `login`, then open the callback the provider sends the browser back to,
 * optionally altered by `tamper` first. Answers the callback's status and redirect, and a client carrying the cookies
 * the browser would then hold (the session cookie when sign-in worked).
 */
export async function signInWithSso(
  app: App,
  provider: OidcTestProvider,
  login: string,
  options: { callbackURL?: string; tamper?: (callback: URL) => void; cookies?: 'keep' | 'drop' } = {},
) {
  const jar = new Map<string, string>()
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
  const start = await new TestClient(app).post('/api/auth/sign-in/social', {
    provider: 'oidc',
    callbackURL: options.callbackURL ?? '/',
  })
  if (start.status !== 200) throw new Error(`sign-in/social answered ${start.status}: ${JSON.stringify(start.body)}`)
  if (options.cookies !== 'drop') mergeCookies(jar, start.headers['set-cookie'])
  const authorizationUrl = new URL(start.body.url as string)
  const back = await provider.signIn(authorizationUrl.href, login)
  options.tamper?.(back)
  const callback = await new TestClient(app, cookie()).get(`${back.pathname}${back.search}`)
  mergeCookies(jar, callback.headers['set-cookie'])
  const location = typeof callback.headers.location === 'string' ? callback.headers.location : undefined
  return { status: callback.status, location, authorizationUrl, client: new TestClient(app, cookie()) }
}

function mergeCookies(jar: Map<string, string>, setCookie: string | string[] | number | undefined) {
  const list = Array.isArray(setCookie) ? setCookie : typeof setCookie === 'string' ? [setCookie] : []
  for (const cookie of list) {
    const pair = cookie.split(';')[0] ?? ''
    const at = pair.indexOf('=')
    if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1))
  }
}
