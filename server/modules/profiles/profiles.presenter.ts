import type { UserProfileResponse } from '#contracts/profiles.ts'
import type {
  findUserByHandle,
  listProfileCompanies,
  listProfileStacks,
  listStackToolPreviews,
} from './profiles.queries.ts'

type Result<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>

/** Every catalog tool has a logo at /logos/{slug}.svg (a real one or a generated monogram). */
const toolImageUrl = (tool: { slug: string; imageUrl: string | null }) => tool.imageUrl ?? `/logos/${tool.slug}.svg`

export function presentUserProfile(input: {
  user: NonNullable<Result<typeof findUserByHandle>>
  companies: Result<typeof listProfileCompanies>
  stacks: Result<typeof listProfileStacks>
  tools: Result<typeof listStackToolPreviews>
}): UserProfileResponse {
  const { user } = input
  const username = user.username ?? ''
  const countByStack = new Map(input.tools.counts.map((row) => [row.stackId, row.value]))
  return {
    user: {
      id: user.id,
      username,
      name: user.name,
      image_url: user.image,
      created_at: user.createdAt.toISOString(),
      points: user.popularity,
      companies: input.companies.map((company) => ({
        name: company.name,
        slug: company.slug,
        image_url: company.imageUrl,
      })),
    },
    stacks: input.stacks.map((stack) => ({
      id: stack.id,
      name: stack.name,
      slug: stack.slug,
      canonical_url: `/${username}/${stack.slug}`,
      is_private: stack.isPrivate,
      tools: input.tools.previews
        .filter((tool) => tool.stackId === stack.id)
        .map((tool) => ({ name: tool.name, slug: tool.slug, image_url: toolImageUrl(tool) })),
      tools_count: countByStack.get(stack.id) ?? 0,
    })),
  }
}
