// Loads one side of a diff: a definition file or a folder of them, through the same
// load, shape and sanity passes as `check`, then resolved together with the built-in
// interfaces the side does not hold itself (so that a plugin's `LOCAL.ENTITY` finds
// its interface). Only problems that keep a file from being compared are reported:
// a diff is not a check.
import { existsSync, realpathSync, statSync } from 'node:fs'
import { basename, relative, sep } from 'node:path'
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import { displayPath } from '../load/displayPath.js'
import { DEFINITION_EXTENSION, findDefinitionFiles } from '../load/findDefinitionFiles.js'
import { builtinDefinitionsDir } from '../load/packageRoot.js'
import { parseSourceFile } from '../load/parseSourceFile.js'
import { unparsedSourceFile } from '../load/sourceFiles.js'
import { validateFile } from '../pipeline/validateFile.js'
import { definitionKey, type Model } from '../resolve/model.js'
import { resolveModel } from '../resolve/resolveModel.js'
import { versionOf } from '../resolve/symbolTable.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { ClaimedDefinition } from '../validate/claimedNames.js'
import type { RawDefinition } from '../validate/definitionTypes.js'
import type { SideDefinition } from '../versioning/sideDefinition.js'
import type { Side } from './types.js'

export type { SideDefinition }

/** Arguments `diff` cannot work with (a missing side, a bad git revision): bad usage, thrown (the CLI exits 2). */
export class DiffUsageError extends Error {
  override name = 'DiffUsageError'
  readonly code = 'BW9002'
}

export interface LoadedSide {
  side: Side
  definitions: SideDefinition[]
  /** `kind/name` of definitions whose files have errors: not reported as removed or added */
  broken: Set<string>
  /** files (relative paths) that could not be loaded: their definitions are unknown */
  brokenFiles: Set<string>
  diagnostics: Diagnostic[]
  model: Model
}

export interface SideSource {
  side: Side
  /** a file or a folder */
  path: string
  /** how a file is shown (default: relative to the working directory) */
  display?: (absolutePath: string) => string
  builtins: boolean
  cwd: string
}

function placeholder(path: string, shown: string): SourceFile {
  return unparsedSourceFile(path, shown, false)
}

interface FileToLoad {
  path: string
  shown: string
  relative: string
}

interface Checked {
  raw: { raw: RawDefinition; relative: string }[]
  diagnostics: Diagnostic[]
  broken: Set<string>
  brokenFiles: Set<string>
  claims: ClaimedDefinition[]
}

function checkFiles(paths: FileToLoad[], builtin: boolean): Checked {
  const raw: Checked['raw'] = []
  const diagnostics: Diagnostic[] = []
  const broken = new Set<string>()
  const brokenFiles = new Set<string>()
  const claims: ClaimedDefinition[] = []
  for (const { path, shown, relative: rel } of paths) {
    const parsed = parseSourceFile(path, shown, builtin)
    const validated = validateFile(parsed)
    // a diff is not a check: only the errors that keep a file from being compared
    diagnostics.push(...parsed.diagnostics, ...validated.diagnostics.filter((d) => d.severity === 'error'))
    if (validated.definition) {
      raw.push({ raw: validated.definition, relative: rel })
      continue
    }
    for (const claim of validated.claims) broken.add(`${claim.kind}/${claim.name}`)
    claims.push(...validated.claims)
    brokenFiles.add(rel)
  }
  return { raw, diagnostics, broken, brokenFiles, claims }
}

export function loadSide(source: SideSource): LoadedSide {
  const { path, cwd } = source
  const show = source.display ?? ((absolutePath: string) => displayPath(absolutePath, cwd))
  if (!existsSync(path)) throw new DiffUsageError(`${source.side} side not found: ${displayPath(path, cwd)}`)
  const isFolder = statSync(path).isDirectory()
  const found = isFolder ? findDefinitionFiles(path) : [{ path, realPath: realpathSync(path), problem: null }]

  const diagnostics: Diagnostic[] = []
  const paths: FileToLoad[] = []
  const relativeOf = (entryPath: string): string => (isFolder ? relative(path, entryPath).split(sep).join('/') : basename(entryPath))
  const seen = new Set<string>()
  for (const entry of found) {
    if (entry.problem || entry.realPath === null) {
      const at = { file: placeholder(entry.path, show(entry.path)), start: 0, end: 0 }
      diagnostics.push(
        entry.problem === 'outside'
          ? diagnostic('BW1009', 'linkOutsideCompared', {}, at)
          : entry.problem === 'nameNotUtf8'
            ? diagnostic('BW1017', 'nameNotUtf8', { entry: DEFINITION_EXTENSION.test(entry.path) ? 'file' : 'folder' }, at)
            : diagnostic('BW1007', 'unreadableCompared', {}, at),
      )
      continue
    }
    if (seen.has(entry.realPath)) continue
    seen.add(entry.realPath)
    paths.push({ path: entry.realPath, shown: show(entry.path), relative: relativeOf(entry.path) })
  }
  const own = checkFiles(paths, false)
  diagnostics.push(...own.diagnostics)

  // built-in interfaces the side does not hold (same name and version): support only
  const support: RawDefinition[] = []
  if (source.builtins && existsSync(builtinDefinitionsDir)) {
    const held = new Set(own.raw.map(({ raw: r }) => definitionKey(r.spec.kind, r.spec.name, versionOf(r.spec))))
    const builtinFiles = findDefinitionFiles(builtinDefinitionsDir).filter((f) => f.realPath !== null && !seen.has(f.realPath))
    const builtins = checkFiles(
      builtinFiles.map((f) => ({ path: f.realPath ?? f.path, shown: displayPath(f.path, cwd), relative: f.path })),
      true,
    )
    for (const { raw } of builtins.raw) {
      if (!held.has(definitionKey(raw.spec.kind, raw.spec.name, versionOf(raw.spec)))) support.push(raw)
    }
  }

  const { model, diagnostics: resolveDiagnostics } = resolveModel([...own.raw.map((r) => r.raw), ...support], own.claims)
  // of the resolve problems only duplicates keep a definition out of the comparison
  diagnostics.push(...resolveDiagnostics.filter((d) => d.code === 'BW3001' && !d.range?.file.builtin))

  const definitions: SideDefinition[] = []
  for (const { raw, relative: relativePath } of own.raw) {
    const version = versionOf(raw.spec)
    const key = definitionKey(raw.spec.kind, raw.spec.name, version)
    const resolved = model.definitions.get(key)
    // a duplicate: the model holds the other file's definition; this one is reported above
    if (resolved && resolved.file !== raw.file) continue
    definitions.push({
      side: source.side,
      kind: raw.spec.kind,
      name: raw.spec.name,
      version,
      versioned: raw.spec.version !== undefined,
      spec: raw.spec,
      file: raw.file,
      relativePath,
      model: resolved ?? null,
    })
  }
  return { side: source.side, definitions, broken: own.broken, brokenFiles: own.brokenFiles, diagnostics, model }
}
