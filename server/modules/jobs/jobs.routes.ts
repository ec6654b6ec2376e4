// A company's jobs for its admins (issue 7: companies post and edit their own jobs in the app): the list with each
// job's status, one job for the edit form, and create, edit, expire and delete. Every call needs a company admin;
// an admin acting as someone else (impersonation) may read but not write. Stack Match and the job page
// (/api/v1/match/jobs, /api/v1/jobs/{slug}) show these jobs like imported ones.
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorEnvelope } from '#contracts/errors.ts'
import {
  CompanyJobParams,
  CompanyJobResponse,
  CompanyJobsResponse,
  CompanyParams,
  DeleteCompanyJobResponse,
  IMPERSONATED_EDIT_JOBS,
  JobBody,
  ONLY_COMPANY_ADMINS_JOBS,
} from '#contracts/jobs.ts'
import { requireRealUser, requireUser } from '../../http/auth-guard.ts'
import { forbidden, notFound } from '../../http/errors.ts'
import { track } from '../analytics/analytics.service.ts'
import { findCompanyBySlug, findCompanyRole } from '../companies/companies.queries.ts'
import { presentCompanyJob } from './jobs.presenter.ts'
import { deleteJob, expireJob, findCardTools, findCompanyJob, type JobRow, listCompanyJobs } from './jobs.queries.ts'
import { createCompanyJob, updateCompanyJob } from './jobs.service.ts'

const tags = ['jobs']
const refusals = { 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope }
const writeRefusals = { 400: ErrorEnvelope, ...refusals }

export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The company of the URL, when the user is one of its admins: 401 signed out, 404 no company, 403 otherwise. */
  async function adminCompany(request: FastifyRequest, slug: string, write: boolean) {
    const user = write ? await requireRealUser(request, IMPERSONATED_EDIT_JOBS) : await requireUser(request)
    const company = await findCompanyBySlug(app.db, slug)
    if (!company) throw notFound()
    if ((await findCompanyRole(app.db, company.id, user.id)) !== 'admin') throw forbidden(ONLY_COMPANY_ADMINS_JOBS)
    return { user, company }
  }

  async function adminJob(request: FastifyRequest, params: { slug: string; id: number }, write: boolean) {
    const { user, company } = await adminCompany(request, params.slug, write)
    const job = await findCompanyJob(app.db, company.id, params.id)
    if (!job) throw notFound()
    return { user, company, job }
  }

  const present = async (job: JobRow) => ({
    job: presentCompanyJob(job, await findCardTools(app.db, job.toolIds)),
  })

  app.get(
    '/api/v1/companies/:slug/jobs',
    {
      schema: {
        tags,
        summary: "A company's jobs with their status (open or expired), for its admins",
        params: CompanyParams,
        response: { 200: CompanyJobsResponse, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      const { company } = await adminCompany(request, request.params.slug, false)
      const rows = await listCompanyJobs(app.db, company.id)
      const cards = await findCardTools(app.db, [...new Set(rows.flatMap((row) => row.toolIds))])
      const now = new Date()
      return {
        company: { id: company.id, slug: company.slug, name: company.name, private_mode: company.privateMode },
        jobs: rows.map((row) => presentCompanyJob(row, cards, now)),
      }
    },
  )

  app.get(
    '/api/v1/companies/:slug/jobs/:id',
    {
      schema: {
        tags,
        summary: "One of a company's jobs with every field of the job form, for its admins",
        params: CompanyJobParams,
        response: { 200: CompanyJobResponse, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      const { job } = await adminJob(request, request.params, false)
      return present(job)
    },
  )

  app.post(
    '/api/v1/companies/:slug/jobs',
    {
      schema: {
        tags,
        summary: 'Post a job for the company (its admins only); it shows in Stack Match until it expires',
        params: CompanyParams,
        body: JobBody,
        response: { 200: CompanyJobResponse, ...writeRefusals },
      },
    },
    async (request) => {
      const { user, company } = await adminCompany(request, request.params.slug, true)
      const job = await createCompanyJob(app.db, company, request.body.job)
      await track(app.db, 'job.posted', { job_id: job.id, company_id: company.id }, user.id)
      return present(job)
    },
  )

  app.put(
    '/api/v1/companies/:slug/jobs/:id',
    {
      schema: {
        tags,
        summary: "Change a company's job and its tools (its admins only); the slug stays",
        params: CompanyJobParams,
        body: JobBody,
        response: { 200: CompanyJobResponse, ...writeRefusals },
      },
    },
    async (request) => {
      const { job } = await adminJob(request, request.params, true)
      return present(await updateCompanyJob(app.db, job, request.body.job))
    },
  )

  app.post(
    '/api/v1/companies/:slug/jobs/:id/expire',
    {
      schema: {
        tags,
        summary: 'Close a job now: it leaves Stack Match; its page stays (its admins only)',
        params: CompanyJobParams,
        response: { 200: CompanyJobResponse, ...refusals },
      },
    },
    async (request) => {
      const { job } = await adminJob(request, request.params, true)
      return present(await expireJob(app.db, job.id, new Date()))
    },
  )

  app.delete(
    '/api/v1/companies/:slug/jobs/:id',
    {
      schema: {
        tags,
        summary: "Delete a company's job and its tools (its admins only)",
        params: CompanyJobParams,
        response: { 200: DeleteCompanyJobResponse, ...refusals },
      },
    },
    async (request) => {
      const { job } = await adminJob(request, request.params, true)
      await deleteJob(app.db, job.id)
      return { id: job.id, deleted: true as const }
    },
  )
}
