// The company page's (/companies/{slug}) title, meta description and structured data: plain functions apart from the
// zod schemas (contracts/companies.ts), so the web reads them without zod. The server writes them into the page's
// head when it renders the page (server/http/page-head.ts).
import { breadcrumbList } from './breadcrumb-list.ts'
import { httpUrlOf } from './http-links.ts'
import { clipDescription } from './tool-page-meta.ts'

/** Stacks named in the meta description before it is cut to length. */
const DESCRIPTION_STACKS_MAX = 6

interface CompanyMeta {
  name: string
  path: string
  description: string | null
  website_url: string | null
  image_url: string | null
}

/** The company's name: the page's title before ' | {site}'. */
export function companyPageTitle(company: Pick<CompanyMeta, 'name'>): string {
  return company.name
}

/** '{company}: {description} Stacks: …', at most META_DESCRIPTION_MAX characters. */
export function companyMetaDescription(company: CompanyMeta, stacks: Array<{ name: string }>): string {
  const description = company.description?.trim()
  const names = stacks.slice(0, DESCRIPTION_STACKS_MAX).map((stack) => stack.name)
  const stackList = names.length > 0 ? ` Stacks: ${names.join(', ')}.` : ''
  return clipDescription(
    description
      ? `${company.name}: ${description}${stackList}`
      : `${company.name}: the company's stacks and the tools in them.${stackList}`,
  )
}

/**
 * schema.org JSON-LD of a company page: the Organization (its page, logo, website as sameAs, description) and the
 * BreadcrumbList home → company. `origin` makes the addresses absolute; `siteName` names the home page.
 */
export function companyStructuredData(company: CompanyMeta, origin: string, siteName: string) {
  const organization = {
    '@type': 'Organization',
    name: company.name,
    url: new URL(company.path, origin).toString(),
    logo: company.image_url ? new URL(company.image_url, origin).toString() : undefined,
    // stored addresses from before the http(s) rule are left out, as the page never links them (decision 036)
    sameAs: httpUrlOf(company.website_url) ?? undefined,
    description: company.description?.trim() || undefined,
  }
  const steps = [
    { name: siteName, path: '/' },
    { name: company.name, path: company.path },
  ]
  return { '@context': 'https://schema.org', '@graph': [organization, breadcrumbList(steps, origin)] as const }
}
