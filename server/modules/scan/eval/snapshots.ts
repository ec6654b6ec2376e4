// Git snapshots of the evaluation corpus (bare repositories, one folder each): where a repository's snapshot is,
// the commit that last wrote its techstack.yml, and its tree at that commit without the answer key.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/** The answer key and its rendering: removed from every exported tree (our scanner reads techstack.yml). */
export const ANSWER_KEY_FILES = ['techstack.yml', 'techstack.md']

const isGitDir = (dir: string) => fs.existsSync(path.join(dir, 'HEAD')) && fs.existsSync(path.join(dir, 'objects'))

/** Accepts `owner+name/repo`, `owner+name`, `owner/name.git` and `owner/name` under the snapshots folder. */
export function findSnapshot(folder: string, repo: string): string | null {
  const [owner, name] = repo.split('/') as [string, string]
  const candidates = [
    path.join(folder, `${owner}+${name}`, 'repo'),
    path.join(folder, `${owner}+${name}`),
    path.join(folder, owner, `${name}.git`),
    path.join(folder, owner, name),
    path.join(folder, owner, name, '.git'),
  ]
  return candidates.find(isGitDir) ?? null
}

const git = (gitDir: string, args: string[]) =>
  execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).trim()

/** The newest commit on any ref that added or changed the root techstack.yml, or null. */
export function lastStackFileCommit(gitDir: string): string | null {
  return git(gitDir, ['log', '--all', '--diff-filter=AM', '-1', '--format=%H', '--', 'techstack.yml']) || null
}

export function readFileAt(gitDir: string, commit: string, file: string): string {
  return git(gitDir, ['show', `${commit}:${file}`])
}

/**
 * Writes the tree of `commit` into `destination`, every techstack.yml and techstack.md left out. Blobs the snapshot
 * lacks (the store keeps no file of 4 MiB or more) are left out too, as are symlinks and submodules: `git archive`
 * would stop at the first missing blob. Returns how many files were missing.
 */
export async function exportTree(gitDir: string, commit: string, destination: string): Promise<number> {
  const entries = git(gitDir, ['ls-tree', '-r', '-z', commit])
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const [meta, file] = line.split('\t') as [string, string]
      const [mode, type, sha] = meta.split(' ') as [string, string, string]
      return { mode, type, sha, file }
    })
    .filter((entry) => entry.type === 'blob' && entry.mode !== '120000')
    .filter((entry) => !ANSWER_KEY_FILES.includes(path.posix.basename(entry.file)))
  const blobs = await readBlobs(
    gitDir,
    entries.map((entry) => entry.sha),
  )
  let missing = 0
  for (const entry of entries) {
    const content = blobs.get(entry.sha)
    if (!content) {
      missing++
      continue
    }
    const target = path.join(destination, entry.file)
    fs.mkdirSync(path.dirname(target), { recursive: true })
    fs.writeFileSync(target, content)
  }
  return missing
}

/** Reads blobs through one `git cat-file --batch`; missing ones are absent from the answer. */
function readBlobs(gitDir: string, shas: string[]): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['--git-dir', gitDir, 'cat-file', '--batch'], { stdio: ['pipe', 'pipe', 'inherit'] })
    const blobs = new Map<string, Buffer>()
    let buffer = Buffer.alloc(0)
    child.stdout.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk])
      for (;;) {
        const newline = buffer.indexOf(10)
        if (newline < 0) return
        const header = buffer.subarray(0, newline).toString()
        const [sha, type, size] = header.split(' ')
        if (type === 'missing') {
          buffer = buffer.subarray(newline + 1)
          continue
        }
        const length = Number(size)
        if (buffer.length < newline + 1 + length + 1) return
        blobs.set(sha!, buffer.subarray(newline + 1, newline + 1 + length))
        buffer = buffer.subarray(newline + 1 + length + 1)
      }
    })
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve(blobs) : reject(new Error(`git cat-file exited with ${code}`))))
    child.stdin.end(`${[...new Set(shas)].join('\n')}\n`)
  })
}
