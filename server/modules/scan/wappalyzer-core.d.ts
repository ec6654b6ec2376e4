// wappalyzer-core 6 ships no types: the part of its API the scanner's driver uses (fingerprints.ts).
declare module 'wappalyzer-core' {
  export interface Pattern {
    value: string
    regex: RegExp
    confidence: number
    version: string
    type?: string
    match?: string
  }
  export interface Technology {
    name: string
    categories: number[]
    implies: { name: string; confidence: number; version: string }[]
    excludes: { name: string }[]
    website: string | null
    [type: string]: unknown
  }
  export interface Category {
    id: number
    name: string
    slug: string
    priority: number
  }
  export interface Detection {
    technology: Technology
    pattern: Pattern
    version: string
  }
  export interface Resolved {
    name: string
    slug: string
    categories: Category[]
    confidence: number
    version: string
    website: string | null
  }
  /** Signals collected from a page; header, cookie and meta names lower-case. */
  export interface Items {
    url?: string
    html?: string
    text?: string
    css?: string
    scripts?: string
    scriptSrc?: string[]
    headers?: Record<string, string[]>
    cookies?: Record<string, string[]>
    meta?: Record<string, string[]>
    certIssuer?: string
  }
  const Wappalyzer: {
    technologies: Technology[]
    categories: Category[]
    requires: { name: string; technologies: Technology[] }[]
    categoryRequires: { categoryId: number; technologies: Technology[] }[]
    getTechnology(name: string): Technology | undefined
    setTechnologies(data: Record<string, unknown>): void
    setCategories(data: Record<string, unknown>): void
    analyze(items: Items, technologies?: Technology[]): Detection[]
    analyzeOneToOne(technology: Technology, type: string, value: string): Detection[]
    analyzeOneToMany(technology: Technology, type: string, items: string[]): Detection[]
    analyzeManyToMany(technology: Technology, type: string, items: Record<string, string[]>): Detection[]
    resolve(detections: Detection[]): Resolved[]
  }
  export default Wappalyzer
}
