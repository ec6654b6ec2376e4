import { z } from 'zod'

export const SiteInfo = z.object({
  name: z.string(),
  github_enabled: z.boolean(),
})
export type SiteInfo = z.infer<typeof SiteInfo>
