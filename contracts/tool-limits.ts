// Limits of the tool catalog's API, apart from the zod schemas so the web can read them without loading zod.
// Search design: docs/decisions/006-tool-search.md.

/** spec: 20 hits per page for tool search; the directory pages the same way. */
export const TOOLS_PAGE_SIZE = 20
/** Deepest search page (1,000 hits), like a hosted index's pagination limit: nobody pages further, and deep
 * OFFSETs are the one slow path of the query. */
export const SEARCH_MAX_PAGE = 50
export const DIRECTORY_MAX_PAGE = 1000
/** The stack builder's Popular Tools grid and the home page draw from this list. */
export const POPULAR_TOOLS_COUNT = 50
export const NEWEST_TOOLS_COUNT = 12
/** Stacks shown on a tool page; stacks_count gives the total. */
export const TOOL_PAGE_STACKS_COUNT = 12
export const SEARCH_QUERY_MAX = 100
export const TOOL_NAME_MAX = 60
export const WEBSITE_URL_MAX = 2048
export const SLUGS_MAX = 200
