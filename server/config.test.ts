// TRUSTED_PROXIES and the site's origins as read from the environment (decision 035).
import { describe, expect, it } from 'vitest'
import { configFromEnv } from './config.ts'
import { readEnv } from './env.ts'
import { StartupError } from './startup-error.ts'

const base = { AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789', DATA_DIR: '.tmp/config-test' }

describe('TRUSTED_PROXIES', () => {
  it('is empty unless set, in production too', () => {
    expect(configFromEnv(readEnv({ ...base, NODE_ENV: 'production' })).trustedProxies).toEqual([])
  })

  it('reads addresses, CIDRs and range names, comma-separated', () => {
    const env = readEnv({ ...base, TRUSTED_PROXIES: ' 10.0.0.5, 10.0.0.0/8 ,fd00::/8,::1, loopback ' })
    expect(configFromEnv(env).trustedProxies).toEqual(['10.0.0.5', '10.0.0.0/8', 'fd00::/8', '::1', 'loopback'])
  })

  it('refuses at start an entry that is no address or CIDR, naming it', () => {
    for (const bad of ['proxy.internal', '10.0.0.0/33', '10.0.0.256', '::1/129', '10.0.0.0/8/1', '10.0.0.0/']) {
      expect(() => readEnv({ ...base, TRUSTED_PROXIES: `10.0.0.1,${bad}` })).toThrow(StartupError)
      expect(() => readEnv({ ...base, TRUSTED_PROXIES: bad })).toThrow(`"${bad}" is not an IP address or CIDR range`)
    }
  })
})

describe("the site's origins", () => {
  it("accept BASE_URL's loopback aliases on the same port in development", () => {
    const config = configFromEnv(readEnv({ ...base, BASE_URL: 'http://localhost:3000' }))
    expect(config.trustedOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])
  })

  it('are BASE_URL and TRUSTED_ORIGINS alone in production, and for a BASE_URL that is no loopback name', () => {
    const production = readEnv({ ...base, NODE_ENV: 'production', BASE_URL: 'http://localhost:3000' })
    expect(configFromEnv(production).trustedOrigins).toEqual(['http://localhost:3000'])
    const named = readEnv({ ...base, BASE_URL: 'https://atlas.example', TRUSTED_ORIGINS: 'https://www.atlas.example' })
    expect(configFromEnv(named).trustedOrigins).toEqual(['https://atlas.example', 'https://www.atlas.example'])
  })
})
