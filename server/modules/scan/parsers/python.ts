// Python: requirements*.txt and requirements/ folders, Pipfile(.lock), pyproject.toml (PEP 621, PEP 735 groups,
// Poetry, tool sections), poetry.lock, uv.lock, pdm.lock, setup.py, setup.cfg, conda environment.yml.
import { parse as parseToml } from 'smol-toml'
import { parse as parseYaml } from 'yaml'
import { cleanVersion, type Signal } from '../signals.ts'
import { asArray, asRecord, dirOf, type ManifestParser, parseJson, presence } from './parser.ts'

/** PEP 508: 'Django[argon2] (>=4.2,<5) ; python_version >= "3.8"' -> {name: 'Django', version: '4.2'}. */
export function parseRequirement(line: string): { name: string; version: string | null } | null {
  const text = line.split(';')[0]!.trim()
  const match = /^([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(.*)$/.exec(text)
  if (!match) return null
  const rest = match[2]!.trim()
  if (rest.startsWith('@')) return { name: match[1]!, version: null } // direct URL reference
  return { name: match[1]!, version: cleanVersion(rest.replace(/[()]/g, '')) }
}

function tomlOf(text: string): Record<string, unknown> {
  try {
    return parseToml(text) as Record<string, unknown>
  } catch {
    return {}
  }
}

function requirementSignals(lines: unknown[], source: string): Signal[] {
  const signals: Signal[] = []
  for (const line of lines) {
    if (typeof line !== 'string') continue
    const requirement = parseRequirement(line)
    if (requirement) signals.push({ kind: 'pypi', ...requirement, source })
  }
  return signals
}

export const requirementsParser: ManifestParser = {
  id: 'requirements',
  // requirements.lock and requirements-dev.lock: Rye's and uv's pinned lists, in the same format
  matches: (path, base) =>
    /\.(txt|in|lock)$/.test(base) && (/requirements/i.test(base) || /(^|\/)requirements$/.test(dirOf(path))),
  parse(file) {
    const signals: Signal[] = []
    for (const raw of file.text.split('\n')) {
      const line = raw.replace(/(^|\s)#.*$/, '').trim()
      if (!line) continue
      if (line.startsWith('-e') || line.startsWith('--editable') || /^(git\+|https?:)/.test(line)) {
        const egg = /#egg=([A-Za-z0-9._-]+)/.exec(line)
        if (egg) signals.push({ kind: 'pypi', name: egg[1]!, source: file.path })
        continue
      }
      if (line.startsWith('-')) continue // -r other.txt, -c constraints.txt, --index-url ...
      const requirement = parseRequirement(line)
      if (requirement) signals.push({ kind: 'pypi', ...requirement, source: file.path })
    }
    return signals
  },
}

export const pipfileParser: ManifestParser = {
  id: 'Pipfile',
  matches: (_path, base) => base === 'Pipfile',
  parse(file) {
    const pipfile = tomlOf(file.text)
    const signals: Signal[] = presence(file.path, 'Pipenv')
    for (const section of ['packages', 'dev-packages']) {
      for (const [name, spec] of Object.entries(asRecord(pipfile[section]))) {
        const version = typeof spec === 'string' ? spec : asRecord(spec).version
        signals.push({ kind: 'pypi', name, version: cleanVersion(version), source: file.path })
      }
    }
    const python = asRecord(pipfile.requires).python_version ?? asRecord(pipfile.requires).python_full_version
    signals.push({ kind: 'name', name: 'Python', version: cleanVersion(python), source: file.path })
    return signals
  },
}

export const pipfileLockParser: ManifestParser = {
  id: 'Pipfile.lock',
  matches: (_path, base) => base === 'Pipfile.lock',
  parse(file, context) {
    const lock = asRecord(parseJson(file.text))
    const versions = new Map<string, string>()
    for (const section of ['default', 'develop']) {
      for (const [name, entry] of Object.entries(asRecord(lock[section]))) {
        const version = cleanVersion(asRecord(entry).version)
        if (version) versions.set(name, version)
      }
    }
    context.addLockVersions('pypi', dirOf(file.path), versions)
    return presence(file.path, 'Pipenv')
  },
}

/** [tool.X] sections name the tools a project configures: black, ruff, mypy, pytest, isort, coverage, ... */
const CONFIGURED_TOOLS = new Set([
  'black',
  'ruff',
  'mypy',
  'pytest',
  'isort',
  'coverage',
  'pylint',
  'pyright',
  'bandit',
  'flake8',
  'tox',
  'commitizen',
  'pydocstyle',
  'towncrier',
  'cibuildwheel',
  'maturin',
])

export const pyprojectParser: ManifestParser = {
  id: 'pyproject.toml',
  matches: (_path, base) => base === 'pyproject.toml',
  parse(file, context) {
    const pyproject = tomlOf(file.text)
    const project = asRecord(pyproject.project)
    const tool = asRecord(pyproject.tool)
    const signals: Signal[] = []
    if (typeof project.name === 'string') context.addLocalPackage('pypi', project.name)
    signals.push(...requirementSignals(asArray(project.dependencies), file.path))
    for (const group of Object.values(asRecord(project['optional-dependencies']))) {
      signals.push(...requirementSignals(asArray(group), file.path))
    }
    for (const group of Object.values(asRecord(pyproject['dependency-groups']))) {
      signals.push(...requirementSignals(asArray(group), file.path))
    }
    signals.push(...requirementSignals(asArray(asRecord(pyproject['build-system']).requires), file.path))
    let python: unknown = project['requires-python']

    const poetry = asRecord(tool.poetry)
    if (Object.keys(poetry).length > 0) {
      signals.push(...presence(file.path, 'Poetry'))
      if (typeof poetry.name === 'string') context.addLocalPackage('pypi', poetry.name)
      const tables = [poetry.dependencies, poetry['dev-dependencies']]
      for (const group of Object.values(asRecord(poetry.group))) tables.push(asRecord(group).dependencies)
      for (const table of tables) {
        for (const [name, spec] of Object.entries(asRecord(table))) {
          const version = typeof spec === 'string' ? spec : asRecord(spec).version
          if (name.toLowerCase() === 'python') python = version
          else signals.push({ kind: 'pypi', name, version: cleanVersion(version), source: file.path })
        }
      }
    }
    if (tool.pdm) signals.push(...presence(file.path, 'PDM'))
    if (tool.hatch) signals.push(...presence(file.path, 'Hatch'))
    if (tool.uv) signals.push(...presence(file.path, 'uv'))
    for (const name of Object.keys(tool)) {
      if (CONFIGURED_TOOLS.has(name)) signals.push({ kind: 'pypi', name, source: file.path })
    }
    signals.push({ kind: 'name', name: 'Python', version: cleanVersion(python), source: file.path })
    return signals
  },
}

export const pythonLockParser: ManifestParser = {
  id: 'poetry.lock',
  matches: (_path, base) => base === 'poetry.lock' || base === 'uv.lock' || base === 'pdm.lock',
  parse(file, context) {
    const versions = new Map<string, string>()
    // [[package]] tables start with name = "..." and version = "..."; a regex avoids parsing megabytes of TOML
    const entry = /^\[\[package\]\]\s*\nname\s*=\s*"([^"]+)"\s*\nversion\s*=\s*"([^"]+)"/gm
    for (const match of file.text.matchAll(entry)) versions.set(match[1]!, match[2]!)
    context.addLockVersions('pypi', dirOf(file.path), versions)
    const tool = { 'poetry.lock': 'Poetry', 'uv.lock': 'uv', 'pdm.lock': 'PDM' }[file.base]!
    return presence(file.path, tool)
  },
}

export const setupPyParser: ManifestParser = {
  id: 'setup.py',
  matches: (_path, base) => base === 'setup.py',
  parse(file) {
    const signals: Signal[] = []
    for (const block of file.text.matchAll(/(install_requires|tests_require|setup_requires)\s*=\s*\[([^\]]*)\]/g)) {
      const strings = [...block[2]!.matchAll(/["']([^"']+)["']/g)].map((match) => match[1]!)
      signals.push(...requirementSignals(strings, file.path))
    }
    const extras = /extras_require\s*=\s*\{([\s\S]*?)\}\s*[,)]/.exec(file.text)
    if (extras) {
      for (const list of extras[1]!.matchAll(/\[([^\]]*)\]/g)) {
        const strings = [...list[1]!.matchAll(/["']([^"']+)["']/g)].map((match) => match[1]!)
        signals.push(...requirementSignals(strings, file.path))
      }
    }
    signals.push({ kind: 'name', name: 'Python', source: file.path })
    return signals
  },
}

export const setupCfgParser: ManifestParser = {
  id: 'setup.cfg',
  matches: (_path, base) => base === 'setup.cfg',
  parse(file) {
    const lines: string[] = []
    let section = ''
    let collecting = false
    for (const raw of file.text.split('\n')) {
      const header = /^\[([^\]]+)\]/.exec(raw)
      if (header) {
        section = header[1]!.trim()
        collecting = false
        continue
      }
      const key = /^([A-Za-z_][\w-]*)\s*=\s*(.*)$/.exec(raw)
      if (key) {
        collecting =
          (section === 'options' && ['install_requires', 'tests_require', 'setup_requires'].includes(key[1]!)) ||
          section === 'options.extras_require'
        if (collecting && key[2]!.trim()) lines.push(key[2]!.trim())
        continue
      }
      if (collecting && /^\s+\S/.test(raw)) lines.push(raw.trim())
      else if (!raw.trim()) continue
      else collecting = false
    }
    return [...requirementSignals(lines, file.path), { kind: 'name', name: 'Python', source: file.path }]
  },
}

export const condaParser: ManifestParser = {
  id: 'environment.yml',
  matches: (_path, base) => base === 'environment.yml' || base === 'environment.yaml',
  parse(file) {
    let environment: Record<string, unknown> = {}
    try {
      environment = asRecord(parseYaml(file.text))
    } catch {
      return []
    }
    if (!Array.isArray(environment.dependencies)) return []
    const signals: Signal[] = presence(file.path, 'Anaconda')
    for (const entry of environment.dependencies) {
      if (typeof entry === 'string') {
        const [name, version] = entry.split(/[=<>!]=?|\s+/)
        if (!name) continue
        if (name === 'python')
          signals.push({ kind: 'name', name: 'Python', version: cleanVersion(version), source: file.path })
        else signals.push({ kind: 'pypi', name, version: cleanVersion(version), source: file.path })
      } else {
        signals.push(...requirementSignals(asArray(asRecord(entry).pip), file.path))
      }
    }
    return signals
  },
}

export const pythonParsers = [
  requirementsParser,
  pipfileParser,
  pipfileLockParser,
  pyprojectParser,
  pythonLockParser,
  setupPyParser,
  setupCfgParser,
  condaParser,
]
