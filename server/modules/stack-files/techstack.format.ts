// StackShare's Stack File (decision 061): techstack.yml, the machine-readable list its GitHub app committed to a
// repository (repo_name, report_id, version 0.1, repo_type, timestamp, detected_tools_count, then `tools` with
// name, website_url or package_url, version, category, sub_category, detection_source...), and techstack.md, the
// page beside it (a README snippet in a comment, then the tools by layer and the packages by registry).
// Written with the same keys and layout, so a project can leave StackShare for us and come back without loss.
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml'
import { STACK_FILE_FORMAT_LABELS } from '#contracts/stack-files.ts'
import { readStackFileEntries } from '../scan/eval/stack-file.ts'
import { packageRegistryUrl } from '../scan/scan.queries.ts'
import { isPackageEcosystem, type PackageEcosystem } from '../scan/signals.ts'
import {
  type ExportedStack,
  type ImportedStack,
  StackFileError,
  type StackFileFormatDefinition,
} from './exported-stack.ts'
import { yamlProblem } from './yaml-problem.ts'

/** StackShare's sub-categories of packages, by registry (its files write e.g. 'npm Packages'). */
const PACKAGE_SUB_CATEGORIES: Record<PackageEcosystem, string> = {
  npm: 'npm Packages',
  pypi: 'PyPI Packages',
  rubygems: 'RubyGems Packages',
  go: 'Go Modules Packages',
  cargo: 'Cargo Packages',
  packagist: 'Packagist Packages',
  maven: 'Maven Packages',
  nuget: 'NuGet Packages',
  pub: 'Pub Packages',
  hex: 'Hex Packages',
  swift: 'Swift Packages',
  cran: 'CRAN Packages',
}

const repoName = (stack: ExportedStack) => `${stack.owner.slug}/${stack.slug}`

function techstackYaml(stack: ExportedStack): string {
  const source = stack.url ? { detection_source_url: stack.url, detection_source: 'Stackatlas' } : {}
  const tools = [
    ...stack.tools.map((tool) => ({
      name: tool.name,
      ...(tool.website ? { website_url: tool.website } : {}),
      ...(tool.version ? { version: tool.version } : {}),
      ...(tool.layer ? { category: tool.layer } : {}),
      ...(tool.category ? { sub_category: tool.category } : {}),
      ...source,
    })),
    ...stack.packages.map((item) => ({
      name: item.name,
      package_url: packageRegistryUrl(item.ecosystem, item.name),
      ...(item.version ? { version: item.version } : {}),
      category: 'Libraries',
      sub_category: PACKAGE_SUB_CATEGORIES[item.ecosystem],
      ...source,
    })),
  ]
  const document = {
    repo_name: repoName(stack),
    version: 0.1,
    repo_type: stack.isPrivate ? 'Private' : 'Public',
    timestamp: stack.exportedAt.toISOString(),
    ...(stack.description ? { description: stack.description } : {}),
    ...(stack.websiteUrl ? { website_url: stack.websiteUrl } : {}),
    detected_tools_count: tools.length,
    tools,
  }
  return stringifyYaml(document, { lineWidth: 0, indentSeq: false })
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
/** Markdown link text and table cells: brackets and pipes would end them. */
const escapeMarkdown = (text: string) => text.replace(/([\\[\]|<>*_`])/g, '\\$1')

function markdownLink(name: string, url: string | null) {
  return url ? `[${escapeMarkdown(name)}](${url})` : escapeMarkdown(name)
}

function techstackMarkdown(stack: ExportedStack): string {
  const name = repoName(stack)
  const count = stack.tools.length + stack.packages.length
  const date = stack.exportedAt.toISOString().slice(0, 10)
  const lines = [
    '<!--',
    '&lt;--- Readme.md Snippet without images Start ---&gt;',
    '## Tech Stack',
    `${escapeMarkdown(name)} is built on the following main stack:`,
    '',
    ...stack.tools.map((tool) => `- ${markdownLink(tool.name, tool.website)} – ${tool.category ?? 'Other'}`),
    '',
    'Full tech stack [here](/techstack.md)',
    '',
    '&lt;--- Readme.md Snippet without images End ---&gt;',
    '-->',
    '<div align="center">',
    '',
    '# Tech Stack File',
    stack.url ? `[${escapeMarkdown(name)}](${stack.url})` : escapeMarkdown(name),
    '<br/><br/>',
    '',
    `|${count}<br/>Tools used|${date} <br/>Report generated|`,
    '|------|------|',
    '</div>',
    '',
  ]
  const layers = new Map<string, ExportedStack['tools']>()
  for (const tool of stack.tools) {
    const layer = tool.layer ?? 'Other'
    layers.set(layer, [...(layers.get(layer) ?? []), tool])
  }
  for (const [layer, tools] of layers) {
    lines.push(`## ${escapeHtml(layer)} (${tools.length})`, '<table><tr>')
    for (const tool of tools) {
      const link = tool.website
        ? `<a href="${escapeHtml(tool.website)}">${escapeHtml(tool.name)}</a>`
        : escapeHtml(tool.name)
      lines.push(
        "  <td align='center'>",
        `  <sub>${link}</sub>`,
        '  <br>',
        `  <sub>${tool.version ? `v${escapeHtml(tool.version)}` : ''}</sub>`,
        '</td>',
        '',
      )
    }
    lines.push('</tr>', '</table>', '')
  }
  if (stack.packages.length > 0) {
    lines.push(`## Open source packages (${stack.packages.length})`, '')
    const registries = new Map<PackageEcosystem, ExportedStack['packages']>()
    for (const item of stack.packages) registries.set(item.ecosystem, [...(registries.get(item.ecosystem) ?? []), item])
    for (const [ecosystem, packages] of registries) {
      lines.push(
        `## ${PACKAGE_SUB_CATEGORIES[ecosystem].replace(/ Packages$/, '')} (${packages.length})`,
        '',
        '|NAME|VERSION|',
        '|:------|:------|',
        ...packages.map(
          (item) =>
            `|${markdownLink(item.name, packageRegistryUrl(item.ecosystem, item.name))}|${item.version ? `v${escapeMarkdown(item.version)}` : 'N/A'}|`,
        ),
        '',
      )
    }
  }
  lines.push(`Exported from Stackatlas${stack.url ? ` (${stack.url})` : ''} on ${date}.`, '')
  return lines.join('\n')
}

function importTechstack(text: string): ImportedStack {
  let document: unknown
  try {
    document = parseYaml(text, { maxAliasCount: 100 })
  } catch (error) {
    throw new StackFileError(`This is not valid YAML: ${yamlProblem(error)}`)
  }
  const list = (document as { tools?: unknown } | null)?.tools
  if (!document || typeof document !== 'object' || !Array.isArray(list)) {
    throw new StackFileError(
      'This is not a Stack File: it has no list of tools (a techstack.yml starts with repo_name).',
    )
  }
  const fields = document as Record<string, unknown>
  const text_ = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null)
  // repo_name is 'owner/repository': the repository's name is the stack's
  const repository = text_(fields.repo_name)?.split('/').pop() ?? null
  const imported: ImportedStack = {
    name: repository,
    description: text_(fields.description),
    websiteUrl: text_(fields.website_url),
    tools: [],
    packages: [],
    unknownPackages: [],
  }
  for (const entry of readStackFileEntries(document)) {
    if (!entry.ecosystem) imported.tools.push({ name: entry.name, slug: null, version: entry.version })
    else if (isPackageEcosystem(entry.ecosystem))
      imported.packages.push({ name: entry.name, ecosystem: entry.ecosystem, version: entry.version })
    else imported.unknownPackages.push({ name: entry.name, ecosystem: entry.ecosystem })
  }
  return imported
}

export const techstackFormat: StackFileFormatDefinition = {
  name: 'techstack',
  label: STACK_FILE_FORMAT_LABELS.techstack,
  fileName: () => 'techstack.yml',
  contentType: 'application/yaml; charset=utf-8',
  export: techstackYaml,
  companions: {
    md: { fileName: () => 'techstack.md', contentType: 'text/markdown; charset=utf-8', export: techstackMarkdown },
  },
  import: importTechstack,
}
