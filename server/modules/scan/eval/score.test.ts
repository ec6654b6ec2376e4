import { describe, expect, it } from 'vitest'
import { EXCLUDED_REPOSITORIES, loadCorpus, loadCorpusFile, primaryEcosystem } from './corpus.ts'
import { isSamePackage, type ScoredTool, scoreScan } from './score.ts'
import { readStackFile } from './stack-file.ts'

const tool = (name: string, aliases: string[] = []): ScoredTool => ({
  name,
  aliases,
  is_package: false,
  ecosystem: null,
  confidence: 100,
})
const pkg = (ecosystem: string, name: string): ScoredTool => ({
  name,
  aliases: [],
  is_package: true,
  ecosystem,
  confidence: 100,
})

describe('the scanner evaluation', () => {
  it('reads tools and packages (package_url, or a Packages sub-category) from a Stack File', () => {
    const key = readStackFile(
      [
        'tools:',
        '- name: Ruby on Rails',
        '  sub_category: Frameworks (Full Stack)',
        '- name: lodash',
        '  package_url: https://www.npmjs.com/lodash',
        '- name: junit:junit',
        '  sub_category: Maven Packages',
        '- name: flutter_svg',
        '  package_url: https://pub.dartlang.org/packages/flutter_svg',
      ].join('\n'),
    )
    expect(key.tools).toEqual([{ name: 'Ruby on Rails', kind: 'Frameworks (Full Stack)' }])
    expect(key.packages).toEqual([
      { name: 'lodash', ecosystem: 'npm' },
      { name: 'junit:junit', ecosystem: 'maven' },
      { name: 'flutter_svg', ecosystem: 'pub' },
    ])
    expect(primaryEcosystem(key)).toBe('javascript')
  })

  it('matches Go modules by their last path segments, PyPI names as PEP 503', () => {
    expect(isSamePackage({ name: 'zap', ecosystem: 'go' }, pkg('go', 'go.uber.org/zap'))).toBe(true)
    expect(isSamePackage({ name: 'google/uuid', ecosystem: 'go' }, pkg('go', 'github.com/google/uuid'))).toBe(true)
    expect(isSamePackage({ name: 'cobra', ecosystem: 'go' }, pkg('go', 'github.com/spf13/cobra/v2'))).toBe(true)
    expect(isSamePackage({ name: 'zap', ecosystem: 'go' }, pkg('go', 'github.com/acme/zapper'))).toBe(false)
    expect(isSamePackage({ name: 'Django_Filter', ecosystem: 'pypi' }, pkg('pypi', 'django-filter'))).toBe(true)
    expect(isSamePackage({ name: 'lodash', ecosystem: 'npm' }, pkg('pypi', 'lodash'))).toBe(false)
  })

  it('finds a tool by any of its names and counts reported tools the key does not list', () => {
    const score = scoreScan(
      {
        tools: [
          { name: 'Rails', kind: 'Frameworks (Full Stack)' },
          { name: 'Git', kind: 'Version Control System' },
        ],
        packages: [{ name: 'lodash', ecosystem: 'npm' }],
      },
      [tool('Ruby on Rails', ['Rails']), tool('Lodash'), { ...tool('GitHub'), confidence: 50 }, pkg('npm', 'lodash')],
    )
    expect(score).toMatchObject({
      toolsFound: 1,
      packagesFound: 1,
      reported: 3,
      reportedInKey: 2,
      confident: 2,
      confidentInKey: 2,
    })
    expect(score.missedTools).toEqual([{ name: 'Git', kind: 'Version Control System' }])
    expect(score.extras).toEqual(['GitHub'])
  })
})

describe('corpus', () => {
  it('marks each excluded repository in corpus.json with its reason and leaves it out of the figures', () => {
    const marked = loadCorpusFile().filter((entry) => entry.excluded)
    expect(marked.map((entry) => [entry.repo, entry.excluded])).toEqual(Object.entries(EXCLUDED_REPOSITORIES))
    expect(loadCorpus().some((entry) => entry.excluded || EXCLUDED_REPOSITORIES[entry.repo])).toBe(false)
  })
})
