// Stacks: the create-stack wizard, the edit area, I Use This and the stack pages
// (specs/stack-creation-and-editing.md §3, §5, §7; specs/onboarding-customers-teams-notifications.md §2, §7).
import { z } from 'zod'
import { apiSchemas } from './api-schemas.ts'
import { HttpUrl } from './urls.ts'

export const STACK_NAME_MIN = 3
export const STACK_NAME_MAX = 60
export const STACK_DESCRIPTION_MIN = 3
export const STACK_DESCRIPTION_MAX = 1000
export const STACK_WEBSITE_MIN = 3
export const STACK_WEBSITE_MAX = 256
export const STACK_SERVICES_MAX = 500
/** specs/onboarding-customers-teams-notifications.md §9: the default onboarding stack name. */
export const ONBOARDING_STACK_NAME = 'My Stack'

export const STACK_NAME_TAKEN = 'Stack name is already taken.'
export const IMPERSONATED_CREATE_STACK = 'Impersonated users are not allowed to create stack'
export const IMPERSONATED_EDIT_STACK_INFO = 'Impersonated users are not allowed to edit stack info'
export const IMPERSONATED_EDIT_TOOLS = 'Impersonated users are not allowed to edit tools'
/** A stack holds at least one tool (the wizard's rule, spec §2): refused on every write that would leave none. */
export const STACK_NEEDS_TOOLS = 'Your stack needs at least one tool.'
/** docs/decisions/040-stack-moves-saves-and-scan-timeouts.md: a move never publishes a private stack on its own. */
export const PRIVATE_STACK_MOVE_REFUSED =
  'This stack is private and its new owner cannot keep private stacks. Make it public to move it there.'

const blank = "can't be blank"
const tooShort = (minimum: number) => `is too short (minimum is ${minimum} characters)`
const tooLong = (maximum: number) => `is too long (maximum is ${maximum} characters)`

/** A row id: a positive PostgreSQL integer (larger numbers can name nothing). */
export const ID_MAX = 2_147_483_647
export const Id = z.coerce.number().int().positive().max(ID_MAX, 'is invalid')

/** spec §5: website or GitHub URL: at least 3 characters, a dot, then at least 2 characters. */
export const STACK_WEBSITE_PATTERN = /^\S*[^\s.]\.[^\s.]{2,}\S*$/

/** An uploaded logo (/uploads/...) or an absolute http(s) image address; '' and null mean none. */
export const ImageUrl = z
  .string()
  .nullish()
  .transform((value) => value?.trim() || null)
  .pipe(
    z
      .string()
      .max(1000, tooLong(1000))
      .regex(/^(\/uploads\/[A-Za-z0-9/_.-]+|https?:\/\/\S+)$/, 'is invalid')
      .nullable(),
  )

export const StackName = z
  .string(blank)
  .trim()
  .min(1, { message: blank, abort: true })
  .min(STACK_NAME_MIN, tooShort(STACK_NAME_MIN))
  .max(STACK_NAME_MAX, tooLong(STACK_NAME_MAX))

export const StackDescription = z
  .string()
  .nullish()
  .transform((value) => value?.trim() || null)
  .pipe(
    z
      .string()
      .min(STACK_DESCRIPTION_MIN, tooShort(STACK_DESCRIPTION_MIN))
      .max(STACK_DESCRIPTION_MAX, tooLong(STACK_DESCRIPTION_MAX))
      .nullable(),
  )

export const StackWebsiteUrl = z
  .string()
  .nullish()
  .transform((value) => value?.trim() || null)
  .pipe(
    z
      .string()
      .min(STACK_WEBSITE_MIN, { message: tooShort(STACK_WEBSITE_MIN), abort: true })
      .max(STACK_WEBSITE_MAX, { message: tooLong(STACK_WEBSITE_MAX), abort: true })
      .regex(STACK_WEBSITE_PATTERN, { message: 'is invalid', abort: true })
      .pipe(HttpUrl)
      .nullable(),
  )

/** Tool ids ("services" in the specs' API), in the order the user picked them. */
export const ServiceIds = z.array(Id).max(STACK_SERVICES_MAX, `is too long (maximum is ${STACK_SERVICES_MAX} tools)`)
/** `required_services`: the services marked required in the builder (spec §3 Tool `required`, §4), sent beside
 * the spec's `services` ids (docs/decisions/025-stack-owner-choices.md). */
export const REQUIRED_NOT_IN_SERVICES = 'must be among the services of the stack'

export const OwnerType = z.enum(['User', 'Company'])
export type OwnerType = z.infer<typeof OwnerType>
export const StackOwnerInput = z.object({ type: OwnerType, id: Id })

export const CreateStackBody = z.object({
  /** The onboarding wizard's personal stack (it sends the name 'My Stack'); the owner must be the user. */
  onboarding: z.boolean().optional(),
  stack: z.object({
    name: StackName,
    description: StackDescription,
    website_url: StackWebsiteUrl,
    private: z.boolean().optional().default(false),
    image_url: ImageUrl,
    services: ServiceIds.min(1, blank),
    required_services: ServiceIds.optional(),
    owner: StackOwnerInput,
  }),
})
export type CreateStackBody = z.input<typeof CreateStackBody>

export const UpdateStackBody = z.object({
  stack: z.object({
    id: Id,
    name: StackName.optional(),
    description: StackDescription.optional(),
    website_url: StackWebsiteUrl.optional(),
    private: z.boolean().optional(),
    image_url: ImageUrl.optional(),
    owner: StackOwnerInput.optional(),
    services: ServiceIds.min(1, blank).optional(),
    /** Without it, tools that stay keep their required flag. */
    required_services: ServiceIds.optional(),
  }),
})
export type UpdateStackBody = z.input<typeof UpdateStackBody>

/** A tool as the stack editor shows it (spec §3 "Tool/service"). */
export const StackService = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    image_url: z.string(),
    canonical_url: z.string(),
    is_approved: z.boolean(),
    is_package: z.boolean(),
    just_added: z.boolean(),
    hidden: z.boolean(),
    required: z.boolean(),
  })
  .register(apiSchemas, { id: 'StackService' })
export type StackService = z.infer<typeof StackService>

export const StackOwner = z.object({
  id: z.number().int(),
  type: OwnerType,
  slug: z.string(),
  name: z.string(),
  image_url: z.string().nullable(),
})
export type StackOwner = z.infer<typeof StackOwner>

/** spec §3 "Stack info" plus "Stack edit response": the stack fields, services and owner. */
export const StackEdit = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    website_url: z.string().nullable(),
    private: z.boolean(),
    image_url: z.string().nullable(),
    /** '/{ownerSlug}/{stackSlug}', the stack page. */
    path: z.string(),
    /** The owner's kind. */
    type: OwnerType,
    /** The user may edit the stack (the personal owner, or an admin of the owning company). */
    current_user_admin: z.boolean(),
    /** The owner may keep private stacks (a personal owner with GitHub connected, or a private-mode company). */
    current_user_private: z.boolean(),
    services: z.array(StackService),
    owner: StackOwner,
  })
  .register(apiSchemas, { id: 'StackEdit' })
export type StackEdit = z.infer<typeof StackEdit>

export const CreateStackResponse = z.object({
  id: z.number().int(),
  slug: z.string(),
  redirect: z.string(),
  stack: StackEdit,
})
export type CreateStackResponse = z.infer<typeof CreateStackResponse>

/** owner is 'personal' or a company id. */
const OwnerParam = z
  .string()
  .trim()
  .refine(
    (value) => value === 'personal' || (/^\d{1,10}$/.test(value) && Number(value) <= ID_MAX),
    "must be 'personal' or a company id",
  )

export const NameIsAvailableQuery = z.object({
  owner: OwnerParam,
  name: z.string().default(''),
  /** The stack being edited, which may keep its own name. */
  stack_id: z
    .string()
    .optional()
    .transform((value) => (value ? Number(value) : undefined))
    .pipe(z.number().int().positive().max(ID_MAX, 'is invalid').optional()),
})

export const NameIsAvailableWithIdQuery = z.object({ owner: OwnerParam, name: z.string().default('') })
export const NameIsAvailableWithIdResponse = z.object({
  available: z.boolean(),
  /** The stack that already has the name, for the onboarding wizard to update instead. */
  stack_id: z.number().int().nullable(),
})

/** The literal bracketed keys of the spec's query strings (stack[id], stack[owner][type]). */
export const ShowStackQuery = z.object({
  'stack[id]': Id,
  'stack[owner][type]': OwnerType.optional(),
})
export const EditStackQuery = z.object({
  'stack[slug]': z.string().min(1),
  'stack[owner][slug]': z.string().min(1),
})

/** A stack as the company page lists it. */
export const StackSummary = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    path: z.string(),
    description: z.string().nullable(),
    website_url: z.string().nullable(),
    image_url: z.string().nullable(),
    private: z.boolean(),
    tools_count: z.number().int(),
    /** The first tools, for the logo strip. */
    tools: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string(), image_url: z.string() })),
    owner: StackOwner,
    updated_at: z.string(),
  })
  .register(apiSchemas, { id: 'StackSummary' })
export type StackSummary = z.infer<typeof StackSummary>
export const STACK_SUMMARY_TOOLS = 12

export const StackPageTool = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  image_url: z.string(),
  /** The tool's page; null while it has none (an imported package not approved yet, decision 076): not linked. */
  canonical_url: z.string().nullable(),
  title: z.string().nullable(),
  is_package: z.boolean(),
  stacks_count: z.number().int(),
  /** Marked required in the builder (spec §3 Tool `required`); the page marks the tile. */
  required: z.boolean(),
  /**
   * The last code-host sync no longer found it and the company reviews removals (decision 063): kept, and marked on
   * the page until the code has it again or someone removes it.
   */
  flagged_for_removal: z.boolean(),
})

const StackChangeTool = z.object({ name: z.string(), slug: z.string(), version: z.string().nullable() })

/** One rescan of a synced stack (decision 063): what it added, removed (or flagged) and whose version changed. */
export const StackSyncChange = z.object({
  commit: z.string(),
  at: z.string(),
  added: z.array(StackChangeTool),
  removed: z.array(StackChangeTool),
  /** The removed tools were flagged for review, not taken out (the company reviews removals). */
  flagged: z.boolean(),
  version_changes: z.array(StackChangeTool.extend({ before: z.string().nullable() })),
})
export type StackSyncChange = z.infer<typeof StackSyncChange>

/** A stack kept current from a repository by a code-host sync: the badge. */
export const StackSynced = z.object({
  commit: z.string(),
  synced_at: z.string(),
  repository_url: z.string().nullable(),
})
export const STACK_HISTORY_SIZE = 20

/** GET /api/v1/stacks/{ownerSlug}/{stackSlug}: the stack page, tools grouped by layer then category. */
export const StackPage = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    path: z.string(),
    description: z.string().nullable(),
    website_url: z.string().nullable(),
    image_url: z.string().nullable(),
    private: z.boolean(),
    owner: StackOwner,
    can_edit: z.boolean(),
    edit_path: z.string(),
    tools_count: z.number().int(),
    followers_count: z.number().int(),
    layers: z.array(
      z.object({
        slug: z.string(),
        name: z.string(),
        tools_count: z.number().int(),
        categories: z.array(
          z.object({
            slug: z.string(),
            name: z.string(),
            tools_count: z.number().int(),
            tools: z.array(StackPageTool),
          }),
        ),
      }),
    ),
    /** Null unless a code-host sync keeps this stack current. */
    synced: StackSynced.nullable(),
    /**
     * The History section: what code-host syncs changed, the newest first, at most STACK_HISTORY_SIZE. It is the
     * stack's record, kept when the connection is removed (decision 079); empty for a stack no sync ever kept.
     */
    history: z.array(StackSyncChange),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .register(apiSchemas, { id: 'StackPage' })
export type StackPage = z.infer<typeof StackPage>

/** specs/onboarding-customers-teams-notifications.md §3 "I Use This stack". */
export const IUseThisStack = z.object({
  id: z.number().int(),
  name: z.string(),
  canonical_url: z.string(),
  added: z.boolean(),
  owner_name: z.string(),
})
export type IUseThisStack = z.infer<typeof IUseThisStack>

export const IUseThisResponse = z.object({
  companyStacks: z.array(IUseThisStack),
  personalStacks: z.array(IUseThisStack),
})
export type IUseThisResponse = z.infer<typeof IUseThisResponse>

export const IUseThisBody = z.object({
  /** The stack to change; null or missing means the user's personal stack, created as 'My Stack' if none. */
  stack_id: Id.nullish(),
  added: z.boolean(),
})
export type IUseThisBody = z.input<typeof IUseThisBody>
export const IUseThisChangeResponse = z.object({ stack: IUseThisStack })
