// Go to definition and find references: the symbol under the cursor, its declarations
// and every place it is written.
import type { Location } from 'vscode-languageserver'
import { lineMapOf } from './positions.js'
import type { Occurrence } from './symbols.js'
import { uriOf } from './uris.js'
import { declarationsOf, occurrenceAt, type WorkspaceIndex } from './workspaceIndex.js'

export function locationOf(index: WorkspaceIndex, occurrence: Occurrence): Location | null {
  const file = index.files.get(occurrence.path)
  if (!file) return null
  return { uri: uriOf(occurrence.path), range: lineMapOf(file).range(occurrence.start, occurrence.end) }
}

export function definitionAt(index: WorkspaceIndex, path: string, offset: number): Location[] {
  const at = occurrenceAt(index, path, offset)
  if (!at) return []
  return declarationsOf(index, at.symbol.id).flatMap((o) => locationOf(index, o) ?? [])
}

export function referencesAt(index: WorkspaceIndex, path: string, offset: number, includeDeclaration: boolean): Location[] {
  const at = occurrenceAt(index, path, offset)
  if (!at) return []
  return (index.occurrencesBySymbol.get(at.symbol.id) ?? []).filter((o) => includeDeclaration || !o.declaration).flatMap((o) => locationOf(index, o) ?? [])
}
