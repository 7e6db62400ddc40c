// Finds every *.yaml / *.yml file below a definitions folder, following symbolic links
// only while they stay inside it. Dot-files, dot-folders and node_modules are skipped (as
// the watchers of generate --watch and the language server skip them). A named pipe,
// socket or device with such a name is listed as what it is, never opened.
//
// A name that is not UTF-8 has no string that names it: Node puts U+FFFD for its bad
// bytes, and reading that name fails as if the file were not there. So a folder whose
// listing shows a U+FFFD is listed again as bytes, and such a file or folder is found as
// itself, with a problem (BW1017), under its name with the bad bytes escaped
// (docs/decisions.md: file names that are not UTF-8).
import { isUtf8 } from 'node:buffer'
import { type Dirent, lstatSync, readdirSync, realpathSync, type Stats, statSync } from 'node:fs'
import { isAbsolute, join, relative, sep } from 'node:path'
import { present } from '../jsonSchema/invariant.js'
import { notRegularReason } from './regularFile.js'

export interface FoundFile {
  /** the path as reached from the root (what the user sees); for a name that is not UTF-8, with its bad bytes as \xNN */
  path: string
  /** the real path (for a link outside the root, where it leads); null when the link is broken or unreadable, or the name not UTF-8 */
  realPath: string | null
  problem: 'outside' | 'unreadable' | 'nameNotUtf8' | 'notRegular' | null
  /** for `notRegular`: why it is not read ("a named pipe, not a regular file") */
  reason?: string
}

export const DEFINITION_EXTENSION = /\.ya?ml$/i

/** A name that is not UTF-8 as text: its UTF-8 parts as they are, each byte of the rest as \xNN. */
export function escapedName(bytes: Buffer): string {
  let text = ''
  let at = 0
  while (at < bytes.length) {
    const lead = present(bytes[at], 'a byte before the end of the name')
    const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0
    const sequence = length > 0 ? bytes.subarray(at, at + length) : null
    if (sequence && sequence.length === length && isUtf8(sequence)) {
      text += sequence.toString('utf8')
      at += length
    } else {
      text += `\\x${lead.toString(16).padStart(2, '0')}`
      at += 1
    }
  }
  return text
}

/** A folder's entry with its name as text: itself, or escaped when it is not UTF-8 (then its bytes are kept). */
type ListedName = { name: string; utf8: true; entry: Dirent<string> | Dirent<Buffer> } | { name: string; utf8: false; entry: Dirent<Buffer> }

/** A folder's entries with their names as text, in name order. */
function listFolder(folder: string): ListedName[] {
  const byName = (a: ListedName, b: ListedName): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
  const named = readdirSync(folder, { withFileTypes: true })
  // U+FFFD is what Node puts for bytes that are not UTF-8 (or the character itself): only then are the names read again as bytes
  if (!named.some((entry) => entry.name.includes('\ufffd'))) return named.map((entry): ListedName => ({ name: entry.name, utf8: true, entry })).sort(byName)
  return readdirSync(folder, { withFileTypes: true, encoding: 'buffer' })
    .map(
      (entry): ListedName =>
        isUtf8(entry.name) ? { name: entry.name.toString('utf8'), utf8: true, entry } : { name: escapedName(entry.name), utf8: false, entry },
    )
    .sort(byName)
}

/** Whether an entry whose name is not UTF-8 is one the walk would load or enter, if it could name it: a definition file or a folder. */
function wouldBeRead(folder: string, listed: Extract<ListedName, { utf8: false }>): boolean {
  if (listed.entry.name[0] === 0x2e) return false // a dot-file or dot-folder, skipped whatever its name
  if (listed.entry.isDirectory() || DEFINITION_EXTENSION.test(listed.name)) return true
  if (listed.entry.isFile()) return false
  // a link (or a type the file system did not say): where it leads, reached by the name's bytes
  try {
    return statSync(Buffer.concat([Buffer.from(`${folder}${sep}`), listed.entry.name])).isDirectory()
  } catch {
    return false
  }
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path)
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))
}

export function findDefinitionFiles(root: string): FoundFile[] {
  const realRoot = realpathSync(root)
  const found: FoundFile[] = []
  const visitedFolders = new Set<string>()

  const walk = (folder: string, realFolder: string): void => {
    if (visitedFolders.has(realFolder)) return
    visitedFolders.add(realFolder)
    let entries: ListedName[]
    try {
      entries = listFolder(folder)
    } catch {
      found.push({ path: folder, realPath: null, problem: 'unreadable' })
      return
    }
    for (const listed of entries) {
      const { name, entry } = listed
      // an editor's lock or swap file (Emacs' `.#bot.yaml`, a link to no file), a draft kept aside
      if (name.startsWith('.')) continue
      const path = join(folder, name)
      if (!listed.utf8) {
        if (wouldBeRead(folder, listed)) found.push({ path, realPath: null, problem: 'nameNotUtf8' })
        continue
      }
      // a plain file or folder is where its folder really is: no stat, no realpath
      if (entry.isFile()) {
        if (DEFINITION_EXTENSION.test(name)) found.push({ path, realPath: join(realFolder, name), problem: null })
        continue
      }
      if (entry.isDirectory()) {
        if (!name.startsWith('.') && name !== 'node_modules') walk(path, join(realFolder, name))
        continue
      }
      // a named pipe, socket or device: reading it could wait forever
      if (!entry.isSymbolicLink() && (entry.isFIFO() || entry.isSocket() || entry.isCharacterDevice() || entry.isBlockDevice())) {
        if (DEFINITION_EXTENSION.test(name)) found.push({ path, realPath: join(realFolder, name), problem: 'notRegular', reason: notRegularReason(entry) })
        continue
      }
      // a symbolic link, or a type the file system did not say
      let isLink = false
      try {
        isLink = lstatSync(path).isSymbolicLink()
      } catch {
        continue
      }
      let realPath: string
      let isDirectory: boolean
      let target: Stats
      try {
        realPath = realpathSync(path)
        target = statSync(realPath)
        isDirectory = target.isDirectory()
      } catch {
        if (DEFINITION_EXTENSION.test(name)) found.push({ path, realPath: null, problem: 'unreadable' })
        continue
      }
      if (isDirectory) {
        if (name.startsWith('.') || name === 'node_modules') continue
        if (isLink && !isInside(realRoot, realPath)) {
          found.push({ path, realPath, problem: 'outside' })
          continue
        }
        walk(path, realPath)
        continue
      }
      if (!DEFINITION_EXTENSION.test(name)) continue
      if (isLink && !isInside(realRoot, realPath)) {
        found.push({ path, realPath, problem: 'outside' })
        continue
      }
      if (!target.isFile()) {
        found.push({ path, realPath, problem: 'notRegular', reason: notRegularReason(target) })
        continue
      }
      found.push({ path, realPath, problem: null })
    }
  }

  walk(root, realRoot)
  return found
}
