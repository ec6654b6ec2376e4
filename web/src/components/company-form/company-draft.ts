// What the company form holds while it is typed (every optional text as ''), and the form's input made from it.
import type { CompanyForm } from '#contracts/companies.ts'

export interface CompanyFormDraft {
  name: string
  website_url: string
  description: string
  angellist_url: string
  email_address: string
  twitter_username: string
  image_url: string | null
  /** The company's tags: given only where an existing company is edited, which is where the form shows them. */
  tag_list?: string[]
}

/** The draft as the company form and POST /api/v1/companies/create or update take it. */
export function toCompanyInput(draft: CompanyFormDraft): CompanyForm {
  return {
    name: draft.name,
    website_url: draft.website_url,
    description: draft.description,
    email_address: draft.email_address,
    angellist_url: draft.angellist_url,
    twitter_username: draft.twitter_username,
    image_url: draft.image_url,
    ...(draft.tag_list === undefined ? {} : { tag_list: draft.tag_list }),
  }
}
