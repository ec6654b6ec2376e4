// A fake GitHub OAuth server on a loopback port (authorize, token, user and e-mail endpoints), for testing the real
// sign-in path: Better Auth's GitHub provider has its endpoints written in (github.com, api.github.com), so while
// the fake runs, fetches to those two hosts are sent to it instead. Nothing else is intercepted.
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { App } from '../app.ts'
import { TestClient } from './client.ts'

export const FAKE_GITHUB_CLIENT = { clientId: 'fake-github-client', clientSecret: 'fake-github-secret' }

export interface GithubProfile {
  id: number
  login: string
  name: string | null
  email: string
  avatar_url?: string
}

export interface FakeGithub {
  /** The profile the next authorization hands out. */
  nextProfile: GithubProfile | null
  /** Token requests seen, to prove the exchange went through the fake. */
  tokenRequests: number
  /** Where it listens: github.com's paths are under /github.com/, api.github.com's under /api.github.com/. */
  origin: string
  close(): Promise<void>
}

const GITHUB_HOSTS = new Set(['github.com', 'api.github.com'])

export async function startFakeGithub(): Promise<FakeGithub> {
  const codes = new Map<string, GithubProfile>()
  const tokens = new Map<string, GithubProfile>()
  const state: FakeGithub = { nextProfile: null, tokenRequests: 0, origin: '', close: async () => {} }

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake')
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers })
      response.end(JSON.stringify(body))
    }
    const bearer = (request.headers.authorization ?? '').replace(/^Bearer /i, '')

    if (request.method === 'GET' && url.pathname === '/github.com/login/oauth/authorize') {
      if (url.searchParams.get('client_id') !== FAKE_GITHUB_CLIENT.clientId || !state.nextProfile) {
        return send(400, { error: 'bad_authorize_request' })
      }
      const code = crypto.randomBytes(8).toString('hex')
      codes.set(code, state.nextProfile)
      const back = new URL(url.searchParams.get('redirect_uri') ?? '')
      back.searchParams.set('code', code)
      back.searchParams.set('state', url.searchParams.get('state') ?? '')
      response.writeHead(302, { location: back.href })
      return response.end()
    }
    if (request.method === 'POST' && url.pathname === '/github.com/login/oauth/access_token') {
      state.tokenRequests++
      const form = new URLSearchParams(await readBody(request))
      const profile = codes.get(form.get('code') ?? '')
      const secretOk =
        form.get('client_secret') === FAKE_GITHUB_CLIENT.clientSecret ||
        (request.headers.authorization ?? '').startsWith('Basic ')
      if (!profile || !secretOk) return send(200, { error: 'bad_verification_code' })
      codes.delete(form.get('code') ?? '')
      const token = crypto.randomBytes(12).toString('hex')
      tokens.set(token, profile)
      return send(200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' })
    }
    const profile = tokens.get(bearer)
    if (request.method === 'GET' && url.pathname === '/api.github.com/user') {
      if (!profile) return send(401, { message: 'Bad credentials' })
      return send(200, { avatar_url: null, ...profile })
    }
    if (request.method === 'GET' && url.pathname === '/api.github.com/user/emails') {
      if (!profile) return send(401, { message: 'Bad credentials' })
      return send(200, [{ email: profile.email, primary: true, verified: true, visibility: 'public' }])
    }
    send(404, { message: 'Not Found' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  state.origin = origin

  const realFetch = globalThis.fetch
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : null
    const url = new URL(request ? request.url : input.toString())
    if (!GITHUB_HOSTS.has(url.hostname)) return realFetch(input, init)
    const target = `${origin}/${url.hostname}${url.pathname}${url.search}`
    return request ? realFetch(new Request(target, request), init) : realFetch(target, init)
  }
  state.close = async () => {
    globalThis.fetch = realFetch
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  return state
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

/** Cookie pairs of a response, merged over earlier ones by name. */
function mergeCookies(jar: Map<string, string>, setCookie: string | string[] | number | undefined) {
  const list = Array.isArray(setCookie) ? setCookie : typeof setCookie === 'string' ? [setCookie] : []
  for (const cookie of list) {
    const pair = cookie.split(';')[0] ?? ''
    const at = pair.indexOf('=')
    if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1))
  }
}

/**
 * The whole browser round trip: ask the app for GitHub's authorize URL, let the fake GitHub authorize `profile` and
 * send the browser back with a code, then open the app's callback. Answers the callback's status and redirect, and
 * a client carrying the cookies the browser would hold (the session cookie when sign-in worked).
 */
export async function signInWithGithub(app: App, github: FakeGithub, profile: GithubProfile, callbackURL = '/') {
  github.nextProfile = profile
  const jar = new Map<string, string>()
  const start = await new TestClient(app).post('/api/auth/sign-in/social', { provider: 'github', callbackURL })
  if (start.status !== 200) throw new Error(`sign-in/social answered ${start.status}: ${JSON.stringify(start.body)}`)
  mergeCookies(jar, start.headers['set-cookie'])
  const authorize = await fetch(start.body.url as string, { redirect: 'manual' })
  const back = new URL(authorize.headers.get('location') ?? '')
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
  const callback = await new TestClient(app, cookie()).get(`${back.pathname}${back.search}`)
  mergeCookies(jar, callback.headers['set-cookie'])
  return { status: callback.status, location: callback.headers.location, client: new TestClient(app, cookie()) }
}
