// Comment markdown to safe HTML (docs/decisions/009-comments-and-follows.md): markdown-it with raw HTML off, then
// sanitize-html with an allow-list as the real guard, so a bug in one layer does not open the page. Links get
// rel="nofollow ugc" (spec: user content) and only http(s) and mailto URLs survive.
import MarkdownIt from 'markdown-it'
import sanitizeHtml from 'sanitize-html'

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
