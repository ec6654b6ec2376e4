// Fixture websites served by a local HTTP server: headers, cookies, meta generator, script URLs (WordPress paths,
// React and jQuery from CDNs), inline scripts. Detection goes through the real fingerprints and the catalog mapping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FixtureSite, serveSite } from '../../test/scan-servers.ts'
import { loadCatalogLookup } from './catalog-lookup.ts'
import { loadFingerprints } from './fingerprints.ts'
import { extractPageSignals } from './html-signals.ts'
import { type DetectedTool, mapSignals } from './tool-mapper.ts'
import { analyzePage, analyzeWebsite } from './website-analyzer.ts'

const wordpressPage = `<!DOCTYPE html>
<html lang="en-US">
<head>
  <meta charset="UTF-8">
  <meta name="generator" content="WordPress 6.4.2" />
  <link rel='stylesheet' id='theme-css' href='/wp-content/themes/twentytwentyfour/style.css?ver=1.0' media='all' />
  <script src="/wp-includes/js/jquery/jquery.min.js?ver=3.7.1" id="jquery-core-js"></script>
  <script src="/wp-content/plugins/contact-form-7/includes/js/index.js?ver=5.8.4"></script>
  <title>Acme Blog</title>
</head>
<body class="home blog"><h1>Acme Blog</h1><p>Just another WordPress site</p></body>
</html>`

const reactPage = `<!doctype html>
<html>
<head>
  <script src="https://code.jquery.com/jquery-3.7.1.min.js"></script>
  <script src="https://unpkg.com/react@18.2.0/umd/react.production.min.js"></script>
  <script async src="https://www.googletagmanager.com/gtag/js?id=G-ABC123"></script>
  <script>window.dataLayer = window.dataLayer || []; function gtag(){dataLayer.push(arguments)} gtag('config', 'G-ABC123');</script>
</head>
<body><div id="root" data-reactroot=""><main>Shop</main></div></body>
</html>`

let site: FixtureSite
const toolsByName = (tools: DetectedTool[]) => new Map(tools.map((tool) => [tool.name, tool]))

beforeAll(async () => {
  // built and loaded once, before the tests: the catalog (about 3 s) and the fingerprints (about 0.3 s)
  loadCatalogLookup()
  await loadFingerprints()
  site = await serveSite({
    '/': {
      status: 301,
      headers: { location: '/blog/', 'set-cookie': 'wordpress_test_cookie=WP%20Cookie%20check; path=/' },
    },
    '/blog/': {
      headers: {
        server: 'nginx/1.25.3',
        'x-powered-by': 'PHP/8.2.12',
        link: '<https://acme.example/wp-json/>; rel="https://api.w.org/"',
      },
      body: wordpressPage,
    },
    '/shop': { headers: { server: 'cloudflare', 'cf-ray': '8a1b2c3d4e5f-AMS' }, body: reactPage },
    '/app': {
      headers: { 'set-cookie': ['XSRF-TOKEN=abc; path=/', 'laravel_session=def; path=/; httponly'] },
      body: '<html><head><title>App</title></head><body>Dashboard</body></html>',
    },
  })
}, 60_000)

afterAll(() => site.close())

describe('website analysis of fixture sites', () => {
  it('detects WordPress from its meta generator with the version, and the server behind it from headers', async () => {
    const analysis = await analyzeWebsite(`${site.origin}/`, { allowPrivateNetworks: true })
    expect(analysis.page.redirects).toEqual([`${site.origin}/blog/`])
    const fingerprints = new Map(analysis.fingerprints.map((fingerprint) => [fingerprint.name, fingerprint]))
    expect(fingerprints.get('WordPress')).toMatchObject({ version: '6.4.2', confidence: 100 })
    expect(fingerprints.get('WordPress')!.sources).toEqual(expect.arrayContaining(['meta generator']))
    expect(fingerprints.get('Nginx')).toMatchObject({ version: '1.25.3', sources: ['header server'] })
    expect(fingerprints.get('PHP')).toMatchObject({ version: '8.2.12' })
    expect(fingerprints.get('PHP')!.sources).toContain('header x-powered-by')
    expect(fingerprints.get('MySQL')!.sources).toEqual(['implied by WordPress'])
    expect(fingerprints.get('Contact Form 7')).toBeDefined() // requires WordPress: the second pass

    const tools = toolsByName(await mapSignals(analysis.signals, loadCatalogLookup()))
    expect(tools.get('WordPress')).toMatchObject({ slug: 'wordpress', version: '6.4.2', is_package: false })
    expect(tools.get('NGINX')).toMatchObject({ slug: 'nginx', version: '1.25.3', sources: ['header server'] })
    expect(tools.get('PHP')?.category).toBe('Languages')
    expect(tools.get('MySQL')).toBeDefined()
    expect(tools.get('jQuery')?.sources[0]).toMatch(/^script .*jquery\.min\.js/)
  })

  it('detects React, jQuery from its CDN with the version, Google Analytics and Cloudflare', async () => {
    const analysis = await analyzeWebsite(`${site.origin}/shop`, { allowPrivateNetworks: true })
    const tools = toolsByName(await mapSignals(analysis.signals, loadCatalogLookup()))
    expect(tools.get('React')).toBeDefined()
    expect(tools.get('jQuery')).toMatchObject({ version: '3.7.1' })
    expect(tools.get('jQuery')!.sources).toContain('script https://code.jquery.com/jquery-3.7.1.min.js')
    expect(tools.get('Google Analytics')).toBeDefined()
    expect(tools.get('Cloudflare')!.sources).toEqual(expect.arrayContaining(['header server']))
    expect(tools.has('WordPress')).toBe(false)
  })

  it('detects Laravel from its cookies, passed to the fingerprints as {name: [value]}', async () => {
    const analysis = await analyzeWebsite(`${site.origin}/app`, { allowPrivateNetworks: true })
    expect(analysis.page.cookies).toEqual({ 'xsrf-token': ['abc'], laravel_session: ['def'] })
    const laravel = analysis.fingerprints.find((fingerprint) => fingerprint.name === 'Laravel')
    expect(laravel?.sources).toContain('cookie laravel_session')
    expect(analysis.fingerprints.some((fingerprint) => fingerprint.name === 'PHP')).toBe(true)
  })

  it('analyzes an already fetched page without the network (the bench figure)', async () => {
    const analysis = await analyzePage({ url: 'https://acme.example/', headers: {}, cookies: {}, html: wordpressPage })
    expect(analysis.fingerprints.map((fingerprint) => fingerprint.name)).toContain('WordPress')
  })

  it('loads the fingerprint data once', async () => {
    expect(loadFingerprints()).toBe(loadFingerprints())
  })
})

describe('extractPageSignals', () => {
  it('collects script URLs resolved against the page, meta tags, inline scripts and text', () => {
    const signals = extractPageSignals(
      `<html><head><meta property="og:site_name" content="Acme &amp; Co"><META NAME="Generator" CONTENT="Hugo 0.120.4">
       <script type="module" src='/assets/app.js'></script><script>var a = "</div>";</script>
       <style>.x{color:red}</style></head><body><p>Hello <b>world</b></p><script>track()</script></body></html>`,
      'https://acme.example/blog/',
    )
    expect(signals.scriptSrc).toEqual(['https://acme.example/assets/app.js'])
    expect(signals.meta).toEqual({ 'og:site_name': ['Acme & Co'], generator: ['Hugo 0.120.4'] })
    expect(signals.scripts).toContain('var a = "</div>";')
    expect(signals.scripts).toContain('track()')
    expect(signals.css).toContain('.x{color:red}')
    expect(signals.text).toBe('Hello world')
  })
})
