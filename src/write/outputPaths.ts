// Keeps every write inside the output folder, and the output folder apart from the
// definitions folder.
import { existsSync, realpathSync } from 'node:fs'
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
