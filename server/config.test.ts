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

describe('who may sign up, and how (issue 17)', () => {
  it('is a public site anyone may join unless told otherwise', () => {
    const config = configFromEnv(readEnv(base))
    expect(config.siteMode).toBe('public')
    expect(config.signup).toEqual({ mode: 'open', emailDomains: [] })
    expect(config.oidc).toBeUndefined()
    expect(config.ssoOnly).toBe(false)
  })

  it('limits sign-up to SIGNUP_EMAIL_DOMAINS when they are set alone, lower-cased', () => {
    const config = configFromEnv(readEnv({ ...base, SIGNUP_EMAIL_DOMAINS: 'Example.com, @example.org' }))
    expect(config.signup).toEqual({ mode: 'domains', emailDomains: ['example.com', 'example.org'] })
  })

  it('refuses at start a domain that is none, and domains mode without domains', () => {
    expect(() => readEnv({ ...base, SIGNUP_EMAIL_DOMAINS: 'example.com,not a domain' })).toThrow(
      '"not a domain" is not an e-mail domain',
    )
    expect(() => configFromEnv(readEnv({ ...base, SIGNUP_MODE: 'domains' }))).toThrow('needs SIGNUP_EMAIL_DOMAINS')
  })

  it('takes single sign-on from its three settings, all or none', () => {
    const sso = { OIDC_ISSUER: 'https://id.example.com/realms/acme/', OIDC_CLIENT_ID: 'atlas', OIDC_CLIENT_SECRET: 's' }
    expect(configFromEnv(readEnv({ ...base, ...sso, OIDC_NAME: 'Acme' })).oidc).toEqual({
      issuer: 'https://id.example.com/realms/acme',
      clientId: 'atlas',
      clientSecret: 's',
      name: 'Acme',
    })
    expect(() => configFromEnv(readEnv({ ...base, OIDC_ISSUER: sso.OIDC_ISSUER }))).toThrow(StartupError)
    expect(() => configFromEnv(readEnv({ ...base, SSO_ONLY: 'true' }))).toThrow('SSO_ONLY=true needs single sign-on')
    expect(configFromEnv(readEnv({ ...base, ...sso, SSO_ONLY: 'true' })).ssoOnly).toBe(true)
  })
})

describe('STORAGE_URL and the S3 settings', () => {
  const s3 = {
    STORAGE_URL: 's3://uploads-bucket/site/files/',
    S3_REGION: 'auto',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
  }

  it('keep files in UPLOAD_DIR unless set', () => {
    expect(configFromEnv(readEnv(base)).s3).toBeUndefined()
  })

  it('read the bucket and prefix from STORAGE_URL', () => {
    const config = configFromEnv(
      readEnv({ ...base, ...s3, S3_FORCE_PATH_STYLE: 'true', S3_PUBLIC_URL: 'https://cdn.example.com/' }),
    )
    expect(config.s3).toEqual({
      bucket: 'uploads-bucket',
      prefix: 'site/files/',
      endpoint: undefined,
      region: 'auto',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.com',
    })
    expect(configFromEnv(readEnv({ ...base, ...s3, STORAGE_URL: 's3://uploads-bucket' })).s3?.prefix).toBe('')
  })

  it('refuse at start a STORAGE_URL that is not s3://, incomplete settings, and S3 settings without STORAGE_URL', () => {
    expect(() => readEnv({ ...base, STORAGE_URL: 'https://bucket.example.com/' })).toThrow(
      'STORAGE_URL: must be s3://bucket or s3://bucket/prefix (unset: files in UPLOAD_DIR)',
    )
    expect(() => configFromEnv(readEnv({ ...base, STORAGE_URL: 's3://bucket', S3_ACCESS_KEY_ID: 'key' }))).toThrow(
      new StartupError(
        'STORAGE_URL=s3://bucket needs S3_REGION and S3_SECRET_ACCESS_KEY (S3_ENDPOINT too, unless the bucket is on AWS).',
      ),
    )
    expect(() => configFromEnv(readEnv({ ...base, S3_ENDPOINT: 'http://127.0.0.1:9000' }))).toThrow(
      new StartupError(
        'S3_ENDPOINT is set but STORAGE_URL is not: set STORAGE_URL=s3://bucket/prefix to store files in ' +
          'S3-compatible storage.',
      ),
    )
  })
})

describe('SCAN_ALLOW_PRIVATE_NETWORKS and CODE_HOST_ALLOW_PRIVATE_NETWORKS (decision 077)', () => {
  const reach = (env: Record<string, string>) => {
    const config = configFromEnv(readEnv({ ...base, ...env }))
    return [config.scanAllowPrivateNetworks, config.codeHostAllowPrivateNetworks]
  }

  it('are both off unless set', () => {
    expect(reach({})).toEqual([false, false])
  })

  it('let the code hosts follow the scans when unset, as before the two were apart', () => {
    expect(reach({ SCAN_ALLOW_PRIVATE_NETWORKS: 'true' })).toEqual([true, true])
    expect(reach({ SCAN_ALLOW_PRIVATE_NETWORKS: 'true', CODE_HOST_ALLOW_PRIVATE_NETWORKS: '' })).toEqual([true, true])
  })

  it('are apart when the code hosts have their own', () => {
    expect(reach({ CODE_HOST_ALLOW_PRIVATE_NETWORKS: 'true' })).toEqual([false, true])
    expect(reach({ SCAN_ALLOW_PRIVATE_NETWORKS: '1', CODE_HOST_ALLOW_PRIVATE_NETWORKS: 'false' })).toEqual([
      true,
      false,
    ])
  })
})
