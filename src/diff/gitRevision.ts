// `botwire diff --against REF`: the definitions folder as it was at a git revision,
// copied into a temporary folder (git ls-tree + git cat-file, no checkout, the work
// tree is never touched). Files are shown as `REF:path/in/repo.yaml`.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, sep } from 'node:path'
import { DiffUsageError } from './loadSide.js'

export interface RevisionFolder {
  /** the temporary folder holding the revision's definition files */
  dir: string
  /** how a file of `dir` is shown */
  display: (absolutePath: string) => string
  /** true when the folder did not exist at the revision */
  missing: boolean
  remove: () => void
}

const DEFINITION_EXTENSION = /\.ya?ml$/i
const MAX_BUFFER = 64 * 1024 * 1024

function git(args: string[], cwd: string): Buffer {
  return execFileSync('git', args, { cwd, maxBuffer: MAX_BUFFER, stdio: ['ignore', 'pipe', 'pipe'] })
}

function gitText(args: string[], cwd: string): string | null {
  try {
    return git(args, cwd).toString('utf8').trim()
  } catch {
    return null
  }
}

export function revisionFolder(ref: string, definitionsDir: string): RevisionFolder {
  if (ref === '' || ref.startsWith('-')) throw new DiffUsageError(`'${ref}' is not a git revision`)
  const realDefinitions = realpathSync(definitionsDir)
  const top = gitText(['rev-parse', '--show-toplevel'], realDefinitions)
  if (top === null || top === '') throw new DiffUsageError(`--against needs a git repository, and ${definitionsDir} is not inside one`)
  const commit = gitText(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], realDefinitions)
  if (commit === null || commit === '') throw new DiffUsageError(`unknown git revision '${ref}'`)
  const root = realpathSync(top)
  const folder = relative(root, realDefinitions).split(sep).join('/')

  const listing = git(['ls-tree', '-r', '-z', '--full-tree', commit, '--', folder === '' ? '.' : folder], root).toString('utf8')
  const dir = mkdtempSync(join(tmpdir(), 'botwire-diff-'))
  const prefix = folder === '' ? '' : `${folder}/`
  let count = 0
  try {
    for (const entry of listing.split('\0')) {
      if (entry === '') continue
      // "<mode> <type> <object>\t<path>"
      const tab = entry.indexOf('\t')
      const [mode, type, object] = entry.slice(0, tab).split(' ')
      const path = entry.slice(tab + 1)
      // regular files only: symbolic links (120000) and submodules are not definitions
      if (type !== 'blob' || (mode !== '100644' && mode !== '100755') || object === undefined) continue
      if (!DEFINITION_EXTENSION.test(path) || !path.startsWith(prefix)) continue
      const target = join(dir, ...path.slice(prefix.length).split('/'))
      mkdirSync(dirname(target), { recursive: true })
      writeFileSync(target, git(['cat-file', 'blob', object], root))
      count++
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  const realDir = realpathSync(dir)
  return {
    dir,
    display: (absolutePath) => {
      const inside = relative(realDir, realpathSafe(absolutePath)).split(sep).join('/')
      return `${ref}:${prefix}${inside}`
    },
    missing: count === 0 && gitText(['cat-file', '-e', `${commit}:${folder === '' ? '' : folder}`], root) === null,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}

function realpathSafe(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    return path
  }
}
