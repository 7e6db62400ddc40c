// The check pipeline, the one sequence every command runs: load -> validate (shape, schema
// sanity, file by file) -> resolve -> checks. `check`, `generate`, both sides of `diff`,
// watch mode and the benchmark call it (or its per-file part, `validateFile`) with options
// rather than copies. It takes files and gives a model and diagnostics; it never prints.

import { runChecks } from '../check/registry.js'
import type { Diagnostic } from '../diagnostics/diagnostic.js'
import { type LoadOptions, loadWorkspace } from '../load/loadWorkspace.js'
import type { ParsedFile } from '../load/parseSourceFile.js'
import type { Model } from '../resolve/model.js'
import { resolveModel } from '../resolve/resolveModel.js'
import type { ClaimedDefinition } from '../validate/claimedNames.js'
import type { RawDefinition } from '../validate/definitionTypes.js'
import { capPerFile } from './capPerFile.js'
import { type PipelineObserver, UNOBSERVED } from './observer.js'
import { validateFile } from './validateFile.js'

export interface CheckWorkspaceOptions extends LoadOptions {
  /** hooks on the passes (the benchmark times them) */
  observer?: PipelineObserver
}

export interface CheckedWorkspace {
  model: Model
  diagnostics: Diagnostic[]
  definitionsDir: string
  /** the display paths of every definition file loaded, built-ins included */
  files: string[]
}

export interface CheckedFiles {
  model: Model
  /** shape, sanity, resolve and check diagnostics, in pass order, not yet capped */
  diagnostics: Diagnostic[]
}

/** Validates, resolves and checks loaded files. */
export function checkParsedFiles(files: readonly ParsedFile[], observer: PipelineObserver = UNOBSERVED): CheckedFiles {
  const diagnostics: Diagnostic[] = []
  const definitions: RawDefinition[] = []
  // files with errors still say which definition they are: present but broken, for resolution
  const claims: ClaimedDefinition[] = []
  for (const parsed of files) {
    const validated = validateFile(parsed, observer)
    diagnostics.push(...validated.diagnostics)
    claims.push(...validated.claims)
    if (validated.definition) definitions.push(validated.definition)
  }
  const resolved = observer.pass('resolve', () => resolveModel(definitions, claims))
  diagnostics.push(...resolved.diagnostics)
  // checks read bound references; a model with unresolved references still checks what
  // did resolve, since every check skips what is missing
  const model = resolved.model
  const observe = observer.check?.bind(observer)
  diagnostics.push(...observer.pass('checks', () => runChecks(model, observe ? { observe } : {})))
  return { model, diagnostics }
}

export function checkWorkspace(options: CheckWorkspaceOptions): CheckedWorkspace {
  const observer = options.observer ?? UNOBSERVED
  const loaded = observer.pass('load', () => loadWorkspace(options))
  observer.loaded?.(loaded.files)
  const checked = checkParsedFiles(loaded.files, observer)
  return {
    model: checked.model,
    diagnostics: capPerFile([...loaded.diagnostics, ...checked.diagnostics]),
    definitionsDir: loaded.definitionsDir,
    files: loaded.files.map((f) => f.file.displayPath),
  }
}
