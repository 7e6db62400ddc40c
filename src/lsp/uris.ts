// Document URIs <-> the absolute real paths botwire identifies files by.
import { realpathSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export function uriOf(absolutePath: string): string {
  return pathToFileURL(absolutePath).href
}

/** The real path of a document (a file not on disk yet: its folder's real path and its name); null for a URI that is no file. */
export function realPathOf(uri: string): string | null {
  if (!uri.startsWith('file:')) return null
  const path = fileURLToPath(uri)
  try {
    return realpathSync(path)
  } catch {
    try {
      return join(realpathSync(dirname(path)), basename(path))
    } catch {
      return path
    }
  }
}
