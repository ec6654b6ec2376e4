import { describe, expect, it } from 'vitest'
import { companyMetaDescription, companyStructuredData } from './company-page-meta.ts'
import { profileMetaDescription, profileStructuredData } from './profile-page-meta.ts'
import {
  ownerPath,
  STACK_ITEM_LIST_MAX,
  stackMetaDescription,
  stackPageTitle,
  stackStructuredData,
} from './stack-page-meta.ts'
import { jsonLdText, META_DESCRIPTION_MAX } from './tool-page-meta.ts'

const origin = 'https://atlas.example'
const tool = (name: string) => ({ name, canonical_url: `/tools/${name.toLowerCase()}` })

function stackOf(tools: string[], fields: { description?: string | null; owner?: 'User' | 'Company' } = {}) {
  return {
    name: 'Payments API',
    path: '/acme/payments-api',
    description: fields.description ?? null,
    owner: { type: fields.owner ?? ('Company' as const), slug: 'acme', name: 'Acme' },
    tools_count: tools.length,
    layers: [{ categories: [{ tools: tools.map(tool) }] }],
  }
}

describe('the stack page head', () => {
  it('names the stack and its owner, then the description and the tools', () => {
    const stack = stackOf(['Go', 'Redis'], { description: 'Card payments.' })
    expect(stackPageTitle(stack)).toBe('Payments API by Acme')
    expect(stackMetaDescription(stack)).toBe('Payments API by Acme: Card payments. Tools: Go, Redis.')
    expect(stackMetaDescription(stackOf(['Go']))).toBe('Payments API by Acme: 1 tool, including Go.')
    const long = stackMetaDescription(stackOf([], { description: 'word '.repeat(100) }))
    expect(long.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX)
    expect(long.endsWith('…')).toBe(true)
  })

  it("links the owner's page: a company's, or a person's profile", () => {
    expect(ownerPath({ type: 'Company', slug: 'acme' })).toBe('/companies/acme')
    expect(ownerPath({ type: 'User', slug: 'ada' })).toBe('/ada')
  })

  it('lists the tools in an ItemList and the way owner → stack in a BreadcrumbList', () => {
    const data = stackStructuredData(stackOf(['Go', 'Redis'], { owner: 'User' }), origin)
    const [list, breadcrumbs] = data['@graph']
    expect(list).toMatchObject({
      '@type': 'ItemList',
      url: 'https://atlas.example/acme/payments-api',
      numberOfItems: 2,
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Go', url: 'https://atlas.example/tools/go' },
        { '@type': 'ListItem', position: 2, name: 'Redis', url: 'https://atlas.example/tools/redis' },
      ],
    })
    expect(breadcrumbs).toEqual({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Acme', item: 'https://atlas.example/acme' },
        { '@type': 'ListItem', position: 2, name: 'Payments API', item: 'https://atlas.example/acme/payments-api' },
      ],
    })
  })

  it('counts every tool but lists at most STACK_ITEM_LIST_MAX', () => {
    const names = Array.from({ length: STACK_ITEM_LIST_MAX + 5 }, (_, index) => `Tool${index}`)
    const [list] = stackStructuredData(stackOf(names), origin)['@graph']
    expect(list.numberOfItems).toBe(STACK_ITEM_LIST_MAX + 5)
    expect(list.itemListElement).toHaveLength(STACK_ITEM_LIST_MAX)
  })

  it("keeps a name holding '</script>' inside its JSON-LD block", () => {
    const stack = { ...stackOf(['Go']), name: '</script><script>alert(1)</script>' }
    expect(jsonLdText(stackStructuredData(stack, origin))).not.toContain('<')
  })
})

describe('the company page head', () => {
  const company = {
    name: 'Acme',
    path: '/companies/acme',
    description: 'Payments for shops.',
    website_url: 'acme.example',
    image_url: '/uploads/acme.png',
  }

  it('describes the company and names its stacks', () => {
    expect(companyMetaDescription(company, [{ name: 'Payments API' }, { name: 'Dashboard' }])).toBe(
      'Acme: Payments for shops. Stacks: Payments API, Dashboard.',
    )
    expect(companyMetaDescription({ ...company, description: null }, [])).toBe(
      "Acme: the company's stacks and the tools in them.",
    )
  })

  it('is an Organization with its page, logo and website, and the way home → company', () => {
    const [organization, breadcrumbs] = companyStructuredData(company, origin, 'Stackatlas')['@graph']
    expect(organization).toEqual({
      '@type': 'Organization',
      name: 'Acme',
      url: 'https://atlas.example/companies/acme',
      logo: 'https://atlas.example/uploads/acme.png',
      sameAs: 'https://acme.example/',
      description: 'Payments for shops.',
    })
    expect(breadcrumbs.itemListElement.map((item) => [item.name, item.item])).toEqual([
      ['Stackatlas', 'https://atlas.example/'],
      ['Acme', 'https://atlas.example/companies/acme'],
    ])
  })

  it('leaves out a website that is not http(s), and a missing logo', () => {
    const bare = { ...company, website_url: 'javascript:alert(1)', image_url: null }
    const [organization] = companyStructuredData(bare, origin, 'Stackatlas')['@graph']
    expect(organization.sameAs).toBeUndefined()
    expect(organization.logo).toBeUndefined()
  })
})

describe('the profile page head', () => {
  const profile = {
    user: {
      username: 'ada',
      name: 'Ada Moreno',
      image_url: null,
      created_at: '2026-05-10T17:07:11.787Z',
      companies: [{ name: 'Acme', slug: 'acme' }],
    },
    stacks: [{ name: 'Side Projects' }],
  }

  it('names the person, their stacks and companies', () => {
    expect(profileMetaDescription(profile)).toBe('Ada Moreno (@ada) shares 1 stack: Side Projects. Member of Acme.')
  })

  it('is a ProfilePage about a Person, with no e-mail address', () => {
    const data = profileStructuredData(profile, origin)
    expect(data).toMatchObject({
      '@type': 'ProfilePage',
      url: 'https://atlas.example/ada',
      mainEntity: {
        '@type': 'Person',
        name: 'Ada Moreno',
        alternateName: '@ada',
        url: 'https://atlas.example/ada',
        memberOf: [{ '@type': 'Organization', name: 'Acme', url: 'https://atlas.example/companies/acme' }],
      },
    })
    expect(JSON.stringify(data)).not.toContain('email')
  })
})
