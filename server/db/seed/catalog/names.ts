// How tool names and aliases are compared and stored. The catalog build and the scanner both go through these
// functions, so a name the scanner meets finds the alias row the build wrote.

/**
 * The loose key of a name: case, spaces, dots, dashes and underscores ignored, accents dropped, so that
 * 'Node.js', 'NodeJS' and 'node-js' meet. Characters that tell tools apart ('C++', 'C#', 'F#') are kept.
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s._-]+/g, '')
}

/** The stored form of an alias: the loose key for spellings ('name'), lower case for identifiers of every other kind. */
export function normalizeAlias(kind: string, alias: string): string {
  return kind === 'name' ? nameKey(alias) : alias.trim().toLowerCase()
}

/** Code-point order: unlike localeCompare it cannot change with the machine's ICU data, so builds are repeatable. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
