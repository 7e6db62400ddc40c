// The index of an analysis: every place a cross-file name is written, by file (sorted,
// to find the name under the cursor) and by symbol (for definitions, references and
// rename). Built once per analysis, on the first request that needs it, from the model.
import type { CheckedWorkspace } from '../pipeline/checkWorkspace.js'
import type { DefinitionModel, Model } from '../resolve/model.js'
import type { SourceFile } from '../source/sourceFile.js'
import { collectOccurrences, type OccurrenceCache } from './occurrences.js'
import type { NameSymbol, Occurrence } from './symbols.js'

export interface WorkspaceIndex {
  checked: CheckedWorkspace
  model: Model
  /** every loaded file by absolute real path */
  files: Map<string, SourceFile>
  /** the definition each file holds (files with errors that kept it out of the model have none) */
  definitions: Map<string, DefinitionModel>
  symbols: Map<string, NameSymbol>
  occurrencesByFile: Map<string, Occurrence[]>
  occurrencesBySymbol: Map<string, Occurrence[]>
}

/** `cache`: where occurrences of kept definitions are found (occurrences.ts); the server's by default. */
export function buildIndex(checked: CheckedWorkspace, cache?: OccurrenceCache): WorkspaceIndex {
  const files = new Map<string, SourceFile>()
  const definitions = new Map<string, DefinitionModel>()
  for (const definition of checked.model.definitions.values()) {
    files.set(definition.file.absolutePath, definition.file)
    definitions.set(definition.file.absolutePath, definition)
  }
  for (const d of checked.diagnostics) if (d.range) files.set(d.range.file.absolutePath, d.range.file)
  const symbols = new Map<string, NameSymbol>()
  const occurrencesByFile = new Map<string, Occurrence[]>()
  const occurrencesBySymbol = new Map<string, Occurrence[]>()
  for (const occurrence of collectOccurrences(checked.model, cache)) {
    symbols.set(occurrence.symbol.id, occurrence.symbol)
    push(occurrencesByFile, occurrence.path, occurrence)
    push(occurrencesBySymbol, occurrence.symbol.id, occurrence)
  }
  for (const list of occurrencesByFile.values()) list.sort((a, b) => a.start - b.start)
  return { checked, model: checked.model, files, definitions, symbols, occurrencesByFile, occurrencesBySymbol }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

/** The name under an offset of a file (the cursor just after a name counts too). */
export function occurrenceAt(index: WorkspaceIndex, path: string, offset: number): Occurrence | null {
  const list = index.occurrencesByFile.get(path) ?? []
  let low = 0
  let high = list.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const o = list[middle] as Occurrence
    if (offset < o.start) high = middle - 1
    else if (offset > o.end) low = middle + 1
    else return o
  }
  return null
}

export function declarationsOf(index: WorkspaceIndex, symbolId: string): Occurrence[] {
  return (index.occurrencesBySymbol.get(symbolId) ?? []).filter((o) => o.declaration)
}
