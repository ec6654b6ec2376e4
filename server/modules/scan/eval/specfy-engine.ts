// The comparison of issue 19: @specfy/stack-analyser (a devDependency, used by the evaluation only) on the same
// exported trees. Its techs are tools by their display names, its dependencies packages of their ecosystem.
import { analyser, FSProvider, type Payload } from '@specfy/stack-analyser'
import '@specfy/stack-analyser/dist/autoload.js'
import { listIndexed } from '@specfy/stack-analyser/dist/common/techs.generated.js'
import type { Engine } from './score.ts'

const ECOSYSTEMS: Record<string, string> = {
  npm: 'npm',
  python: 'pypi',
  ruby: 'rubygems',
  php: 'packagist',
  golang: 'go',
  rust: 'cargo',
}

export const specfyEngine: Engine = async (folder) => {
  const root = await analyser({ provider: new FSProvider({ path: folder }) })
  const result = collect(root)
  const tools = [...result.techs].map((key) => ({
    name: listIndexed[key]?.name ?? key,
    aliases: [key],
    is_package: false,
    ecosystem: null,
    confidence: 100,
  }))
  const languages = Object.keys(result.languages).map((name) => ({
    name,
    aliases: [],
    is_package: false,
    ecosystem: null,
    confidence: 100,
  }))
  const packages = result.dependencies
    .filter(([type]) => ECOSYSTEMS[type])
    .map(([type, name]) => ({ name, aliases: [], is_package: true, ecosystem: ECOSYSTEMS[type]!, confidence: 100 }))
  const seen = new Set<string>()
  return [...tools, ...languages, ...packages].filter((tool) => {
    const key = `${tool.ecosystem}:${tool.name}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** Everything found in the component tree: its components (childs) are the services and hosts it found. */
function collect(root: Payload) {
  const techs = new Set<string>()
  const languages: Record<string, number> = {}
  const dependencies: Payload['dependencies'] = []
  const visit = (payload: Payload) => {
    if (payload.tech) techs.add(payload.tech)
    for (const tech of payload.techs) techs.add(tech)
    Object.assign(languages, payload.languages)
    dependencies.push(...payload.dependencies)
    for (const child of payload.childs) visit(child)
  }
  visit(root)
  return { techs: techs as Set<keyof typeof listIndexed>, languages, dependencies }
}
