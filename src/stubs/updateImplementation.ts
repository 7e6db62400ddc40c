// `updateImplementation(file, definition)`: `scaffold --update` for one file, as a
// function that prints nothing (the programmatic API; a language server calls it so that
// renaming an action in YAML renames its handler).
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { type Diagnostic, hasErrors } from '../diagnostics/diagnostic.js'
import { displayPath } from '../load/displayPath.js'
import { checkWorkspace } from '../pipeline/checkWorkspace.js'
import { computeUpdate, newestDefinition, saveUpdate } from './implementationFile.js'
import type { Change, Leftover } from './planUpdate.js'
import type { StubKind } from './stubPlan.js'

/** Bad usage of updateImplementation (a file that is not an implementation, an unknown definition); code BW9002. */
export class ImplementationUsageError extends Error {
  override name = 'ImplementationUsageError'
  readonly code = 'BW9002'
}

export interface UpdateRequest {
  file: string
  kind: StubKind
  name: string
  definitionsDir: string
  builtins: boolean
  cache: boolean
  generatedDir: string
  write: boolean
  prune: boolean
}

export interface ImplementationUpdate {
  diagnostics: Diagnostic[]
  /** the file's text after the update; as it is when nothing changes or the definitions have errors */
  text: string
  changed: boolean
  changes: Change[]
  leftovers: Leftover[]
  written: boolean
}

export async function updateImplementationFile(request: UpdateRequest): Promise<ImplementationUpdate> {
  const file = resolve(request.file)
  if (!existsSync(file)) throw new ImplementationUsageError(`${displayPath(file)} does not exist`)
  const checked = checkWorkspace({ definitionsDir: request.definitionsDir, builtins: request.builtins, cache: request.cache })
  if (hasErrors(checked.diagnostics)) return { diagnostics: checked.diagnostics, text: '', changed: false, changes: [], leftovers: [], written: false }
  const definition = newestDefinition(checked.model, request.kind, request.name)
  if (definition === undefined) throw new ImplementationUsageError(`no ${request.kind} named '${request.name}' in ${displayPath(request.definitionsDir)}`)
  const update = await computeUpdate(file, displayPath(file), definition, checked.model, request.generatedDir, request.prune)
  if (!update.outcome.ok) throw new ImplementationUsageError(update.outcome.reason)
  const changed = update.outcome.text !== update.before
  if (request.write) saveUpdate(update, request.generatedDir)
  const { text, changes, leftovers } = update.outcome
  return { diagnostics: checked.diagnostics, text, changed, changes, leftovers, written: request.write && changed }
}
