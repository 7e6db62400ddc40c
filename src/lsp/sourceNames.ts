// Where names are written in a definition file: the key or the value of a node reached by
// a path, as the span of the name itself (inside quotes, if it is quoted).
import { parsePointer } from '../jsonSchema/pointer.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { MappingEntry, SourceNode, Span } from '../source/sourceNodes.js'

/** The mapping entry a path leads to (its last segment is the key), or null. */
export function entryAt(file: SourceFile, path: readonly string[]): MappingEntry | null {
  let node: SourceNode | null = file.nodes
  let entry: MappingEntry | null = null
  for (const segment of path) {
    if (node?.kind !== 'mapping') return null
    entry = node.entries.get(segment) ?? null
    if (!entry) return null
    node = entry.value
  }
  return entry
}

export function entryAtPointer(file: SourceFile, pointer: string): MappingEntry | null {
  return entryAt(file, parsePointer(pointer))
}

/** A scalar's span without its quotes. */
export function unquoted(file: SourceFile, span: Span): Span {
  const first = file.text[span.start]
  if ((first === '"' || first === "'") && span.end - span.start >= 2 && file.text[span.end - 1] === first) {
    return { start: span.start + 1, end: span.end - 1 }
  }
  return span
}

/** The span of a mapping key's name. */
export function keySpan(file: SourceFile, path: readonly string[]): Span | null {
  const entry = entryAt(file, path)
  return entry ? unquoted(file, entry.key) : null
}

/** The span of a scalar value's text. */
export function valueSpan(file: SourceFile, path: readonly string[]): Span | null {
  const entry = entryAt(file, path)
  if (entry?.value.kind !== 'scalar') return null
  return unquoted(file, entry.value)
}

/** The keys of the mapping a path leads to (the root for []), in file order. */
export function mappingKeys(file: SourceFile, path: readonly string[]): string[] {
  const node = path.length === 0 ? file.nodes : (entryAt(file, path)?.value ?? null)
  return node?.kind === 'mapping' ? [...node.entries.keys()] : []
}
