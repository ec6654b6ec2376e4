// A PostgreSQL tsquery, as `websearch_to_tsquery('english', keywords)::text` writes it, read into a tree the in-memory
// Stack Match index can test against its lexemes (match-memory.ts). Only what a boolean test of lexemes can answer is
// read: lexemes, & (and), | (or), ! (not) and parentheses. A phrase (<->, <N>: quoted words, hyphenated words) needs
// word positions, and a weight or prefix (:A, :*) is not something websearch_to_tsquery writes; either makes the
// query unreadable here (null), and the search is then answered by PostgreSQL.

export type TsQuery =
  | { kind: 'lexeme'; lexeme: string }
  | { kind: 'not'; operand: TsQuery }
  | { kind: 'and' | 'or'; left: TsQuery; right: TsQuery }

type Token = { kind: 'lexeme'; lexeme: string } | { kind: '&' | '|' | '!' | '(' | ')' }

function tokenize(text: string): Token[] | null {
  const tokens: Token[] = []
  let i = 0
  while (i < text.length) {
    const char = text[i]!
    if (char === ' ') {
      i++
    } else if (char === '&' || char === '|' || char === '!' || char === '(' || char === ')') {
      tokens.push({ kind: char })
      i++
    } else if (char === "'") {
      let lexeme = ''
      i++
      for (;;) {
        if (i >= text.length) return null
        const inner = text[i]!
        if (inner === "'" && text[i + 1] === "'") {
          lexeme += "'"
          i += 2
        } else if (inner === "'") {
          i++
          break
        } else if (inner === '\\' && i + 1 < text.length) {
          lexeme += text[i + 1]
          i += 2
        } else {
          lexeme += inner
          i++
        }
      }
      // a weight or prefix marker follows the closing quote
      if (text[i] === ':') return null
      tokens.push({ kind: 'lexeme', lexeme })
    } else {
      // '<' starts a phrase operator; anything else is not tsquery output we know
      return null
    }
  }
  return tokens
}

/**
 * The tree of a tsquery's text, or null when it holds a phrase, a weight or a prefix. The empty text (keywords of
 * stop words only) answers 'empty': it matches no row, as `@@` answers false for it.
 */
export function parseTsQuery(text: string): TsQuery | 'empty' | null {
  const tokens = tokenize(text)
  if (tokens === null) return null
  if (tokens.length === 0) return 'empty'
  let at = 0
  // precedence, loosest first: | then & then ! (the phrase operators, between & and !, are refused above)
  const chain = (operator: '|' | '&', kind: 'or' | 'and', operand: () => TsQuery | null) => (): TsQuery | null => {
    let left = operand()
    while (left && tokens[at]?.kind === operator) {
      at++
      const right = operand()
      left = right ? { kind, left, right } : null
    }
    return left
  }
  const parseAnd = chain('&', 'and', () => parseNot())
  const parseOr = chain('|', 'or', parseAnd)
  const parseNot = (): TsQuery | null => {
    const token = tokens[at++]
    if (!token) return null
    if (token.kind === '!') {
      const operand = parseNot()
      return operand ? { kind: 'not', operand } : null
    }
    if (token.kind === '(') {
      const inner = parseOr()
      return inner && tokens[at++]?.kind === ')' ? inner : null
    }
    return token.kind === 'lexeme' ? { kind: 'lexeme', lexeme: token.lexeme } : null
  }
  const tree = parseOr()
  return tree && at === tokens.length ? tree : null
}
