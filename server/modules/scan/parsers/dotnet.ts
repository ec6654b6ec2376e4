// .NET: *.csproj / *.fsproj / *.vbproj, packages.config, Directory.Packages.props, global.json, paket.dependencies.
import { cleanVersion, type Signal } from '../signals.ts'
import { asRecord, dirOf, type ManifestParser, parseJson, presence } from './parser.ts'

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)
  return match ? match[1]! : null
}

export const projectFileParser: ManifestParser = {
  id: 'csproj',
  matches: (_path, base) => /\.(csproj|fsproj|vbproj)$/i.test(base),
  parse(file) {
    const signals: Signal[] = presence(file.path, '.NET')
    const sdk = /<Project[^>]*\bSdk\s*=\s*"([^"]+)"/i.exec(file.text)?.[1] ?? ''
    if (/Microsoft\.NET\.Sdk\.(Web|Razor|BlazorWebAssembly)/i.test(sdk))
      signals.push(...presence(file.path, 'ASP.NET Core'))
    const references = /<PackageReference\b([^>]*?)(?:\/>|>([\s\S]*?)<\/PackageReference>)/gi
    for (const match of file.text.matchAll(references)) {
      const name = attribute(match[1]!, 'Include') ?? attribute(match[1]!, 'Update')
      if (!name) continue
      const version = attribute(match[1]!, 'Version') ?? /<Version>([^<]+)<\/Version>/i.exec(match[2] ?? '')?.[1]
      signals.push({ kind: 'nuget', name, version: cleanVersion(version), source: file.path })
    }
    const framework = /<TargetFrameworks?>([^<;]+)/i.exec(file.text)?.[1]?.trim()
    if (framework) {
      const modern = /^net(?:coreapp)?(\d+\.\d+)/.exec(framework)
      if (modern) signals.push({ kind: 'name', name: '.NET', version: modern[1], source: file.path })
      else if (/^net\d{2,3}$/.test(framework)) signals.push(...presence(file.path, '.NET Framework'))
    }
    return signals
  },
}

export const packagesConfigParser: ManifestParser = {
  id: 'packages.config',
  matches: (_path, base) => base.toLowerCase() === 'packages.config',
  parse(file) {
    const signals: Signal[] = presence(file.path, 'NuGet')
    for (const match of file.text.matchAll(/<package\b([^>]*)\/?>/gi)) {
      const name = attribute(match[1]!, 'id')
      if (name)
        signals.push({ kind: 'nuget', name, version: cleanVersion(attribute(match[1]!, 'version')), source: file.path })
    }
    return signals
  },
}

export const centralPackagesParser: ManifestParser = {
  id: 'Directory.Packages.props',
  matches: (_path, base) => base === 'Directory.Packages.props',
  parse(file, context) {
    const versions = new Map<string, string>()
    for (const match of file.text.matchAll(/<PackageVersion\b([^>]*)\/?>/gi)) {
      const name = attribute(match[1]!, 'Include')
      const version = cleanVersion(attribute(match[1]!, 'Version'))
      if (name && version) versions.set(name.toLowerCase(), version)
    }
    context.addLockVersions('nuget', dirOf(file.path), versions)
    return []
  },
}

export const globalJsonParser: ManifestParser = {
  id: 'global.json',
  matches: (_path, base) => base === 'global.json',
  parse(file) {
    const version = asRecord(asRecord(parseJson(file.text)).sdk).version
    return typeof version === 'string'
      ? [{ kind: 'name', name: '.NET', version: cleanVersion(version), source: file.path }]
      : []
  },
}

export const paketParser: ManifestParser = {
  id: 'paket.dependencies',
  matches: (_path, base) => base === 'paket.dependencies',
  parse(file) {
    const signals: Signal[] = presence(file.path, 'NuGet')
    for (const match of file.text.matchAll(/^\s*nuget\s+([\w.-]+)(?:\s+[~>=<]*\s*([\d.]+))?/gm)) {
      signals.push({ kind: 'nuget', name: match[1]!, version: match[2] ?? null, source: file.path })
    }
    return signals
  },
}

export const dotnetParsers = [
  projectFileParser,
  packagesConfigParser,
  centralPackagesParser,
  globalJsonParser,
  paketParser,
]
