// Comment markdown to safe HTML (docs/decisions/009-comments-and-follows.md): markdown-it with raw HTML off, then
// sanitize-html with an allow-list as the real guard, so a bug in one layer does not open the page. Links get
// rel="nofollow ugc" (spec: user content) and only http(s) and mailto URLs survive.
import MarkdownIt from 'markdown-it'
import sanitizeHtml from 'sanitize-html'
import { NOTIFICATION_EXCERPT_MAX } from '#contracts/notifications.ts'

const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false })

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'del', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'hr'],
  allowedAttributes: { a: ['href', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'nofollow ugc' } }),
    // headings and images are not part of comments: keep their text, drop the element
    h1: 'p',
    h2: 'p',
    h3: 'p',
    h4: 'p',
    h5: 'p',
    h6: 'p',
  },
}

export function renderCommentMarkdown(body: string): string {
  return sanitizeHtml(markdown.render(body), sanitizeOptions)
}

/**
 * The start of a comment as plain text (what a reader sees, without markdown marks, links' URLs or HTML), cut on a
 * word at `max` characters with '…': the excerpt notifications show (decision 038).
 */
export function commentExcerpt(body: string, max = NOTIFICATION_EXCERPT_MAX): string {
  const words: string[] = []
  for (const block of markdown.parse(body, {})) {
    if (block.type === 'fence' || block.type === 'code_block') words.push(block.content)
    for (const token of block.children ?? []) {
      if (token.type === 'text' || token.type === 'code_inline') words.push(token.content)
      else if (token.type === 'softbreak' || token.type === 'hardbreak') words.push(' ')
    }
    if (block.type.endsWith('_close') && block.block) words.push(' ')
  }
  const text = words.join('').replace(/\s+/g, ' ').trim()
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`
}
