// Rename of an entity, action, event, channel, named schema, configuration or alias in every
// file that writes it, as one workspace edit. Refused, with a message, where the new name
// is not a name, is taken, lies in a built-in file, or where the renamed workspace would
// have an error it did not have before (a reference the rename would break).
import type { Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver'
import type { Diagnostic } from '../diagnostics/diagnostic.js'
import type { CheckedWorkspace } from './analysis.js'
import { languageServer } from './languageServer.js'
import { lineMapOf } from './positions.js'
import { type Occurrence, type SymbolKind, symbolId } from './symbols.js'
import { uriOf } from './uris.js'
import { occurrenceAt, type WorkspaceIndex } from './workspaceIndex.js'

const { LSPErrorCodes, ResponseError } = languageServer

const RENAMABLE: ReadonlySet<SymbolKind> = new Set([
  'entity',
  'action',
  'event',
  'channel',
  'defs',
  'configuration',
  'interfaceAlias',
  'pluginLocal',
  'integrationAlias',
  'pluginAlias',
])
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/
const DEFINITION_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/
const ALIASES: ReadonlySet<SymbolKind> = new Set(['interfaceAlias', 'pluginLocal', 'integrationAlias', 'pluginAlias'])

function refuse(message: string): never {
  throw new ResponseError(LSPErrorCodes.RequestFailed, message)
}

/** The name under the cursor, if it can be renamed. */
export function renamableAt(index: WorkspaceIndex, path: string, offset: number): { occurrence: Occurrence; range: Range } | null {
  const occurrence = occurrenceAt(index, path, offset)
  const file = index.files.get(path)
  if (!occurrence || !file || !RENAMABLE.has(occurrence.symbol.kind)) return null
  return { occurrence, range: lineMapOf(file).range(occurrence.start, occurrence.end) }
}

function errorsOf(checked: CheckedWorkspace): Set<string> {
  return new Set(checked.diagnostics.filter((d) => d.severity === 'error').map(signature))
}

function signature(d: Diagnostic): string {
  return `${d.code} ${d.range?.file.absolutePath ?? ''} ${d.message}`
}

/**
 * The workspace edit that renames the symbol under the cursor. `analyzeWith` analyses the
 * workspace with the renamed texts, to find what the rename would break.
 */
export function renameAt(
  index: WorkspaceIndex,
  path: string,
  offset: number,
  newName: string,
  analyzeWith: (overlay: ReadonlyMap<string, string>) => CheckedWorkspace,
  currentTexts: ReadonlyMap<string, string>,
): WorkspaceEdit {
  const found = renamableAt(index, path, offset)
  if (!found) refuse('botwire: there is no entity, member or alias to rename here')
  const { symbol } = found.occurrence
  if (newName === symbol.name) return { changes: {} }
  const valid = IDENTIFIER.test(newName) || (ALIASES.has(symbol.kind) && DEFINITION_NAME.test(newName))
  if (!valid || newName === '__proto__') {
    refuse(
      `botwire: '${newName}' is not a valid ${ALIASES.has(symbol.kind) ? 'alias (an identifier or a definition name)' : 'name (an identifier: letters, digits and _)'}`,
    )
  }
  if (index.symbols.has(symbolId(symbol.kind, symbol.owner, newName))) {
    refuse(`botwire: ${symbol.owner} already has the ${symbol.kind} '${newName}'; renaming '${symbol.name}' to it would merge the two`)
  }
  const occurrences = index.occurrencesBySymbol.get(symbol.id) ?? []
  const builtin = occurrences.find((o) => index.files.get(o.path)?.builtin)
  if (builtin) refuse(`botwire: '${symbol.name}' is declared in a built-in interface of botwire, which cannot be edited`)
  const byFile = new Map<string, Occurrence[]>()
  for (const o of occurrences) byFile.set(o.path, [...(byFile.get(o.path) ?? []), o])
  // the renamed texts, checked before the edit is offered
  const overlay = new Map(currentTexts)
  const changes: Record<string, TextEdit[]> = {}
  for (const [file, list] of byFile) {
    const source = index.files.get(file)
    if (!source) continue
    const sorted = [...list].sort((a, b) => b.start - a.start)
    let text = source.text
    for (const o of sorted) text = text.slice(0, o.start) + newName + text.slice(o.end)
    overlay.set(file, text)
    const lines = lineMapOf(source)
    changes[uriOf(file)] = list.map((o) => ({ range: lines.range(o.start, o.end), newText: newName }))
  }
  const before = errorsOf(index.checked)
  const after = analyzeWith(overlay)
  const broken = after.diagnostics.find((d) => d.severity === 'error' && !before.has(signature(d)))
  if (broken) {
    const where = broken.range ? `${broken.range.file.displayPath}:${lineMapOf(broken.range.file).position(broken.range.start).line + 1}` : 'the workspace'
    refuse(`botwire: renaming '${symbol.name}' to '${newName}' would break a reference: ${where}: ${broken.code} ${broken.message}`)
  }
  return { changes }
}
