// `botwire diff` (docs/versioning.md): compares two versions of definitions and says, for each
// definition, which bump its changes need and whether its version makes it.
// `diff()` returns the structured result; the CLI renders it.
import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { type Diagnostic, hasErrors, sortDiagnostics } from '../diagnostics/diagnostic.js'
import { toRecord as diagnosticRecord } from '../diagnostics/record.js'
import { displayPath } from '../load/displayPath.js'
import { assertKnownOptions } from '../pipeline/apiOptions.js'
import { compareSides, type DefinitionComparison } from './compareSides.js'
import { revisionFolder } from './gitRevision.js'
import { DiffUsageError, loadSide } from './loadSide.js'
import { toRecord } from './render.js'
import type { DiffOptions, DiffResult } from './types.js'

export { DiffUsageError } from './loadSide.js'
export type { ChangeLevel, DeclaredBump, DefinitionDiff, DefinitionVersion, DiffChange, DiffOptions, DiffResult, Level, Side } from './types.js'

export interface DiffRun {
  comparisons: DefinitionComparison[]
  diagnostics: Diagnostic[]
  /** remarks about the run as a whole */
  notes: string[]
  ok: boolean
}

/** Runs a diff and keeps source ranges (for rendering). Throws DiffUsageError on bad usage. */
export function runDiff(options: DiffOptions): DiffRun {
  const cwd = options.cwd ?? process.cwd()
  const builtins = options.builtins ?? true
  const notes: string[] = []
  let comparisons: DefinitionComparison[]
  let diagnostics: Diagnostic[]
  if (options.against !== undefined) {
    if (options.old !== undefined || options.new !== undefined) throw new DiffUsageError('give either OLD and NEW, or --against REF, not both')
    const definitionsDir = resolve(cwd, options.definitions ?? 'definitions')
    if (!existsSync(definitionsDir) || !statSync(definitionsDir).isDirectory())
      throw new DiffUsageError(`definitions folder not found: ${displayPath(definitionsDir, cwd)}`)
    const revision = revisionFolder(options.against, definitionsDir)
    try {
      if (revision.missing) notes.push(`${displayPath(definitionsDir, cwd)} does not exist at ${options.against}: every definition is new`)
      const old = loadSide({ side: 'old', path: revision.dir, display: revision.display, builtins, cwd })
      const neu = loadSide({ side: 'new', path: definitionsDir, builtins, cwd })
      comparisons = compareSides(old, neu)
      diagnostics = [...old.diagnostics, ...neu.diagnostics]
    } finally {
      revision.remove()
    }
  } else {
    if (options.old === undefined || options.new === undefined) throw new DiffUsageError('diff needs OLD and NEW (files or folders), or --against REF')
    const old = loadSide({ side: 'old', path: resolve(cwd, options.old), builtins, cwd })
    const neu = loadSide({ side: 'new', path: resolve(cwd, options.new), builtins, cwd })
    comparisons = compareSides(old, neu)
    diagnostics = [...old.diagnostics, ...neu.diagnostics]
  }
  diagnostics = sortDiagnostics(diagnostics)
  return { comparisons, diagnostics, notes, ok: !hasErrors(diagnostics) && comparisons.every((c) => c.ok) }
}

/**
 * Compares two versions of definitions (`old` and `new`: files or folders; or the
 * `definitions` folder `against` a git revision) and returns, for each definition,
 * its changes, the bump they need, the bump its version shows and whether that is
 * enough. Prints nothing. Throws DiffUsageError for bad usage (a side not found, not a
 * git repository, an unknown revision).
 */
const DIFF_OPTIONS: Record<keyof DiffOptions, 'string' | 'boolean'> = {
  old: 'string',
  new: 'string',
  against: 'string',
  definitions: 'string',
  builtins: 'boolean',
  cwd: 'string',
}

export function diff(options: DiffOptions): DiffResult {
  assertKnownOptions('diff', options, DIFF_OPTIONS, DiffUsageError)
  const run = runDiff(options)
  return { ok: run.ok, definitions: run.comparisons.map(toRecord), diagnostics: run.diagnostics.map(diagnosticRecord) }
}
