// Keeps every write inside the output folder, and the output folder apart from the
// definitions folder.
import { existsSync, lstatSync, readlinkSync, realpathSync } from 'node:fs'
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path'

/** The real path of a folder that may not exist yet (its nearest existing parent, resolved). */
export function realPathOf(path: string): string {
  const absolute = resolve(path)
  if (existsSync(absolute)) return realpathSync(absolute)
  const parent = dirname(absolute)
  if (parent === absolute) return absolute
  return resolve(realPathOf(parent), absolute.slice(parent.length + 1))
}

export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path)
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))
}

/** The absolute path of an output file, or null when it would leave the output folder. */
export function outputPath(outDir: string, relativePath: string): string | null {
  if (isAbsolute(relativePath) || relativePath.split('/').some((part) => part === '..' || part === '')) return null
  const target = resolve(outDir, relativePath.split('/').join(sep))
  return isInside(outDir, target) && target !== outDir ? target : null
}

/** A path inside the output folder that leads out of it, and where it leads. */
export interface WayOut {
  path: string
  leadsTo: string
}

/**
 * The first of these output paths (absolute, already checked with `outputPath`) whose
 * folder, or which itself, is a symbolic link (or sits below one) that leads outside the
 * output folder's real path; null when every one stays inside. Folders not there yet
 * are created inside, so they lead nowhere.
 */
export function findWayOut(outDir: string, targets: Iterable<string>): WayOut | null {
  const root = realPathOf(outDir)
  const seen = new Map<string, WayOut | null>()
  const folderWayOut = (folder: string): WayOut | null => {
    const known = seen.get(folder)
    if (known !== undefined) return known
    let found: WayOut | null = null
    if (folder !== outDir && folder.length > outDir.length) {
      found = folderWayOut(dirname(folder))
      if (found === null) {
        const real = realPathOf(folder)
        if (!isInside(root, real)) found = { path: folder, leadsTo: real }
        // a link to nothing: where a folder would be created through it is not known
        else if (isSymbolicLink(folder) && !existsSync(folder)) found = { path: folder, leadsTo: resolve(dirname(folder), readlinkSync(folder)) }
      }
    }
    seen.set(folder, found)
    return found
  }
  for (const target of targets) {
    const throughFolder = folderWayOut(dirname(target))
    if (throughFolder) return throughFolder
    if (isSymbolicLink(target)) {
      const real = realPathOf(target)
      if (!isInside(root, real)) return { path: target, leadsTo: real }
    }
  }
  return null
}

function isSymbolicLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink()
  } catch {
    return false
  }
}
