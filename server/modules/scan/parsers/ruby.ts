// Ruby: Gemfile, Gemfile.lock, *.gemspec, and a Rails app's config/importmap.rb (npm packages served from a CDN).
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

/** A CDN address of an npm package: `https://ga.jspm.io/npm:@scope/name@1.2.3/...`, jsDelivr's `/npm/`, unpkg. */
const NPM_CDN_URL = /(?:\bnpm:|cdn\.jsdelivr\.net\/npm\/|unpkg\.com\/)(@[^/@\s]+\/[^/@\s]+|[^/@\s]+)@([^/\s"']+)/

/** The package a pinned module belongs to: 'lightgallery/plugins/zoom' is lightgallery's, '@hotwired/turbo' itself. */
function packageOfModule(module: string): string {
  const parts = module.split('/')
  return module.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!
}

/**
 * importmap-rails pins npm packages (`bin/importmap pin` fetches them from npm through a CDN): a pin with the
 * version comment the command writes (`pin "jquery" # @3.7.1`) or a CDN address of npm (`to: "https://ga.jspm.io/
 * npm:x@1.2.3/..."`) is an npm package; a pin of the app's own files (`pin "application"`, `pin_all_from`) is not.
 */
export const importmapParser: ManifestParser = {
  id: 'importmap.rb',
  matches: (path) => path === 'config/importmap.rb' || path.endsWith('/config/importmap.rb'),
  parse(file) {
    const signals: Signal[] = []
    for (const raw of file.text.split('\n')) {
      const pin = /^\s*pin\s*\(?\s*["']([^"']+)["']([^#]*)(?:#\s*@(\S+))?/.exec(raw)
      if (!pin) continue
      const cdn = NPM_CDN_URL.exec(pin[2]!)
      if (cdn) signals.push({ kind: 'npm', name: cdn[1]!, version: cleanVersion(cdn[2]), source: file.path })
      else if (pin[3])
        signals.push({ kind: 'npm', name: packageOfModule(pin[1]!), version: cleanVersion(pin[3]), source: file.path })
    }
    return signals
  },
}

export const rubyParsers = [gemfileParser, gemfileLockParser, gemspecParser, importmapParser]
