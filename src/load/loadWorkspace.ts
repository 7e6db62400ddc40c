// Loads every definition file of a workspace, plus the package's built-in interfaces.
// A file reached twice (a symlink, or the built-ins inside the workspace) is loaded once.
import { existsSync, realpathSync, statSync } from 'node:fs'
import { isAbsolute, relative } from 'node:path'
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import { displayPath } from './displayPath.js'
import { parseFast } from './fastPath.js'
import { DEFINITION_EXTENSION, type FoundFile, findDefinitionFiles } from './findDefinitionFiles.js'
import { builtinDefinitionsDir } from './packageRoot.js'
import { cacheFile, cacheFolder, ParseCache } from './parseCache.js'
import { type ParsedFile, parseSourceFile, parseSourceText } from './parseSourceFile.js'
import { unparsedSourceFile } from './sourceFiles.js'

/** What a missing definitions folder's message adds: where to run botwire, or how to make the folder. */
export const FOLDER_HINT = ' (run botwire in the project that holds it, pass --definitions DIR, or write a first definition with botwire init bot NAME)'

export interface LoadOptions {
  definitionsDir: string
  builtins: boolean
  cwd?: string
  /** reuse the parsed values of the previous run, kept under the working directory (src/load/parseCache.ts); default false */
  cache?: boolean
  /**
   * Texts that win over the disk (an editor's unsaved buffers), by absolute real path. A
   * path below the definitions folder that is not on disk yet is loaded too, after the
   * files found there; one that is not a definition file (*.yaml, *.yml) is ignored.
   */
  overlay?: ReadonlyMap<string, string>
}

export interface LoadedWorkspace {
  files: ParsedFile[]
  diagnostics: Diagnostic[]
  /** the real path of the definitions folder */
  definitionsDir: string
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path)
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))
}

/** A definitions folder that is not there or is a file: bad usage, thrown (the CLI exits 2). */
export class WorkspaceUsageError extends Error {
  override name = 'WorkspaceUsageError'
  readonly code = 'BW9002'
}

/**
 * One entry of a workspace's file list, in load order: a definition file to parse (from
 * the disk, or from the overlay when `unsaved` is set), or a link or folder that cannot
 * be loaded, as its diagnostic.
 */
export type WorkspaceEntry =
  | { path: string; realPath: string; shown: string; builtin: boolean; unsaved: string | undefined; problem: null }
  | { problem: Diagnostic }

export interface WorkspaceListing {
  entries: WorkspaceEntry[]
  /** the real path of the definitions folder */
  definitionsDir: string
}

/** The files a load reads, in order, each once (a file reached twice is listed once); nothing is read yet. */
export function listWorkspace(options: LoadOptions): WorkspaceListing {
  const cwd = options.cwd ?? process.cwd()
  if (!existsSync(options.definitionsDir))
    throw new WorkspaceUsageError(`definitions folder not found: ${displayPath(options.definitionsDir, cwd)}${FOLDER_HINT}`)
  if (!statSync(options.definitionsDir).isDirectory()) {
    throw new WorkspaceUsageError(
      `--definitions takes a folder, and ${displayPath(options.definitionsDir, cwd)} is a file; pass the folder that holds the definition files`,
    )
  }
  const definitionsDir = realpathSync(options.definitionsDir)
  const builtinDir = existsSync(builtinDefinitionsDir) ? realpathSync(builtinDefinitionsDir) : null
  const found: FoundFile[] = findDefinitionFiles(options.definitionsDir)
  if (options.overlay) found.push(...unsavedFiles(options.overlay, found, definitionsDir))
  if (options.builtins && builtinDir) found.push(...findDefinitionFiles(builtinDir))

  const entries: WorkspaceEntry[] = []
  const seen = new Set<string>()
  for (const entry of found) {
    // a link to a built-in reaches the file the package loads anyway: one file, loaded once (docs/definitions.md#built-in-interfaces)
    if (entry.problem === 'outside' && options.builtins && builtinDir !== null && entry.realPath !== null && isInside(builtinDir, entry.realPath)) continue
    if (entry.problem) {
      const file = unparsedSourceFile(entry.path, displayPath(entry.path, cwd), false)
      const at = { file, start: 0, end: 0 }
      const kind = entry.path.endsWith('.yaml') || entry.path.endsWith('.yml') ? 'file' : 'folder'
      entries.push({
        problem:
          entry.problem === 'outside'
            ? diagnostic('BW1009', 'linkOutside', {}, at)
            : entry.problem === 'nameNotUtf8'
              ? diagnostic('BW1017', 'nameNotUtf8', { entry: kind }, at)
              : entry.problem === 'notRegular'
                ? diagnostic('BW1007', 'unreadableFile', { reason: entry.reason ?? 'not a regular file' }, at)
                : diagnostic('BW1007', 'unreadableEntry', { entry: kind }, at),
      })
      continue
    }
    const realPath = entry.realPath ?? entry.path
    if (seen.has(realPath)) continue
    seen.add(realPath)
    const builtin = options.builtins && builtinDir !== null && isInside(builtinDir, realPath)
    entries.push({ path: entry.path, realPath, shown: displayPath(entry.path, cwd), builtin, unsaved: options.overlay?.get(realPath), problem: null })
  }
  return { entries, definitionsDir }
}

/** Reads and parses one listed file (its text from the overlay when it has one). */
export function loadEntry(
  entry: Extract<WorkspaceEntry, { problem: null }>,
  fastPath: (text: string) => Record<string, unknown> | null = parseFast,
): ParsedFile {
  const { realPath, shown, builtin, unsaved } = entry
  return unsaved === undefined ? parseSourceFile(realPath, shown, builtin, fastPath) : parseSourceText(unsaved, realPath, shown, builtin, fastPath)
}

export function loadWorkspace(options: LoadOptions): LoadedWorkspace {
  const { entries, definitionsDir } = listWorkspace(options)
  const files: ParsedFile[] = []
  const diagnostics: Diagnostic[] = []
  const cache = options.cache === true ? new ParseCache(cacheFile(cacheFolder(options.cwd ?? process.cwd()), definitionsDir)) : null
  const fastPath = cache ? (text: string) => fastPathThroughCache(cache, text) : parseFast
  for (const entry of entries) {
    if (entry.problem) {
      diagnostics.push(entry.problem)
      continue
    }
    const parsed = loadEntry(entry, fastPath)
    files.push(parsed)
    diagnostics.push(...parsed.diagnostics)
  }
  cache?.save()
  return { files, diagnostics, definitionsDir }
}

/** A path below the definitions folder that the listing skips: in or at a dot-file or dot-folder, or in node_modules. */
const SKIPPED_BELOW = /(^|[/\\])(node_modules|\.[^/\\]*)([/\\]|$)/

/** The overlay's definition files below the folder that the disk does not have, in path order. */
function unsavedFiles(overlay: ReadonlyMap<string, string>, found: readonly FoundFile[], definitionsDir: string): FoundFile[] {
  const onDisk = new Set(found.map((f) => f.realPath))
  return [...overlay.keys()]
    .filter(
      (path) => !onDisk.has(path) && DEFINITION_EXTENSION.test(path) && isInside(definitionsDir, path) && !SKIPPED_BELOW.test(relative(definitionsDir, path)),
    )
    .sort()
    .map((path) => ({ path, realPath: path, problem: null }))
}

/** The fast path's value from the cache, or parsed and kept for the next run. */
function fastPathThroughCache(cache: ParseCache, text: string): Record<string, unknown> | null {
  const entry = cache.lookup(text)
  if (entry.cached !== undefined) return entry.cached
  const fast = parseFast(text)
  entry.keep(fast)
  return fast
}
