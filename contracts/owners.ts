// Owner handles: users and companies share one slug namespace under /{slug}.
import { z } from 'zod'

/** Paths of the site that can never be a user's or a company's handle. */
export const RESERVED_HANDLES = new Set([
  'about',
  'account',
  'accounts',
  'admin',
  'api',
  'assets',
  'auth',
  'blog',
  'categories',
  'category',
  'companies',
  'company',
  'create-stack',
  'current',
  'dashboard',
  'delete',
  'exists',
  'docs',
  'explore',
  'favicon.ico',
  'healthz',
  'help',
  'home',
  'invitations',
  'jobs',
  'join',
  'login',
  'logos',
  'logout',
  'match',
  'metrics',
  'moderation',
  'new',
  'notifications',
  'onboarding',
  'pros-and-cons',
  'robots.txt',
  'search',
  'services',
  'settings',
  'share',
  'signin',
  'sign-in',
  'signup',
  'sign-up',
  'sitemap.xml',
  'sitemaps',
  'stack-edit',
  'stacks',
  'stackups',
  'static',
  'terms',
  'privacy',
  'readyz',
  'tools',
  'uploads',
  'users',
  'verify-email',
  'forgot-password',
  'reset-password',
  'www',
  'stackatlas',
  'null',
  'undefined',
  'unsubscribe',
])

export const USERNAME_MIN = 3
export const USERNAME_MAX = 30
/** Letters, digits, dashes and underscores, from a letter or digit; Better Auth's username plugin applies it too. */
export const USERNAME_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9_-]*$/

export const Username = z
  .string()
  .trim()
  .min(USERNAME_MIN, `is too short (minimum is ${USERNAME_MIN} characters)`)
  .max(USERNAME_MAX, `is too long (maximum is ${USERNAME_MAX} characters)`)
  .regex(USERNAME_PATTERN, 'may only contain letters, numbers, dashes and underscores')
  .refine((value) => !RESERVED_HANDLES.has(value.toLowerCase()), 'is reserved')

/** Turns any name into a handle candidate: lower-case letters, digits and dashes. */
export function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\+/g, '-plus')
    .replace(/#/g, '-sharp')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
}
