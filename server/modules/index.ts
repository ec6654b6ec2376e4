// Every API module, registered in this order by buildApp. Add one line per module.
import { uploadsRoutes } from '../storage/uploads.routes.ts'
import { adminRoutes } from './admin/admin.routes.ts'
import { analyticsRoutes } from './analytics/analytics.routes.ts'
import { apiTokensRoutes } from './api-tokens/api-tokens.routes.ts'
import { auditRoutes } from './audit/audit.routes.ts'
import { codeHostsRoutes } from './code-hosts/code-hosts.routes.ts'
import { commentsRoutes } from './comments/comments.routes.ts'
import { companiesRoutes } from './companies/companies.routes.ts'
import { companyVerificationRoutes } from './companies/company-verification.routes.ts'
import { customersRoutes } from './customers/customers.routes.ts'
import { deletionRoutes } from './deletion/deletion.routes.ts'
import { followsRoutes } from './follows/follows.routes.ts'
import { healthRoutes } from './health/health.routes.ts'
import { siteRoutes } from './health/site.routes.ts'
import { invitationsRoutes } from './invitations/invitations.routes.ts'
import { jobsRoutes } from './jobs/jobs.routes.ts'
import { mailRoutes } from './mail/mail.routes.ts'
import { matchRoutes } from './match/match.routes.ts'
import { moderationRoutes } from './moderation/moderation.routes.ts'
import { notificationsRoutes } from './notifications/notifications.routes.ts'
import { onboardingRoutes } from './onboarding/onboarding.routes.ts'
import { profilesRoutes } from './profiles/profiles.routes.ts'
import { radarRoutes } from './radar/radar.routes.ts'
import { prosAndConsRoutes } from './reasons/pros-and-cons.routes.ts'
import { reasonsRoutes } from './reasons/reasons.routes.ts'
import { scanRoutes } from './scan/scan.routes.ts'
import { seoRoutes } from './seo/seo.routes.ts'
import { shareImagesRoutes } from './share-images/share-images.routes.ts'
import { stackFilesRoutes } from './stack-files/stack-files.routes.ts'
import { iUseThisRoutes } from './stacks/i-use-this.routes.ts'
import { stackPagesRoutes } from './stacks/stack-pages.routes.ts'
import { stacksRoutes } from './stacks/stacks.routes.ts'
import { teamsRoutes } from './teams/teams.routes.ts'
import { toolsRoutes } from './tools/tools.routes.ts'
import { emailVerificationRoutes } from './users/email-verification.routes.ts'
import { usersRoutes } from './users/users.routes.ts'

export const modules = [
  healthRoutes,
  siteRoutes,
  usersRoutes,
  apiTokensRoutes,
  emailVerificationRoutes,
  toolsRoutes,
  companiesRoutes,
  companyVerificationRoutes,
  codeHostsRoutes,
  stacksRoutes,
  stackPagesRoutes,
  iUseThisRoutes,
  stackFilesRoutes,
  reasonsRoutes,
  prosAndConsRoutes,
  uploadsRoutes,
  profilesRoutes,
  analyticsRoutes,
  adminRoutes,
  auditRoutes,
  invitationsRoutes,
  scanRoutes,
  followsRoutes,
  commentsRoutes,
  matchRoutes,
  mailRoutes,
  notificationsRoutes,
  moderationRoutes,
  customersRoutes,
  radarRoutes,
  deletionRoutes,
  jobsRoutes,
  teamsRoutes,
  onboardingRoutes,
  shareImagesRoutes,
  seoRoutes,
]
