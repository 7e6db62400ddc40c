// Document URIs <-> the absolute real paths botwire identifies files by. A URI that names
// no file of this machine (another scheme, another host, an encoded '/', a query or a
// fragment, percent-encoding that is not UTF-8) is no path at all: it is answered with the
// reason, never thrown, so one odd document cannot stop the analysis of the others
// (docs/editors.md#documents-that-are-not-analysed).
import { realpathSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export function uriOf(absolutePath: string): string {
  return pathToFileURL(absolutePath).href
}

/** Where a document is on disk: its real path, or why its URI names no file botwire can read. */
export type DocumentFile = { path: string; problem: null } | { path: null; problem: string }

function noFile(problem: string): DocumentFile {
  return { path: null, problem }
}

/** The path a `file:` URL names on this machine, or why it names none. */
function pathOfFileUrl(url: URL): DocumentFile {
  // a query or a fragment makes the URI a view of a file (a revision, a diff), not the file
  if (url.search !== '' || url.hash !== '') return noFile('its URI has a query or a fragment, so it is not the file itself')
  if (url.hostname !== '' && url.hostname !== 'localhost') return noFile(`its URI names another host ('${url.hostname}')`)
  // fileURLToPath refuses these too, with messages about its own arguments; the reason is said here in the editor's terms
  if (/%2f|%5c/i.test(url.pathname)) return noFile("its URI has an encoded '/' or '\\' in a name, which no file name on disk holds")
  let path: string
  try {
    path = fileURLToPath(url)
  } catch (error) {
    return noFile(
      error instanceof URIError
        ? 'its URI is not valid percent-encoding of UTF-8 text (a file name that is not UTF-8 cannot be read by name)'
        : `its URI names no file here: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  if (path.includes('\0')) return noFile('its URI has a NUL character in the path')
  return { path, problem: null }
}

/** The absolute path a URI names (not resolved through links), or why it names no file. */
export function fileOfUri(uri: string): DocumentFile {
  let url: URL
  try {
    url = new URL(uri)
  } catch {
    return noFile('its URI is not a valid URI')
  }
  if (url.protocol !== 'file:') return noFile(`it is not a file on disk (its URI's scheme is '${url.protocol.slice(0, -1)}')`)
  return pathOfFileUrl(url)
}

/** The real path of a document (a file not on disk yet: its folder's real path and its name), or why it has none. */
export function documentFile(uri: string): DocumentFile {
  const named = fileOfUri(uri)
  const path = named.path
  if (path === null) return named
  try {
    return { path: realpathSync(path), problem: null }
  } catch {
    try {
      return { path: join(realpathSync(dirname(path)), basename(path)), problem: null }
    } catch {
      return { path, problem: null }
    }
  }
}

/** The real path of a document; null for a URI that names no file botwire can read. */
export function realPathOf(uri: string): string | null {
  return documentFile(uri).path
}
