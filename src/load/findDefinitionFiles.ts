// Finds every *.yaml / *.yml file below a definitions folder, following symbolic links
// only while they stay inside it. Dot-folders and node_modules are skipped. A named pipe,
// socket or device with such a name is listed as what it is, never opened.
import { type Dirent, lstatSync, readdirSync, realpathSync, type Stats, statSync } from 'node:fs'
import { isAbsolute, join, relative } from 'node:path'
import { notRegularReason } from './regularFile.js'

export interface FoundFile {
  /** the path as reached from the root (what the user sees) */
  path: string
  /** the real path (for a link outside the root, where it leads); null when the link is broken or unreadable */
  realPath: string | null
  problem: 'outside' | 'unreadable' | 'notRegular' | null
  /** for `notRegular`: why it is not read ("a named pipe, not a regular file") */
  reason?: string
}

export const DEFINITION_EXTENSION = /\.ya?ml$/i

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
    let entries: Dirent[]
    try {
      entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    } catch {
      found.push({ path: folder, realPath: null, problem: 'unreadable' })
      return
    }
    for (const entry of entries) {
      const name = entry.name
      const path = join(folder, name)
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
