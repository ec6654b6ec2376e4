// Stack files in and out (issue 18, decision 061): a stack exported as StackShare's techstack.yml, a Backstage
// catalog-info.yaml or a CycloneDX SBOM, and a stack created or updated from one of those files.
import { z } from 'zod'
import { apiSchemas } from './api-schemas.ts'
import { formatInteger } from './counts.ts'
import { StackName } from './stacks.ts'

/** Every format a stack can be exported as, in the Export menu's order. */
export const STACK_FILE_FORMATS = ['techstack', 'backstage', 'cyclonedx', 'radar'] as const
export const StackFileFormat = z.enum(STACK_FILE_FORMATS)
export type StackFileFormat = z.infer<typeof StackFileFormat>

/** The formats a stack file can be imported from. */
export const IMPORTABLE_STACK_FILE_FORMATS = ['techstack', 'backstage', 'cyclonedx'] as const
export const ImportableStackFileFormat = z.enum(IMPORTABLE_STACK_FILE_FORMATS)
export type ImportableStackFileFormat = z.infer<typeof ImportableStackFileFormat>

/** What each format is called in the menus and the import form. */
export const STACK_FILE_FORMAT_LABELS: Record<StackFileFormat, string> = {
  techstack: 'StackShare Stack File (techstack.yml)',
  backstage: 'Backstage entity (catalog-info.yaml)',
  cyclonedx: 'CycloneDX SBOM (JSON)',
  radar: 'Tech Radar (Zalando JSON)',
}

/**
 * An imported file's size limit in characters: StackShare's largest Stack Files (hundreds of packages) run to a
 * few hundred kilobytes; the request body limit (1 MiB) stays above it, so this check answers first, in the envelope.
 */
export const STACK_FILE_MAX_CHARACTERS = 512_000
/** Entries (tools and packages) read from one file; a stack holds at most 500 tools (STACK_SERVICES_MAX). */
export const STACK_FILE_MAX_ENTRIES = 2000

export const STACK_FILE_TOO_BIG = `is too big (maximum is ${formatInteger(STACK_FILE_MAX_CHARACTERS)} characters)`
export const STACK_FILE_NOTHING_MATCHED = 'None of the tools in this file are in our catalog.'
/** The import's name is one of the owner's stacks already (acceptance minor 7: say which, and what to do). */
export const stackFileNameTaken = (name: string) =>
  `A stack named "${name}" already exists: choose another name for the new stack.`
/**
 * Stack imports per hour (issue 31, F-3): each can add 500 package tools to the catalog's queue and holds the database
 * for a moment. Per account, whatever the way in (sessions and every token together), and per token, so one leaked
 * token cannot spend the account's whole hour.
 */
export const STACK_IMPORT_RATE_LIMIT = { perAccount: 20, perToken: 10, windowMs: 60 * 60 * 1000 }
export const STACK_IMPORTS_RATE_LIMITED = 'You have imported many stack files in the last hour: please try again later.'
export const IMPORT_NOT_COMPANY_ADMIN = 'Only company admins can import stacks for this company.'

export const ExportStackQuery = z.object({
  format: StackFileFormat.describe('techstack, backstage, cyclonedx or radar'),
  /**
   * Another file of the format: techstack's `md` answers its techstack.md (the README page) instead of techstack.yml;
   * radar's `backstage` answers the Backstage Tech Radar plugin's JSON instead of Zalando's.
   */
  file: z.enum(['md', 'backstage']).optional(),
})

export const ImportStackBody = z.object({
  format: ImportableStackFileFormat,
  text: z.string().min(1, "can't be blank").max(STACK_FILE_MAX_CHARACTERS, STACK_FILE_TOO_BIG),
  /** A company's slug: the stack is created for that company (its admins only). Absent: the signed-in user. */
  owner: z.string().trim().min(1).max(100).optional(),
  /** Update this stack of the owner instead of creating one. */
  slug: z.string().trim().min(1).max(100).optional(),
  /** The new stack's name, when the file's own name is taken or missing. */
  name: StackName.optional(),
})
export type ImportStackBody = z.input<typeof ImportStackBody>

export const UnmatchedEntry = z
  .object({
    name: z.string(),
    kind: z.enum(['tool', 'package']),
    /** A package's registry (npm, pypi, ...), null for tools. */
    ecosystem: z.string().nullable(),
    /**
     * Why it was left out: not in the catalog, past the stack's limit, or a name holding control characters or
     * broken Unicode, which is never read (decision 076; the name is shown with U+FFFD in their place).
     */
    reason: z.enum(['not_in_catalog', 'over_limit', 'unreadable_name']),
  })
  .register(apiSchemas, { id: 'UnmatchedStackFileEntry' })
export type UnmatchedEntry = z.infer<typeof UnmatchedEntry>

export const ImportStackResponse = z
  .object({
    created: z.boolean(),
    stack: z.object({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      owner_slug: z.string(),
      path: z.string(),
    }),
    tools_count: z.number().int(),
    packages_count: z.number().int(),
    /** The file's entries that are not in the stack: shown after the import, never dropped silently. */
    unmatched: z.array(UnmatchedEntry),
  })
  .register(apiSchemas, { id: 'ImportStackResponse' })
export type ImportStackResponse = z.infer<typeof ImportStackResponse>
