// Builds the evaluation corpus (corpus.json) from a folder of git snapshots: for each repository, the commit that
// last wrote techstack.yml and the tools and packages that file lists. Run once when the corpus changes:
//   node server/modules/scan/eval/build-corpus.cli.ts <snapshots folder> owner/name [owner/name ...]
// The split into tuning and held-out sets is stratified: within each ecosystem, repositories ordered by a hash of
// their name, every third one held out (the second of each three, so an ecosystem of two has one of each). Excluded
// repositories (corpus.ts EXCLUDED_REPOSITORIES) keep their place in the split, marked, and count in no figure.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { CORPUS_PATH, type CorpusEntry, EXCLUDED_REPOSITORIES, primaryEcosystem } from './corpus.ts'
import { findSnapshot, lastStackFileCommit, readFileAt } from './snapshots.ts'
import { readStackFile } from './stack-file.ts'

function main() {
  const [folder, ...repos] = process.argv.slice(2)
  if (!folder || repos.length === 0) {
    process.stderr.write('Usage: node server/modules/scan/eval/build-corpus.cli.ts <snapshots folder> owner/name...\n')
    process.exitCode = 2
    return
  }
  const entries: CorpusEntry[] = []
  for (const repo of [...new Set(repos)].sort()) {
    const gitDir = findSnapshot(folder, repo)
    const commit = gitDir && lastStackFileCommit(gitDir)
    if (!gitDir || !commit) {
      process.stderr.write(`skipped ${repo}: no snapshot with a techstack.yml\n`)
      continue
    }
    const key = readStackFile(readFileAt(gitDir, commit, 'techstack.yml'))
    const ecosystem = primaryEcosystem(key)
    const excluded = EXCLUDED_REPOSITORIES[repo]
    entries.push({ repo, commit, ecosystem, set: 'tuning', ...(excluded ? { excluded } : {}), ...key })
  }
  const byEcosystem = Map.groupBy(entries, (entry) => entry.ecosystem)
  for (const group of byEcosystem.values()) {
    group.sort((a, b) => hashOf(a.repo).localeCompare(hashOf(b.repo)))
    group.forEach((entry, index) => {
      if (index % 3 === 1) entry.set = 'held-out'
    })
  }
  fs.writeFileSync(CORPUS_PATH, `${JSON.stringify(entries, null, 1)}\n`)
  process.stdout.write(`${entries.length} repositories written to ${CORPUS_PATH}\n`)
}

const hashOf = (repo: string) => createHash('sha1').update(repo.toLowerCase()).digest('hex')

main()
