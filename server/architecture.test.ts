// The import graph's rules (docs/ARCHITECTURE.md): no module imports itself back through others (a cycle makes load
// order matter and splits chunks badly), production code never imports test support (server/test/, *.test.ts), and
// the arrows go web -> contracts <- server. Static, type-only and dynamic (`import()`, `lazy`) imports all count.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const sourceFolders = ['server', 'web/src', 'contracts']
const aliases: Record<string, string> = { '#contracts/': 'contracts/', '#server/': 'server/' }
const importPattern = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g

function listSources(folder: string): string[] {
  return fs
    .readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
}

/** The project files a file imports, as paths from the root; packages are left out. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8')
  const found: string[] = []
  for (const match of text.matchAll(importPattern)) {
    const specifier = match[1]!
    const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix))
    if (alias) found.push(aliases[alias] + specifier.slice(alias.length))
    else if (specifier.startsWith('.'))
      found.push(path.relative(root, path.resolve(root, path.dirname(file), specifier)))
  }
  return found
}

const files = sourceFolders.flatMap(listSources)
const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => target !== file)]))
const isTestSupport = (file: string) => file.startsWith('server/test/') || /\.test\.tsx?$/.test(file)

/** Strongly connected components of more than one file (Tarjan), each a set of files importing each other. */
function findCycles(): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  const visit = (file: string) => {
    index.set(file, counter)
    low.set(file, counter)
    counter++
    stack.push(file)
    onStack.add(file)
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue
      if (!index.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file)!, low.get(target)!))
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!))
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== file)
      if (component.length > 1) cycles.push(component.sort())
    }
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return cycles
}

describe('the import graph', () => {
  it('reads the imports of every source file', () => {
    expect(files.length).toBeGreaterThan(300)
    expect(graph.get('server/app.ts')).toContain('server/config.ts')
    expect(graph.get('web/src/components/i-use-this-button.tsx')).toContain('web/src/components/i-use-this-menu.tsx')
  })

  it('has no import cycles', () => {
    expect(findCycles()).toEqual([])
  })

  it('keeps test support out of production code', () => {
    const offending = files
      .filter((file) => !isTestSupport(file))
      .flatMap((file) =>
        graph
          .get(file)!
          .filter(isTestSupport)
          .map((target) => `${file} -> ${target}`),
      )
    expect(offending).toEqual([])
  })

  it('keeps the web and the server apart, with contracts depending on neither', () => {
    const crossing = files.flatMap((file) =>
      graph
        .get(file)!
        .filter(
          (target) =>
            (file.startsWith('web/') && target.startsWith('server/')) ||
            (file.startsWith('server/') && target.startsWith('web/')) ||
            (file.startsWith('contracts/') && !target.startsWith('contracts/')),
        )
        .map((target) => `${file} -> ${target}`),
    )
    expect(crossing).toEqual([])
  })
})
