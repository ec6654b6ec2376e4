// What went wrong in a YAML file, as the importer reads it (acceptance cosmetic 4): the yaml package's first line
// ends with ' at line 4, column 1:' before a code excerpt; the excerpt and the dangling colon go, the place stays.

export function yamlProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const first = (message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?\s*$/, '').replace(/[\s:.]+$/, '')
  const position = (error as { linePos?: Array<{ line: number; col: number }> } | null)?.linePos?.[0]
  const text = first || 'It cannot be read'
  return position ? `${text} (line ${position.line}, column ${position.col}).` : `${text}.`
}
