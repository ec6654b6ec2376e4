// The onboarding wizard's own calls (specs/onboarding-customers-teams-notifications.md §7 'Onboarding'): the startup
// info, the feed preference, basic information, interests, finishing, and company suggestions. The stack it saves
// goes through the stacks module's create and update (server/modules/stacks/stacks.routes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  BasicInformationResponse,
  COMPANY_SUGGESTIONS_MAX,
  CompanySearchQuery,
  CompanySearchResponse,
  EmailFeedWeeklyResponse,
  FinishOnboardingResponse,
  IMPERSONATED_CHANGE_SETTINGS,
  Interests,
  OnboardingInfo,
  SaveInterestsBody,
  StartOnboardingResponse,
  SubmitBasicInformationBody,
  ToggleEmailFeedWeeklyBody,
} from '#contracts/onboarding.ts'
import { requireRealUser, requireUser } from '../../http/auth-guard.ts'
import { LEAVES_PUBLIC_CONTENT } from '../../http/content-changes.ts'
import { notFound } from '../../http/errors.ts'
import { presentInterests } from './onboarding.presenter.ts'
import {
  findOnboardingUser,
  markOnboarded,
  markOnboardingStarted,
  searchCompanyNames,
  updateEmailFeedWeekly,
  updateInterests,
} from './onboarding.queries.ts'
import { loadOnboardingInfo, submitBasicInformation } from './onboarding.service.ts'

const tags = ['onboarding']

export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/onboarding',
    {
      schema: {
        tags,
        summary: "The signed-in user's onboarding info: names, photo, found tools, redirect path",
        response: { 200: OnboardingInfo },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = await requireUser(request)
      return loadOnboardingInfo(app.db, user.id)
    },
  )

  app.post(
    '/api/v1/onboarding/toggle_email_feed_weekly',
    {
      config: LEAVES_PUBLIC_CONTENT,
      schema: {
        tags,
        summary: 'Whether the user gets weekly updates on the tools of their stack',
        body: ToggleEmailFeedWeeklyBody,
        response: { 200: EmailFeedWeeklyResponse },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_CHANGE_SETTINGS)
      await updateEmailFeedWeekly(app.db, user.id, request.body.user.email_feed_weekly)
      return { email_feed_weekly: request.body.user.email_feed_weekly }
    },
  )

  app.post(
    '/api/v1/onboarding/submit_basic_information',
    {
      schema: {
        tags,
        summary: 'Names, company, job title, photo and the weekly newsletter choice',
        body: SubmitBasicInformationBody,
        response: { 200: BasicInformationResponse },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_CHANGE_SETTINGS)
      return submitBasicInformation(app.db, user.id, request.body.user)
    },
  )

  app.get(
    '/api/v1/onboarding/current_interests',
    {
      schema: {
        tags,
        summary: "The user's areas of interest (the defaults until saved)",
        response: { 200: Interests },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = await requireUser(request)
      const row = await findOnboardingUser(app.db, user.id)
      if (!row) throw notFound()
      return presentInterests(row.interests)
    },
  )

  app.post(
    '/api/v1/onboarding/interests',
    {
      // what a person reads about is theirs: shown to nobody else
      config: LEAVES_PUBLIC_CONTENT,
      schema: { tags, summary: 'Save the areas of interest', body: SaveInterestsBody, response: { 200: Interests } },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_CHANGE_SETTINGS)
      await updateInterests(app.db, user.id, request.body.interests)
      return request.body.interests
    },
  )

  app.post(
    '/api/v1/onboarding/start',
    {
      config: LEAVES_PUBLIC_CONTENT,
      schema: {
        tags,
        summary: 'Record that the wizard was shown (its welcome screen calls it); a sign-in then no longer sends there',
        response: { 200: StartOnboardingResponse },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_CHANGE_SETTINGS)
      await markOnboardingStarted(app.db, user.id)
      return { started: true as const }
    },
  )

  app.post(
    '/api/v1/onboarding/finish',
    {
      // only the person's own session answer says it
      config: LEAVES_PUBLIC_CONTENT,
      schema: {
        tags,
        summary: 'Mark onboarding as finished (the wizard calls it as it leaves); finishing again changes nothing',
        response: { 200: FinishOnboardingResponse },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_CHANGE_SETTINGS)
      await markOnboarded(app.db, user.id)
      return { onboarded: true as const }
    },
  )

  app.get(
    '/api/v1/companies/search',
    {
      schema: {
        tags,
        summary: 'Public company names starting with q (the onboarding company suggestions)',
        querystring: CompanySearchQuery,
        response: { 200: CompanySearchResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      await requireUser(request)
      const q = request.query.q.trim()
      if (!q) return []
      return searchCompanyNames(app.db, q, COMPANY_SUGGESTIONS_MAX)
    },
  )
}
