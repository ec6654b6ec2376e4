// Continuous integration: GitHub Actions workflows (actions used, service containers, runtime versions), GitLab CI,
// CircleCI, Travis CI, and the presence of other CI systems' files.
import { parse as parseYaml } from 'yaml'
import { cleanVersion, type Signal } from '../signals.ts'
import { parseImage } from './containers.ts'
import { asArray, asRecord, type ManifestParser, presence } from './parser.ts'

function yamlOf(text: string): Record<string, unknown> {
  try {
    return asRecord(parseYaml(text))
  } catch {
    return {}
  }
}

function imageSignals(value: unknown, source: string): Signal[] {
  const reference = typeof value === 'string' ? value : (asRecord(value).name ?? asRecord(value).image)
  if (typeof reference !== 'string') return []
  const image = parseImage(reference)
  return image ? [{ kind: 'docker', name: image.name, version: image.version, source }] : []
}

/** `with:` inputs of setup actions that name a runtime's version. */
const RUNTIME_INPUTS: Record<string, string> = {
  'node-version': 'Node.js',
  'python-version': 'Python',
  'go-version': 'Go',
  'java-version': 'Java',
  'ruby-version': 'Ruby',
  'dotnet-version': '.NET',
  'php-version': 'PHP',
  'elixir-version': 'Elixir',
  'deno-version': 'Deno',
  'bun-version': 'Bun',
  terraform_version: 'Terraform',
  'flutter-version': 'Flutter',
}

function firstVersion(value: unknown): string | null {
  if (Array.isArray(value)) return cleanVersion(value[value.length - 1])
  return typeof value === 'string' && value.includes('${{') ? null : cleanVersion(value)
}

export const githubActionsParser: ManifestParser = {
  id: 'github-actions',
  matches: (path) => /(^|\/)\.github\/workflows\/[^/]+\.ya?ml$/.test(path),
  parse(file) {
    const workflow = yamlOf(file.text)
    const signals: Signal[] = presence(file.path, 'GitHub Actions')
    for (const job of Object.values(asRecord(workflow.jobs))) {
      const record = asRecord(job)
      signals.push(...imageSignals(record.container, file.path))
      for (const service of Object.values(asRecord(record.services))) signals.push(...imageSignals(service, file.path))
      for (const step of asArray(record.steps)) {
        const { uses, with: inputs } = asRecord(step)
        if (typeof uses === 'string') {
          if (uses.startsWith('docker://')) signals.push(...imageSignals(uses.slice(9), file.path))
          else if (!uses.startsWith('.')) {
            const [action, ref] = uses.split('@')
            const name = action!.split('/').slice(0, 2).join('/')
            signals.push({ kind: 'github-action', name, version: cleanVersion(ref), source: file.path })
          }
        }
        for (const [input, value] of Object.entries(asRecord(inputs))) {
          const runtime = RUNTIME_INPUTS[input]
          if (runtime) signals.push({ kind: 'name', name: runtime, version: firstVersion(value), source: file.path })
        }
      }
    }
    return signals
  },
}

export const gitlabCiParser: ManifestParser = {
  id: '.gitlab-ci.yml',
  matches: (_path, base) => base === '.gitlab-ci.yml' || base === '.gitlab-ci.yaml',
  parse(file) {
    const pipeline = yamlOf(file.text)
    const signals: Signal[] = presence(file.path, 'GitLab CI')
    const jobs = [pipeline, asRecord(pipeline.default), ...Object.values(pipeline).map(asRecord)]
    for (const job of jobs) {
      signals.push(...imageSignals(job.image, file.path))
      for (const service of asArray(job.services)) signals.push(...imageSignals(service, file.path))
    }
    return signals
  },
}

export const circleCiParser: ManifestParser = {
  id: 'circleci',
  matches: (path) => /(^|\/)\.circleci\/config\.ya?ml$/.test(path),
  parse(file) {
    const config = yamlOf(file.text)
    const signals: Signal[] = presence(file.path, 'CircleCI')
    for (const job of [...Object.values(asRecord(config.jobs)), ...Object.values(asRecord(config.executors))]) {
      for (const image of asArray(asRecord(job).docker)) signals.push(...imageSignals(asRecord(image).image, file.path))
    }
    return signals
  },
}

const TRAVIS_LANGUAGES: Record<string, string> = {
  node_js: 'Node.js',
  python: 'Python',
  ruby: 'Ruby',
  go: 'Go',
  java: 'Java',
  php: 'PHP',
  rust: 'Rust',
  elixir: 'Elixir',
  scala: 'Scala',
  android: 'Android',
  csharp: 'C#',
  cpp: 'C++',
  c: 'C',
  objective_c: 'Objective-C',
  swift: 'Swift',
  dart: 'Dart',
  haskell: 'Haskell',
  clojure: 'Clojure',
  perl: 'Perl',
  r: 'R',
}

const TRAVIS_SERVICES: Record<string, string> = {
  postgresql: 'PostgreSQL',
  mysql: 'MySQL',
  mariadb: 'MariaDB',
  mongodb: 'MongoDB',
  redis: 'Redis',
  'redis-server': 'Redis',
  memcached: 'Memcached',
  elasticsearch: 'Elasticsearch',
  rabbitmq: 'RabbitMQ',
  docker: 'Docker',
  cassandra: 'Cassandra',
  couchdb: 'CouchDB',
  neo4j: 'Neo4j',
  xvfb: 'Xvfb',
}

export const travisParser: ManifestParser = {
  id: '.travis.yml',
  matches: (_path, base) => base === '.travis.yml',
  parse(file) {
    const config = yamlOf(file.text)
    const signals: Signal[] = presence(file.path, 'Travis CI')
    const language = TRAVIS_LANGUAGES[String(config.language ?? '')]
    if (language) {
      const versions = config[String(config.language)]
      signals.push({ kind: 'name', name: language, version: firstVersion(versions), source: file.path })
    }
    for (const service of asArray(config.services)) {
      const tool = TRAVIS_SERVICES[String(service)]
      if (tool) signals.push(...presence(file.path, tool))
    }
    const addons = asRecord(config.addons)
    if (addons.postgresql) signals.push(...presence(file.path, 'PostgreSQL'))
    return signals
  },
}

export const bitbucketPipelinesParser: ManifestParser = {
  id: 'bitbucket-pipelines.yml',
  matches: (_path, base) => base === 'bitbucket-pipelines.yml',
  parse(file) {
    const config = yamlOf(file.text)
    const signals: Signal[] = presence(file.path, 'Bitbucket Pipelines')
    signals.push(...imageSignals(config.image, file.path))
    for (const service of Object.values(asRecord(asRecord(config.definitions).services))) {
      signals.push(...imageSignals(asRecord(service).image, file.path))
    }
    return signals
  },
}

export const ciParsers = [githubActionsParser, gitlabCiParser, circleCiParser, travisParser, bitbucketPipelinesParser]
