// schema.org BreadcrumbList for a page's JSON-LD: the way from a parent page down to this one, each step an absolute
// address. Plain functions, so the web reads them without zod.

export interface Breadcrumb {
  name: string
  /** Site-relative ('/companies/acme'). */
  path: string
}

/** A BreadcrumbList of the given steps, parents first; `origin` makes their addresses absolute. */
export function breadcrumbList(steps: Breadcrumb[], origin: string) {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: new URL(step.path, origin).toString(),
    })),
  }
}
