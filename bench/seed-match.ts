// Stack Match scale data for `npm run bench` (issue 7): companies with public stacks (and a few private ones), and
// jobs of those companies, drawing tools from the most popular visible tools with a Zipf-like skew (the first tool
// is in about 40% of jobs, the third in about 20%), so searches for popular tools are the heavy case they are in
// production. Runs after seedScaleData (bench/seed-scale.ts), on PostgreSQL or PGlite. Deterministic (setseed).
import { sql } from 'drizzle-orm'
import type { Db } from '../server/db/client.ts'
import { jobSearchDocument } from '../server/modules/jobs/jobs.queries.ts'

export interface MatchScaleOptions {
  jobs: number
  companies: number
  /** The most popular tools jobs and stacks draw from. */
  toolPool?: number
}

export interface MatchScaleSummary {
  jobs: number
  companies: number
  companyStacks: number
  seconds: number
  /** The most popular tools, most popular first: the bench's searches pick from these. */
  topToolSlugs: string[]
}

export async function seedMatchData(db: Db, options: MatchScaleOptions): Promise<MatchScaleSummary> {
  const started = performance.now()
  const pool = await selectRows<{ id: number; slug: string }>(
    db,
    sql`select id, slug from tool where not is_hidden order by popularity desc nulls last, id limit ${options.toolPool ?? 2000}`,
  )
  const ids = `{${pool.map((tool) => tool.id).join(',')}}`
  // rank = floor(P^u) - 1 for a uniform u: P(rank r) falls as 1/(r+1), a Zipf-like head and a long tail
  const draw = sql.raw(`('${ids}'::integer[])[floor(power(${pool.length}, random()))::int]`)
  await db.execute(sql`select setseed(0.2026)`)
  await db.execute(sql`
    insert into company (slug, name, city, tag_list, description, private_mode)
    select 'match-company-' || n, 'Match Company ' || n,
      (array['Berlin','London','Paris','New York','Remote'])[1 + n % 5],
      array[(array['fintech','health','games','retail','saas','developer tools'])[1 + n % 6]],
      case when n % 10 = 0 then null else 'A company making ' || (array['payments','games','clinics','shops','software'])[1 + n % 5]
        || case when n % 3 = 0 then ' for everyone' else ', with an engineering team of ' || (5 + n % 40) end || '.' end,
      n % 50 = 0
    from generate_series(1, ${options.companies}) n`)
  await db.execute(sql`
    insert into owner_handle (slug, company_id) select slug, id from company where slug like 'match-company-%'`)
  // one public stack each, a second (public) stack for every third company, a private one for every seventh
  await db.execute(sql`
    insert into stack (slug, name, owner_company_id, is_private, is_demo)
    select s.slug, s.name, c.id, s.is_private, true
    from company c cross join lateral (values ('main', 'Main', false, true), ('data', 'Data', false, c.id % 3 = 0),
      ('internal', 'Internal', true, c.id % 7 = 0)) as s(slug, name, is_private, wanted)
    where c.slug like 'match-company-%' and s.wanted`)
  await db.execute(sql`
    insert into stack_tool (stack_id, tool_id, position)
    select s.id, t.tool_id, row_number() over (partition by s.id order by t.tool_id)
    from stack s cross join lateral (
      select distinct ${draw} as tool_id from generate_series(1, 4 + s.id % 9) where s.id > 0) t
    join company c on c.id = s.owner_company_id
    where c.slug like 'match-company-%'`)
  await db.execute(sql`
    insert into job (slug, title, company_id, city, location, remote, full_time, freelance, description, posted_at,
      expires_at, tool_ids, apply_url)
    select 'match-job-' || n,
      (array['Senior ','','Staff ','Junior '])[1 + n % 4] || (array['Backend Engineer','Frontend Engineer',
        'Data Engineer','Site Reliability Engineer','Mobile Developer','Platform Engineer','Product Designer'])[1 + n % 7],
      c.id, (array['Berlin','London','Paris','New York','Austin'])[1 + n % 5], null, n % 4 = 0, n % 7 <> 0, n % 7 = 0,
      'We are hiring. ' || repeat('Work on interesting problems with a great team. ', 4),
      now() - (n % 90) * interval '1 day' - n * interval '1 second',
      case when n % 20 = 0 then now() - interval '1 day' else now() + interval '60 days' end,
      array(select distinct ${draw} from generate_series(1, 3 + n % 6) where n > 0 order by 1),
      'https://jobs.example/' || n
    from generate_series(1, ${options.jobs}) n
    -- bigint: n * 7919 passes 2^31 past 271,000 jobs
    join lateral (select id from company where slug = 'match-company-' || (1 + (n::bigint * 7919) % ${options.companies})) c on true`)
  await db.execute(sql`
    insert into job_tool (job_id, tool_id) select id, unnest(tool_ids) from job where slug like 'match-job-%'`)
  await db.execute(sql`update job set search = ${jobSearchDocument}
    from company where company.id = job.company_id and job.slug like 'match-job-%'`)
  await db.execute(sql`vacuum analyze`)
  const [counts] = await selectRows<{ jobs: number; companies: number; stacks: number }>(
    db,
    sql`select (select count(*)::int from job) as jobs, (select count(*)::int from company) as companies,
      (select count(*)::int from stack where owner_company_id is not null) as stacks`,
  )
  return {
    jobs: counts!.jobs,
    companies: counts!.companies,
    companyStacks: counts!.stacks,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    topToolSlugs: pool.slice(0, 20).map((tool) => tool.slug),
  }
}

async function selectRows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}
