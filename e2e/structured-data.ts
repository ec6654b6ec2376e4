// A page's JSON-LD as crawlers read it: the block parsed, and what its nodes lack of the properties their types
// require (schema.org types as Google's structured data guidelines use them: the required properties of each rich
// result we aim for, and the ones that make the rest meaningful). Every spec reads the block through this file.

// any: specs read nested JSON-LD freely, and toMatchObject checks its shape
export type StructuredNode = Record<string, any>

const BLOCK = /<script type="application\/ld\+json" id="structured-data">(.*?)<\/script>/s

/** The page's JSON-LD nodes (its @graph's, or the one node); [] when the page carries none. */
export function structuredDataOf(html: string): StructuredNode[] {
  const text = BLOCK.exec(html)?.[1]
  if (!text) return []
  const data = JSON.parse(text) as StructuredNode
  return (data['@graph'] as StructuredNode[] | undefined) ?? [data]
}

/** The node of that @type at the top of the page's JSON-LD. */
export const structuredNodeOf = (html: string, type: string) =>
  structuredDataOf(html).find((node) => node['@type'] === type)

/** Every problem of the page's JSON-LD, as "Type.property: what is wrong"; [] when it is sound. */
export function structuredDataProblems(html: string): string[] {
  const text = BLOCK.exec(html)?.[1]
  if (!text) return ['no JSON-LD block']
  const root = JSON.parse(text) as StructuredNode
  const problems: string[] = []
  if (root['@context'] !== 'https://schema.org') problems.push(`@context: ${String(root['@context'])}`)
  for (const node of structuredDataOf(html)) checkNode(node, problems)
  return problems
}

type Rule = (node: StructuredNode, fail: (property: string, why: string) => void) => void

const isText = (value: unknown) => typeof value === 'string' && value.trim().length > 0
const isAbsoluteUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^/]/.test(value)
const isDate = (value: unknown) => typeof value === 'string' && !Number.isNaN(Date.parse(value))

const text =
  (...properties: string[]): Rule =>
  (node, fail) => {
    for (const property of properties) if (!isText(node[property])) fail(property, 'missing')
  }
const url =
  (...properties: string[]): Rule =>
  (node, fail) => {
    for (const property of properties) if (!isAbsoluteUrl(node[property])) fail(property, 'not an absolute URL')
  }

/**
 * ListItems numbered in order (from 1, or from where a later page of the list starts), each naming what it lists by
 * `link` (an absolute URL) unless `lastMayOmit`.
 */
const listItems =
  (link: 'url' | 'item', options: { named: boolean; lastMayOmit?: boolean }): Rule =>
  (node, fail) => {
    const items = node.itemListElement
    if (!Array.isArray(items) || items.length === 0) return fail('itemListElement', 'empty')
    items.forEach((item: StructuredNode, index) => {
      if (item['@type'] !== 'ListItem') fail(`itemListElement[${index}]`, 'not a ListItem')
      const first = typeof items[0]?.position === 'number' && items[0].position >= 1 ? items[0].position : 1
      if (item.position !== first + index) fail(`itemListElement[${index}].position`, `${String(item.position)}`)
      if (options.named && !isText(item.name)) fail(`itemListElement[${index}].name`, 'missing')
      const target = typeof item[link] === 'object' ? (item[link] as StructuredNode)?.url : item[link]
      const last = index === items.length - 1
      if (!isAbsoluteUrl(target) && !(last && options.lastMayOmit))
        fail(`itemListElement[${index}].${link}`, 'not an absolute URL')
    })
  }

const RULES: Record<string, Rule[]> = {
  WebSite: [
    text('name'),
    url('url'),
    (node, fail) => {
      const action = node.potentialAction as StructuredNode | undefined
      if (!action) return
      const target = action.target as StructuredNode | string | undefined
      const template = typeof target === 'string' ? target : target?.urlTemplate
      if (typeof template !== 'string' || !template.includes('{search_term_string}'))
        fail('potentialAction.target', 'no {search_term_string}')
      if (action['query-input'] !== 'required name=search_term_string') fail('potentialAction.query-input', 'wrong')
    },
  ],
  WebPage: [text('name'), url('url')],
  ItemList: [listItems('url', { named: false })],
  BreadcrumbList: [listItems('item', { named: true, lastMayOmit: true })],
  SoftwareApplication: [text('name'), url('url')],
  Organization: [text('name')],
  Person: [text('name')],
  ProfilePage: [
    (node, fail) => {
      if ((node.mainEntity as StructuredNode | undefined)?.['@type'] !== 'Person') fail('mainEntity', 'not a Person')
    },
  ],
  // Google's required properties for job postings
  JobPosting: [
    text('title', 'description'),
    (node, fail) => {
      if (!isDate(node.datePosted)) fail('datePosted', 'not a date')
      if (node.validThrough !== undefined && !isDate(node.validThrough)) fail('validThrough', 'not a date')
      if (!isText((node.hiringOrganization as StructuredNode | undefined)?.name))
        fail('hiringOrganization.name', 'missing')
      const remote = node.jobLocationType === 'TELECOMMUTE' && node.applicantLocationRequirements !== undefined
      if (!remote && !(node.jobLocation as StructuredNode | undefined)?.address)
        fail('jobLocation', 'neither an address nor a remote job with applicant location requirements')
    },
  ],
}

function checkNode(node: StructuredNode, problems: string[], path = '') {
  const type = node['@type']
  const here = `${path}${typeof type === 'string' ? type : '(no @type)'}`
  if (path === '' && typeof type !== 'string') problems.push(`${here}: no @type`)
  for (const rule of (typeof type === 'string' && RULES[type]) || [])
    rule(node, (property, why) => problems.push(`${here}.${property}: ${why}`))
  // nested nodes (an item's tool, a page's subject, a job's employer) answer to their own type's rules
  for (const [property, value] of Object.entries(node)) {
    for (const child of Array.isArray(value) ? value : [value])
      if (child && typeof child === 'object' && '@type' in child)
        checkNode(child as StructuredNode, problems, `${here}.${property} > `)
  }
}
