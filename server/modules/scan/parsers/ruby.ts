// Ruby: Gemfile, Gemfile.lock and *.gemspec.
import { cleanVersion, type Signal } from '../signals.ts'
import { dirOf, type ManifestParser, presence } from './parser.ts'

export const gemfileParser: ManifestParser = {
  id: 'Gemfile',
  matches: (_path, base) => base === 'Gemfile' || base === 'gems.rb',
  parse(file) {
    const signals: Signal[] = presence(file.path, 'Bundler')
    let ruby: string | null = null
    for (const raw of file.text.split('\n')) {
      const line = raw.replace(/#.*$/, '').trim()
      const gem = /^gem\s*\(?\s*["']([^"']+)["']\s*(?:,\s*["']([^"']+)["'])?/.exec(line)
      if (gem) {
        signals.push({ kind: 'rubygems', name: gem[1]!, version: cleanVersion(gem[2]), source: file.path })
        continue
      }
      const version = /^ruby\s*\(?\s*["']([^"']+)["']/.exec(line)
      if (version) ruby = cleanVersion(version[1])
    }
    signals.push({ kind: 'name', name: 'Ruby', version: ruby, source: file.path })
    return signals
  },
}

export const gemfileLockParser: ManifestParser = {
  id: 'Gemfile.lock',
  matches: (_path, base) => base === 'Gemfile.lock' || base === 'gems.locked',
  parse(file, context) {
    const versions = new Map<string, string>()
    // gems resolved for the Gemfile sit at four spaces under "specs:"; their own dependencies at six
    for (const match of file.text.matchAll(/^ {4}([A-Za-z0-9_.-]+) \(([^)\s]+)\)$/gm)) {
      if (!versions.has(match[1]!)) versions.set(match[1]!, match[2]!.replace(/-(x86|arm|aarch|java|universal).*$/, ''))
    }
    context.addLockVersions('rubygems', dirOf(file.path), versions)
    const signals: Signal[] = presence(file.path, 'Bundler')
    const ruby = /^RUBY VERSION\s*\n\s+ruby ([\d.]+)/m.exec(file.text)
    if (ruby) signals.push({ kind: 'name', name: 'Ruby', version: ruby[1], source: file.path })
    return signals
  },
}

export const gemspecParser: ManifestParser = {
  id: 'gemspec',
  matches: (_path, base) => base.endsWith('.gemspec'),
  parse(file, context) {
    const name = /\.name\s*=\s*["']([^"']+)["']/.exec(file.text)
    if (name) context.addLocalPackage('rubygems', name[1]!)
    const signals: Signal[] = []
    const dependency = /add_(?:runtime_|development_)?dependency\s*\(?\s*["']([^"']+)["']\s*(?:,\s*["']([^"']+)["'])?/g
    for (const match of file.text.matchAll(dependency)) {
      signals.push({ kind: 'rubygems', name: match[1]!, version: cleanVersion(match[2]), source: file.path })
    }
    signals.push({ kind: 'name', name: 'Ruby', source: file.path })
    return signals
  },
}

export const rubyParsers = [gemfileParser, gemfileLockParser, gemspecParser]
