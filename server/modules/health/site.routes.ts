// What the web needs to know about this installation before anyone signs in.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { SiteInfo } from '#contracts/site.ts'

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/site',
    {
      // the sign-in screen of a private site shows the name and the ways to sign in (server/http/private-mode.ts)
      config: { openInPrivateMode: true },
      schema: { tags: ['site'], summary: 'Site name, mode and sign-in options', response: { 200: SiteInfo } },
    },
    async () => ({
      name: app.config.siteName,
      github_enabled: Boolean(app.config.github),
      mode: app.config.siteMode,
      sso_name: app.config.oidc?.name ?? null,
      password_enabled: !app.config.ssoOnly,
      sign_up: app.config.signup.mode,
      sign_up_domains: app.config.signup.emailDomains,
    }),
  )
}
