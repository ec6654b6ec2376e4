import { describe, expect, it } from 'vitest'
import { PAGE_TITLE_MAX, toolPageTitle } from './tool-page-meta.ts'

const nodeTitle =
  'Node.js is an open-source, cross-platform, JavaScript runtime environment that executes JavaScript code outside a web browser'

describe("the tool page's title", () => {
  it('is the name and a short catalog title', () => {
    expect(toolPageTitle({ name: 'React', title: 'A JavaScript library for building user interfaces' })).toBe(
      'React: A JavaScript library for building user interfaces',
    )
  })

  it("is the name and the category when the catalog's title is a whole sentence", () => {
    const title = toolPageTitle({ name: 'Node.js', title: nodeTitle, category: { name: 'Frameworks (Full Stack)' } })
    expect(title).toBe('Node.js: Frameworks (Full Stack)')
  })

  it('cuts a long title at a word when there is no category, and never passes PAGE_TITLE_MAX', () => {
    const title = toolPageTitle({ name: 'Node.js', title: nodeTitle, category: null })
    expect(title).toBe('Node.js: Node.js is an open-source, cross-platform…')
    expect(title.length).toBeLessThanOrEqual(PAGE_TITLE_MAX)
    expect(toolPageTitle({ name: 'x'.repeat(90), title: nodeTitle }).length).toBeLessThanOrEqual(PAGE_TITLE_MAX)
  })

  it('is the name alone, or with its category, when the title only repeats the name or is missing', () => {
    expect(toolPageTitle({ name: 'Redis', title: 'redis' })).toBe('Redis')
    expect(toolPageTitle({ name: 'Redis', title: null, category: { name: 'In-Memory Databases' } })).toBe(
      'Redis: In-Memory Databases',
    )
  })
})
