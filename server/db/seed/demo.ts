// Demo data for `npm run seed:demo` (issue 2, item 3): people, companies with members, stacks built from the real
// catalog, reasons with votes, and jobs the demo companies post (through server/modules/jobs/jobs-demo.ts), so that a
// newcomer sees a living site. Everything is marked: is_demo on users,
// companies and stacks, 'Demo' in every person's and company's name, and 'Demo stack' in every description. The
// people have no password and no sign-in account, so nobody can sign in as them. tool.stacks_count and
// tool.votes_count move with the data, so popularity reflects it like real use.
// Idempotent: when any demo user, company or stack exists, it does nothing. `npm start` never runs it.
import { and, eq, inArray, sql } from 'drizzle-orm'
import { MATCH_DEFAULT_TOOLS } from '#contracts/match.ts'
import { slugify } from '#contracts/owners.ts'
import { POINTS } from '#contracts/reasons.ts'
import { seedDemoJobs } from '../../modules/jobs/jobs-demo.ts'
import { addPoints } from '../../modules/reasons/points.ts'
import { applyPublicToolChange } from '../../modules/stacks/stacks.service.ts'
import type { Db } from '../client.ts'
import {
  companies,
  companyMembers,
  ownerHandles,
  reasons,
  reasonVotes,
  stacks,
  stackTools,
  tools,
  users,
} from '../schema/index.ts'

/** Serialises demo seeding between two runs against one PostgreSQL database. */
const DEMO_LOCK_KEY = 'stackatlas:demo-seed'
/** Demo people get addresses under a reserved domain (RFC 2606): no mail can ever reach anyone. */
export const DEMO_EMAIL_DOMAIN = 'demo.stackatlas.invalid'
const DAY = 24 * 60 * 60 * 1000

interface DemoPerson {
  handle: string
  name: string
  title: string
}

interface DemoCompany {
  name: string
  website: string
  description: string
  /** Handles of demo people; the first is the company's admin. */
  members: string[]
}

interface DemoStack {
  name: string
  /** A demo company's name or a demo person's handle. */
  owner: { company: string } | { person: string }
  description: string
  website?: string
  /** Catalog slugs, in the order the stack lists them; slugs the catalog lacks are skipped. */
  tools: string[]
}

interface DemoReason {
  tool: string
  text: string
  isCon?: boolean
}

export const DEMO_PEOPLE: DemoPerson[] = [
  { handle: 'demo-ada', name: 'Ada Moreno (Demo)', title: 'Staff Engineer' },
  { handle: 'demo-ben', name: 'Ben Okafor (Demo)', title: 'Platform Lead' },
  { handle: 'demo-chen', name: 'Chen Wei (Demo)', title: 'Data Engineer' },
  { handle: 'demo-dana', name: 'Dana Kowalski (Demo)', title: 'Frontend Developer' },
  { handle: 'demo-eli', name: 'Eli Haddad (Demo)', title: 'Backend Developer' },
  { handle: 'demo-fatima', name: 'Fatima Diallo (Demo)', title: 'Mobile Developer' },
  { handle: 'demo-gus', name: 'Gus Lindqvist (Demo)', title: 'Site Reliability Engineer' },
  { handle: 'demo-hana', name: 'Hana Sato (Demo)', title: 'Data Scientist' },
  { handle: 'demo-ivan', name: 'Ivan Petrov (Demo)', title: 'CTO' },
  { handle: 'demo-julia', name: 'Julia Costa (Demo)', title: 'Engineering Manager' },
  { handle: 'demo-kofi', name: 'Kofi Mensah (Demo)', title: 'Game Developer' },
  { handle: 'demo-lena', name: 'Lena Fischer (Demo)', title: 'Full-Stack Developer' },
]

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    name: 'Demo: Acme Payments',
    website: 'https://acme-payments.example',
    description: 'Demo company. Card and bank payments for online shops, through one API.',
    members: ['demo-ivan', 'demo-ben', 'demo-eli', 'demo-dana'],
  },
  {
    name: 'Demo: Bluefin Analytics',
    website: 'https://bluefin-analytics.example',
    description: 'Demo company. Product analytics and a warehouse for teams without a data team.',
    members: ['demo-chen', 'demo-hana', 'demo-lena'],
  },
  {
    name: 'Demo: Cobalt Health',
    website: 'https://cobalt-health.example',
    description: 'Demo company. Appointment booking and records for small clinics.',
    members: ['demo-julia', 'demo-fatima', 'demo-eli'],
  },
  {
    name: 'Demo: Driftwood Games',
    website: 'https://driftwood-games.example',
    description: 'Demo company. An independent studio making cooperative multiplayer games.',
    members: ['demo-kofi', 'demo-gus'],
  },
  {
    name: 'Demo: Evergreen Commerce',
    website: 'https://evergreen-commerce.example',
    description: 'Demo company. An online garden shop shipping plants across Europe.',
    members: ['demo-lena', 'demo-dana', 'demo-ada'],
  },
  {
    name: 'Demo: Fjord Logistics',
    website: 'https://fjord-logistics.example',
    description: 'Demo company. Fleet tracking and dispatch for regional hauliers.',
    members: ['demo-ben', 'demo-gus', 'demo-ivan'],
  },
]

const acme = { company: 'Demo: Acme Payments' }
const bluefin = { company: 'Demo: Bluefin Analytics' }
const cobalt = { company: 'Demo: Cobalt Health' }
const driftwood = { company: 'Demo: Driftwood Games' }
const evergreen = { company: 'Demo: Evergreen Commerce' }
const fjord = { company: 'Demo: Fjord Logistics' }

export const DEMO_STACKS: DemoStack[] = [
  {
    name: 'Payments API',
    owner: acme,
    website: 'https://api.acme-payments.example',
    description: 'Demo stack. The public payments API: Go services on Kubernetes, events through Kafka.',
    tools: [
      'go',
      'postgresql',
      'redis',
      'apache-kafka',
      'docker',
      'kubernetes',
      'helm',
      'terraform',
      'amazon-web-services',
      'prometheus',
      'grafana',
      'sentry',
      'github-actions',
      'vault',
    ],
  },
  {
    name: 'Merchant Dashboard',
    owner: acme,
    description: 'Demo stack. The dashboard merchants use to follow payouts and disputes.',
    tools: [
      'typescript',
      'react',
      'next-js',
      'node-js',
      'tailwind-css',
      'vercel',
      'stripe',
      'sentry',
      'vitest',
      'playwright',
      'figma',
      'slack',
    ],
  },
  {
    name: 'Data Platform',
    owner: bluefin,
    description: 'Demo stack. Ingestion, transformation and the warehouse behind every customer report.',
    tools: [
      'python',
      'apache-airflow',
      'apache-spark',
      'clickhouse',
      'postgresql',
      'amazon-s3',
      'kubernetes',
      'terraform',
      'grafana',
      'opentelemetry',
    ],
  },
  {
    name: 'Insights Web App',
    owner: bluefin,
    website: 'https://app.bluefin-analytics.example',
    description: 'Demo stack. The web app where customers build charts and share dashboards.',
    tools: ['vue-js', 'typescript', 'vite', 'd3', 'django', 'postgresql', 'redis', 'nginx', 'docker', 'gitlab'],
  },
  {
    name: 'Patient App',
    owner: cobalt,
    description: 'Demo stack. The iOS and Android apps patients book appointments with.',
    tools: ['react-native', 'typescript', 'swift', 'kotlin', 'firebase', 'graphql', 'node-js', 'sentry'],
  },
  {
    name: 'Clinical Backend',
    owner: cobalt,
    description: 'Demo stack. Records, scheduling and billing services for clinics.',
    tools: [
      'java',
      'spring-boot',
      'postgresql',
      'rabbitmq',
      'elasticsearch',
      'kibana',
      'docker',
      'kubernetes',
      'jenkins',
      'sonarqube',
      'okta',
    ],
  },
  {
    name: 'Game Client',
    owner: driftwood,
    description: 'Demo stack. The engine, tools and pipeline of the studio’s games.',
    tools: ['unity', 'c-sharp', 'c-plus-plus', 'lua', 'blender', 'git', 'jira', 'confluence'],
  },
  {
    name: 'Multiplayer Services',
    owner: driftwood,
    description: 'Demo stack. Matchmaking, lobbies and game servers for cooperative play.',
    tools: ['rust', 'redis', 'node-js', 'google-cloud', 'kubernetes', 'terraform', 'datadog', 'discord'],
  },
  {
    name: 'Storefront',
    owner: evergreen,
    website: 'https://evergreen-commerce.example',
    description: 'Demo stack. The shop itself: catalogue, basket and checkout.',
    tools: ['php', 'laravel', 'mysql', 'redis', 'vue-js', 'algolia', 'stripe', 'cloudflare', 'mailchimp'],
  },
  {
    name: 'Marketing Site',
    owner: evergreen,
    description: 'Demo stack. Guides and seasonal campaigns, run by the marketing team.',
    tools: ['wordpress', 'php', 'mysql', 'google-analytics', 'hotjar', 'hubspot', 'cloudflare'],
  },
  {
    name: 'Fleet Tracking',
    owner: fjord,
    description: 'Demo stack. Live positions of trucks and trailers, with alerts on delays.',
    tools: [
      'kotlin',
      'spring',
      'postgresql',
      'apache-kafka',
      'android',
      'jetpack-compose',
      'mapbox',
      'docker',
      'azure',
    ],
  },
  {
    name: 'Dispatch Console',
    owner: fjord,
    description: 'Demo stack. The console dispatchers plan routes and loads in.',
    tools: ['angular', 'typescript', 'net', 'c-sharp', 'microsoft-sql-server', 'azure', 'azure-devops', 'leaflet'],
  },
  {
    name: 'Side Projects',
    owner: { person: 'demo-ada' },
    description: 'Demo stack. What I reach for on weekends.',
    tools: ['svelte', 'sveltekit', 'typescript', 'sqlite', 'fly-io', 'deno', 'drizzle'],
  },
  {
    name: 'Homelab',
    owner: { person: 'demo-gus' },
    description: 'Demo stack. The servers under my desk.',
    tools: ['proxmox', 'ubuntu', 'docker', 'nginx', 'prometheus', 'grafana', 'ansible'],
  },
  {
    name: 'ML Experiments',
    owner: { person: 'demo-hana' },
    description: 'Demo stack. Notebooks and models I try ideas with.',
    tools: ['python', 'jupyter', 'numpy', 'pandas', 'scikit-learn', 'pytorch', 'hugging-face', 'docker'],
  },
  {
    name: 'Personal Blog',
    owner: { person: 'demo-dana' },
    description: 'Demo stack. A static blog written in Markdown.',
    tools: ['hugo', 'markdown', 'netlify', 'github', 'plausible'],
  },
  {
    name: 'Freelance Toolkit',
    owner: { person: 'demo-eli' },
    description: 'Demo stack. What I build client projects with.',
    tools: ['ruby', 'ruby-on-rails', 'postgresql', 'redis', 'sidekiq', 'heroku', 'postman'],
  },
  {
    name: 'Mobile Apps',
    owner: { person: 'demo-fatima' },
    description: 'Demo stack. Cross-platform apps, from design to store.',
    tools: ['flutter', 'dart', 'firebase', 'figma', 'android-studio', 'xcode'],
  },
  {
    name: 'Editor Setup',
    owner: { person: 'demo-kofi' },
    description: 'Demo stack. My terminal and editor, tuned over the years.',
    tools: ['neovim', 'tmux', 'zsh', 'git', 'visual-studio-code'],
  },
  {
    name: 'Data Viz Kit',
    owner: { person: 'demo-lena' },
    description: 'Demo stack. Charts and maps for newsroom stories.',
    tools: ['javascript', 'd3', 'python', 'jupyter', 'leaflet', 'openstreetmap'],
  },
]

/** At most 55 characters each (specs/stack-match-and-community.md §5). */
export const DEMO_REASONS: DemoReason[] = [
  { tool: 'postgresql', text: 'Rock-solid transactions' },
  { tool: 'postgresql', text: 'Rich SQL and JSON support' },
  { tool: 'postgresql', text: 'Huge extension ecosystem' },
  { tool: 'postgresql', text: 'Vacuum needs some tuning at scale', isCon: true },
  { tool: 'redis', text: 'Blazing fast in-memory reads' },
  { tool: 'redis', text: 'Simple, useful data structures' },
  { tool: 'redis', text: 'Data set must fit in memory', isCon: true },
  { tool: 'react', text: 'Components scale to big apps' },
  { tool: 'react', text: 'Huge ecosystem' },
  { tool: 'react', text: 'Many competing ways to manage state', isCon: true },
  { tool: 'typescript', text: 'Catches bugs before runtime' },
  { tool: 'typescript', text: 'Great editor support' },
  { tool: 'kubernetes', text: 'Declarative deployments' },
  { tool: 'kubernetes', text: 'Self-healing workloads' },
  { tool: 'kubernetes', text: 'Steep learning curve', isCon: true },
  { tool: 'docker', text: 'Same environment everywhere' },
  { tool: 'docker', text: 'Fast local setup' },
  { tool: 'go', text: 'Fast builds, single binaries' },
  { tool: 'go', text: 'Simple concurrency with goroutines' },
  { tool: 'go', text: 'Verbose error handling', isCon: true },
  { tool: 'python', text: 'Readable and quick to write' },
  { tool: 'python', text: 'Best-in-class data libraries' },
  { tool: 'python', text: 'Slow for CPU-bound work', isCon: true },
  { tool: 'terraform', text: 'Infrastructure as reviewable code' },
  { tool: 'grafana', text: 'Beautiful dashboards' },
  { tool: 'sentry', text: 'Errors with full context' },
  { tool: 'github-actions', text: 'CI lives next to the code' },
  { tool: 'apache-kafka', text: 'Durable, high-throughput streams' },
  { tool: 'apache-kafka', text: 'Heavy to operate', isCon: true },
  { tool: 'next-js', text: 'Server rendering built in' },
  { tool: 'vue-js', text: 'Gentle learning curve' },
  { tool: 'laravel', text: 'Batteries included' },
  { tool: 'ruby-on-rails', text: 'Very productive conventions' },
  { tool: 'flutter', text: 'One codebase for iOS and Android' },
]

export interface DemoSeedResult {
  /** False when demo data was already there: nothing was written. */
  seeded: boolean
  people: number
  companies: number
  stacks: number
  stackTools: number
  reasons: number
  votes: number
  /** Demo jobs posted for the demo companies (0 when left out, as in production unless asked). */
  jobs: number
  /** Catalog slugs the demo stacks name that this catalog lacks (skipped). */
  missingTools: string[]
}

/** Demo jobs each demo company posts (jobs-demo.ts generates them from the company's stacks' tools). */
export const DEMO_JOBS_PER_COMPANY = 4
/** Source keys and slugs of seed:demo's jobs start with this, apart from `jobs:import -- --demo` ones. */
export const DEMO_JOBS_KEY_PREFIX = 'demo-seed'

export async function hasDemoData(db: Db): Promise<boolean> {
  const checks = await Promise.all([
    db.select({ id: users.id }).from(users).where(eq(users.isDemo, true)).limit(1),
    db.select({ id: companies.id }).from(companies).where(eq(companies.isDemo, true)).limit(1),
    db.select({ id: stacks.id }).from(stacks).where(eq(stacks.isDemo, true)).limit(1),
  ])
  return checks.some((rows) => rows.length > 0)
}

export interface DemoSeedOptions {
  /** Whether to post demo jobs for the demo companies (seed:demo leaves them out in production unless asked). */
  jobs?: boolean
}

export async function seedDemo(db: Db, now = new Date(), options: DemoSeedOptions = {}): Promise<DemoSeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${DEMO_LOCK_KEY}))`)
    if (await hasDemoData(tx)) {
      const [counts] = await tx
        .select({ stacks: sql<number>`count(*)::int` })
        .from(stacks)
        .where(eq(stacks.isDemo, true))
      return { ...emptyResult(), stacks: counts?.stacks ?? 0 }
    }
    const ago = (days: number) => new Date(now.getTime() - days * DAY)

    // People: user rows with an owner handle and no account, so there is no way to sign in as them.
    const personIds = new Map<string, number>()
    for (const [index, person] of DEMO_PEOPLE.entries()) {
      const handle = await findFreeHandle(tx, person.handle)
      const [row] = await tx
        .insert(users)
        .values({
          name: person.name,
          email: `${handle}@${DEMO_EMAIL_DOMAIN}`,
          username: handle,
          displayUsername: handle,
          title: person.title,
          bio: 'Demo person: made up for the demo data (npm run seed:demo). Nobody can sign in as them.',
          isDemo: true,
          onboardedAt: ago(200 - index * 7),
          createdAt: ago(200 - index * 7),
          updatedAt: ago(200 - index * 7),
        })
        .returning({ id: users.id })
      await tx.insert(ownerHandles).values({ slug: handle, userId: row!.id })
      personIds.set(person.handle, row!.id)
    }

    const companyIds = new Map<string, number>()
    const companySlugs = new Map<string, string>()
    const adminIds = new Map<string, number>()
    for (const [index, company] of DEMO_COMPANIES.entries()) {
      const name = await findFreeCompanyName(tx, company.name)
      const slug = await findFreeHandle(tx, slugify(name))
      const adminId = personIds.get(company.members[0]!)!
      const [row] = await tx
        .insert(companies)
        .values({
          slug,
          name,
          websiteUrl: company.website,
          description: company.description,
          emailAddress: `team@${new URL(company.website).hostname}`,
          createdById: adminId,
          isDemo: true,
          createdAt: ago(180 - index * 5),
          updatedAt: ago(180 - index * 5),
        })
        .returning({ id: companies.id })
      await tx.insert(ownerHandles).values({ slug, companyId: row!.id })
      await tx.insert(companyMembers).values(
        company.members.map((handle, position) => ({
          companyId: row!.id,
          userId: personIds.get(handle)!,
          role: position === 0 ? ('admin' as const) : ('member' as const),
        })),
      )
      companyIds.set(company.name, row!.id)
      companySlugs.set(company.name, slug)
      adminIds.set(company.name, adminId)
    }

    const wantedSlugs = [
      ...new Set([...DEMO_STACKS.flatMap((stack) => stack.tools), ...DEMO_REASONS.map((r) => r.tool)]),
    ]
    const found = await tx
      .select({ id: tools.id, slug: tools.slug })
      .from(tools)
      .where(and(inArray(tools.slug, wantedSlugs), eq(tools.isApproved, true), eq(tools.isHidden, false)))
    const toolIds = new Map(found.map((tool) => [tool.slug, tool.id]))
    const missingTools = wantedSlugs.filter((slug) => !toolIds.has(slug))

    let stackToolCount = 0
    const companyToolIds = new Map<string, Set<number>>()
    for (const [index, stack] of DEMO_STACKS.entries()) {
      const ids = [...new Set(stack.tools.flatMap((slug) => (toolIds.has(slug) ? [toolIds.get(slug)!] : [])))]
      if (ids.length === 0) continue
      if ('company' in stack.owner) {
        const own = companyToolIds.get(stack.owner.company) ?? new Set<number>()
        for (const id of ids) own.add(id)
        companyToolIds.set(stack.owner.company, own)
      }
      const owner =
        'company' in stack.owner
          ? { ownerCompanyId: companyIds.get(stack.owner.company)!, createdById: adminIds.get(stack.owner.company)! }
          : { ownerUserId: personIds.get(stack.owner.person)!, createdById: personIds.get(stack.owner.person)! }
      const createdAt = ago(150 - index * 6)
      const [row] = await tx
        .insert(stacks)
        .values({
          slug: slugify(stack.name),
          name: stack.name,
          description: stack.description,
          websiteUrl: stack.website ?? null,
          ...owner,
          isDemo: true,
          createdAt,
          updatedAt: new Date(createdAt.getTime() + ((index * 5) % 20) * DAY),
        })
        .returning({ id: stacks.id })
      await tx
        .insert(stackTools)
        .values(ids.map((toolId, position) => ({ stackId: row!.id, toolId, position, createdAt })))
      // Every demo stack is public: its tools count as used (tool.stacks_count feeds popularity).
      await applyPublicToolChange(tx, [], ids)
      stackToolCount += ids.length
    }

    // Reasons, each with votes from several demo people (mostly up, a few down), kept in votes_total and
    // tool.votes_count as toggle_vote keeps them.
    const voters = [...personIds.values()]
    let reasonCount = 0
    let voteCount = 0
    for (const [index, reason] of DEMO_REASONS.entries()) {
      const toolId = toolIds.get(reason.tool)
      if (!toolId) continue
      const [row] = await tx
        .insert(reasons)
        .values({
          toolId,
          userId: voters[index % voters.length]!,
          text: reason.text,
          isCon: reason.isCon ?? false,
          createdAt: ago(120 - index * 2),
        })
        .onConflictDoNothing()
        .returning({ id: reasons.id })
      // A reason of that text was already given for the tool (by a real person): leave it alone.
      if (!row) continue
      reasonCount++
      const voterCount = 3 + ((index * 7) % 8)
      const votes = Array.from({ length: voterCount }, (_, offset) => ({
        reasonId: row.id,
        userId: voters[(index + offset + 1) % voters.length]!,
        // roughly one vote in six is a down-vote
        value: (index + offset) % 6 === 5 ? -1 : 1,
        createdAt: ago(100 - index * 2 - offset),
      }))
      await tx.insert(reasonVotes).values(votes)
      // The author's points, as adding the reason and receiving each up-vote would have earned them.
      const author = voters[index % voters.length]!
      await addPoints(tx, [
        { userId: author, amount: POINTS.reasonCreated, kind: 'reason_created', reasonId: row.id, actorId: author },
        ...votes
          .filter((vote) => vote.value === 1 && vote.userId !== author)
          .map((vote) => ({
            userId: author,
            amount: POINTS.upvoteReceived,
            kind: 'reason_upvoted' as const,
            reasonId: row.id,
            actorId: vote.userId,
          })),
      ])
      const total = votes.reduce((sum, vote) => sum + vote.value, 0)
      await tx.update(reasons).set({ votesTotal: total }).where(eq(reasons.id, row.id))
      await tx
        .update(tools)
        .set({ votesCount: sql`${tools.votesCount} + ${total}` })
        .where(eq(tools.id, toolId))
      voteCount += votes.length
    }

    // Jobs: each demo company posts a few, asking for tools of its own stacks (Stack Match and the job-stack card
    // then agree), through the demo job generator. A company whose stacks hold all of Stack Match's default tools
    // (React and Node.js) asks for them in every job, so /match opens on results (acceptance 2026-12-01, minor 10).
    const defaultToolIds = MATCH_DEFAULT_TOOLS.map((slug) => toolIds.get(slug))
    const matchDefaultsOf = (own: Set<number> | undefined) =>
      own && defaultToolIds.every((id) => id !== undefined && own.has(id)) ? (defaultToolIds as number[]) : []
    const demoJobs =
      options.jobs === false
        ? []
        : await seedDemoJobs(tx, {
            count: DEMO_JOBS_PER_COMPANY * DEMO_COMPANIES.length,
            keyPrefix: DEMO_JOBS_KEY_PREFIX,
            companies: DEMO_COMPANIES.map((company) => ({
              id: companyIds.get(company.name)!,
              slug: companySlugs.get(company.name)!,
              toolIds: [...(companyToolIds.get(company.name) ?? [])],
              alwaysToolIds: matchDefaultsOf(companyToolIds.get(company.name)),
            })),
          })

    return {
      seeded: true,
      jobs: demoJobs.length,
      people: personIds.size,
      companies: companyIds.size,
      stacks: DEMO_STACKS.filter((stack) => stack.tools.some((slug) => toolIds.has(slug))).length,
      stackTools: stackToolCount,
      reasons: reasonCount,
      votes: voteCount,
      missingTools,
    }
  })
}

function emptyResult(): DemoSeedResult {
  return {
    seeded: false,
    people: 0,
    companies: 0,
    stacks: 0,
    stackTools: 0,
    reasons: 0,
    votes: 0,
    jobs: 0,
    missingTools: [],
  }
}

/** The handle, or with -2, -3... when a real user or company already has it. */
async function findFreeHandle(db: Db, base: string): Promise<string> {
  for (let suffix = 1; ; suffix++) {
    const candidate = suffix === 1 ? base : `${base}-${suffix}`
    const [handle] = await db.select().from(ownerHandles).where(eq(ownerHandles.slug, candidate))
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, candidate))
    const taken = handle ?? user
    if (!taken) return candidate
  }
}

/** Company names are unique regardless of case; a real company keeps its name. */
async function findFreeCompanyName(db: Db, base: string): Promise<string> {
  for (let suffix = 1; ; suffix++) {
    const candidate = suffix === 1 ? base : `${base} ${suffix}`
    const [taken] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(sql`lower(${companies.name}) = ${candidate.toLowerCase()}`)
    if (!taken) return candidate
  }
}
