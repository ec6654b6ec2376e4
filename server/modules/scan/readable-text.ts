// Text read from outside (an imported stack file, a repository's manifest) before it names anything in the database
// (decision 076): PostgreSQL refuses NUL in text, jsonb refuses lone surrogates, and a control character in a name is
// never what the file meant. Every stack file format and every manifest parser's signals pass through here.

/** Surrogates not in a pair: broken UTF-16, which no database column or JSON document takes. */
const LONE_SURROGATE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]'
/** C0 controls (tab and line breaks included: a name holds none), DEL, and lone surrogates. */
const UNREADABLE_IN_NAME = new RegExp(`[\\u0000-\\u001F\\u007F]|${LONE_SURROGATE}`)
/** The same in free text, where tabs and line breaks are fine. */
const UNREADABLE_IN_TEXT = new RegExp(`[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]|${LONE_SURROGATE}`, 'g')

/**
 * A name, slug, package URL or version is an identity: one holding a control character or a lone surrogate is not
 * trusted at all (stripping 'a\0b' to 'ab' would name another package), so its entry is skipped.
 */
export function isReadableName(text: string): boolean {
  return !UNREADABLE_IN_NAME.test(text)
}

/** Free text (a stack's name, description, website): the unreadable characters are dropped, the rest kept. */
export function readableText(text: string): string {
  return text.replace(UNREADABLE_IN_TEXT, '')
}

/** A skipped name as it is reported back: each unreadable character shown as U+FFFD. */
export function shownName(text: string): string {
  return text.replace(new RegExp(UNREADABLE_IN_NAME.source, 'g'), '\uFFFD')
}
