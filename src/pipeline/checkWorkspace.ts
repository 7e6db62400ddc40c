// The passes, in order: load -> validate (shape, schema sanity) -> resolve -> check.
// This file only sequences them; each pass lives in its own folder.
import { diagnostic, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js'
import { modelChecks } from '../check/index.js'
import { claimedDefinitions, type ClaimedDefinition } from '../validate/claimedNames.js'
import { loadLimits } from '../load/limits.js'
import { loadWorkspace, type LoadOptions } from '../load/loadWorkspace.js'
import type { Model } from '../resolve/model.js'
import { resolveModel } from '../resolve/resolveModel.js'
import type { RawDefinition } from '../validate/definitionTypes.js'
import { checkSchemaSanity } from '../validate/schemaSanity.js'
import { validateShape } from '../validate/validateShape.js'

export interface CheckedWorkspace {
  /** null when the definitions could not be resolved at all */
  model: Model
  diagnostics: Diagnostic[]
  definitionsDir: string
  /** the display paths of every definition file loaded, built-ins included */
  files: string[]
}

/** Keeps at most a bounded number of diagnostics per file, and says how many were left out. */
function capPerFile(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const byFile = new Map<string, Diagnostic[]>()
  const kept: Diagnostic[] = []
  for (const d of diagnostics) {
    if (!d.range) {
      kept.push(d)
      continue
    }
    const list = byFile.get(d.range.file.absolutePath) ?? []
    list.push(d)
    byFile.set(d.range.file.absolutePath, list)
  }
  for (const list of byFile.values()) {
    // a schema reused through a YAML alias is checked at each use, with the same result at the same place: once is enough
    const seen = new Set<string>()
    const sorted = sortDiagnostics(list).filter((d) => {
      const key = `${d.code} ${d.range?.start ?? ''} ${d.range?.end ?? ''} ${d.message}`
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
    if (sorted.length <= loadLimits.maxDiagnosticsPerFile) {
      kept.push(...sorted)
      continue
    }
    const shown = sorted.slice(0, loadLimits.maxDiagnosticsPerFile)
    kept.push(...shown)
    // placed on the first problem not shown, so that it reads after the ones shown
    const next = sorted[shown.length]
    if (next?.range) {
      const rest = sorted.length - shown.length
      kept.push(diagnostic('BW1010', `${rest} more problem${rest === 1 ? ' in this file is' : 's in this file are'} not shown (the next is here); fix the ones above first`, next.range))
    }
  }
  return sortDiagnostics(kept)
}

export function checkWorkspace(options: LoadOptions): CheckedWorkspace {
  const loaded = loadWorkspace(options)
  const diagnostics: Diagnostic[] = [...loaded.diagnostics]
  const definitions: RawDefinition[] = []
  // files with errors still say which definition they are: present but broken, for resolution
  const claims: ClaimedDefinition[] = []
  for (const parsed of loaded.files) {
    if (!parsed.value) {
      if (parsed.diagnostics.length > 0) claims.push(...claimedDefinitions(parsed.file, null))
      continue
    }
    const shape = validateShape(parsed.file, parsed.value)
    diagnostics.push(...shape.diagnostics)
    const spec = shape.definition
    if (spec === null) {
      if (shape.kind !== null) diagnostics.push(...checkSchemaSanity(parsed.file, shape.unchecked, shape.diagnostics))
      claims.push(...claimedDefinitions(parsed.file, parsed.value))
      continue
    }
    const sanity = checkSchemaSanity(parsed.file, spec)
    diagnostics.push(...sanity)
    if (sanity.some((d) => d.severity === 'error')) {
      claims.push(...claimedDefinitions(parsed.file, parsed.value))
      continue
    }
    definitions.push({ file: parsed.file, spec })
  }
  const { model, diagnostics: resolveDiagnostics } = resolveModel(definitions, claims)
  diagnostics.push(...resolveDiagnostics)
  // semantic checks read bound references; a model with unresolved references still
  // checks what did resolve, since every check skips what is missing
  for (const check of modelChecks) diagnostics.push(...check(model))
  return {
    model,
    diagnostics: capPerFile(diagnostics),
    definitionsDir: loaded.definitionsDir,
    files: loaded.files.map((f) => f.file.displayPath),
  }
}
