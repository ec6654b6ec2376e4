// Java, Kotlin and Scala builds: pom.xml, build.gradle(.kts), Gradle version catalogs, sbt. The 'maven' alias of a
// library is 'groupId:artifactId'; Gradle plugin ids ('org.springframework.boot') are looked up as maven aliases too.
import { XMLParser } from 'fast-xml-parser'
import { parse as parseToml } from 'smol-toml'
import { cleanVersion, type Signal } from '../signals.ts'
import { asArray, asRecord, type ManifestParser, presence } from './parser.ts'

const xml = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true })

function text(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  return null
}

export const pomParser: ManifestParser = {
  id: 'pom.xml',
  matches: (_path, base) => base === 'pom.xml',
  parse(file, context) {
    let project: Record<string, unknown>
    try {
      project = asRecord(asRecord(xml.parse(file.text)).project)
    } catch {
      return []
    }
    const properties = new Map<string, string>()
    for (const [key, value] of Object.entries(asRecord(project.properties))) {
      const value_ = text(value)
      if (value_) properties.set(key, value_)
    }
    const parent = asRecord(project.parent)
    const groupId = text(project.groupId) ?? text(parent.groupId)
    if (groupId && text(project.artifactId)) {
      context.addLocalPackage('maven', `${groupId}:${text(project.artifactId)}`)
      properties.set('project.version', text(project.version) ?? text(parent.version) ?? '')
    }
    const resolve = (value: unknown) =>
      text(value)?.replace(/\$\{([^}]+)\}/g, (_match, key: string) => properties.get(key) ?? '') ?? null
    const signals: Signal[] = presence(file.path, 'Apache Maven', 'Java')
    const coordinate = (entry: unknown, defaultGroup?: string, indirect = false) => {
      const record = asRecord(entry)
      const group = resolve(record.groupId) ?? defaultGroup
      const artifact = resolve(record.artifactId)
      if (!group || !artifact) return
      const signal: Signal = {
        kind: 'maven',
        name: `${group}:${artifact}`,
        version: cleanVersion(resolve(record.version)),
        source: file.path,
      }
      if (indirect) signal.indirect = true
      signals.push(signal)
    }
    if (parent.artifactId) coordinate(parent)
    for (const entry of asArray(asRecord(project.dependencies).dependency)) coordinate(entry)
    const management = asRecord(asRecord(project.dependencyManagement).dependencies)
    for (const entry of asArray(management.dependency)) coordinate(entry)
    const build = asRecord(project.build)
    const plugins = [
      ...asArray(asRecord(build.plugins).plugin),
      ...asArray(asRecord(asRecord(build.pluginManagement).plugins).plugin),
    ]
    // build plugins (compiler, surefire, ...) only count when they name a tool: they are not dependencies
    for (const entry of plugins) coordinate(entry, 'org.apache.maven.plugins', true)
    const java = properties.get('java.version') ?? properties.get('maven.compiler.release')
    if (java) signals.push({ kind: 'name', name: 'Java', version: cleanVersion(java), source: file.path })
    return signals
  },
}

const CONFIGURATIONS =
  'implementation|api|compile|compileOnly|runtimeOnly|runtime|testImplementation|testCompile|testRuntimeOnly|' +
  'androidTestImplementation|debugImplementation|releaseImplementation|kapt|ksp|annotationProcessor|classpath|' +
  'developmentOnly|testFixturesImplementation|integrationTestImplementation|compileOnlyApi|providedCompile'
const STRING_NOTATION = new RegExp(
  `\\b(?:${CONFIGURATIONS})\\s*\\(?\\s*(?:(?:platform|enforcedPlatform)\\s*\\(\\s*)?["']([^"':\\s$]+):([^"':\\s$]+)(?::([^"'\\s@]+))?["']`,
  'g',
)
const MAP_NOTATION = new RegExp(
  `\\b(?:${CONFIGURATIONS})\\s*\\(?\\s*group\\s*[:=]\\s*["']([^"']+)["']\\s*,\\s*name\\s*[:=]\\s*["']([^"']+)["'](?:\\s*,\\s*version\\s*[:=]\\s*["']([^"']+)["'])?`,
  'g',
)

export const gradleParser: ManifestParser = {
  id: 'build.gradle',
  matches: (_path, base) => base === 'build.gradle' || base === 'build.gradle.kts',
  parse(file) {
    const signals: Signal[] = presence(file.path, 'Gradle')
    const source = file.text.replace(/^\s*\/\/.*$/gm, '')
    for (const match of [...source.matchAll(STRING_NOTATION), ...source.matchAll(MAP_NOTATION)]) {
      signals.push({
        kind: 'maven',
        name: `${match[1]}:${match[2]}`,
        version: cleanVersion(match[3]),
        source: file.path,
      })
    }
    const plugin =
      /(?:\bid\s*\(?\s*["']([\w.-]+)["']\s*\)?(?:\s*version\s*\(?\s*["']([^"']+)["'])?|apply\s+plugin:\s*["']([\w.-]+)["'])/g
    for (const match of source.matchAll(plugin)) {
      const id = match[1] ?? match[3]!
      signals.push({ kind: 'maven', name: id, version: cleanVersion(match[2]), source: file.path, indirect: true })
    }
    for (const match of source.matchAll(/\bkotlin\s*\(\s*["']([\w.-]+)["']\s*\)(?:\s*version\s*["']([^"']+)["'])?/g)) {
      signals.push({ kind: 'name', name: 'Kotlin', version: cleanVersion(match[2]), source: file.path })
    }
    return signals
  },
}

export const gradleVersionCatalogParser: ManifestParser = {
  id: 'libs.versions.toml',
  matches: (_path, base) => base.endsWith('.versions.toml'),
  parse(file) {
    let catalog: Record<string, unknown>
    try {
      catalog = parseToml(file.text) as Record<string, unknown>
    } catch {
      return []
    }
    const versions = asRecord(catalog.versions)
    const versionOf = (value: unknown) => {
      if (typeof value === 'string') return cleanVersion(value)
      const ref = asRecord(value).ref
      return typeof ref === 'string' ? cleanVersion(versions[ref]) : cleanVersion(asRecord(value).strictly)
    }
    const signals: Signal[] = presence(file.path, 'Gradle')
    for (const library of Object.values(asRecord(catalog.libraries))) {
      if (typeof library === 'string') {
        const [group, artifact, version] = library.split(':')
        if (group && artifact) {
          signals.push({
            kind: 'maven',
            name: `${group}:${artifact}`,
            version: cleanVersion(version),
            source: file.path,
          })
        }
        continue
      }
      const record = asRecord(library)
      const module = typeof record.module === 'string' ? record.module : `${record.group}:${record.name}`
      signals.push({ kind: 'maven', name: module, version: versionOf(record.version), source: file.path })
    }
    for (const plugin of Object.values(asRecord(catalog.plugins))) {
      const record = asRecord(plugin)
      const id = typeof plugin === 'string' ? plugin.split(':')[0] : record.id
      if (typeof id === 'string') {
        signals.push({ kind: 'maven', name: id, version: versionOf(record.version), source: file.path, indirect: true })
      }
    }
    return signals
  },
}

export const sbtParser: ManifestParser = {
  id: 'build.sbt',
  matches: (_path, base) => base === 'build.sbt',
  parse(file) {
    const signals: Signal[] = presence(file.path, 'sbt', 'Scala')
    for (const match of file.text.matchAll(/"([\w.-]+)"\s*%%?%?\s*"([\w.-]+)"\s*%\s*"([^"]+)"/g)) {
      signals.push({
        kind: 'maven',
        name: `${match[1]}:${match[2]}`,
        version: cleanVersion(match[3]),
        source: file.path,
      })
    }
    return signals
  },
}

export const jvmParsers = [pomParser, gradleParser, gradleVersionCatalogParser, sbtParser]
