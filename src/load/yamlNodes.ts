// Maps a JSON pointer into a definition back to its YAML node, so that any pass can
// point a diagnostic at the exact key or value. Works on the file's node tree
// (src/source/sourceNodes.ts), whichever parser read the file.
import { parsePointer } from '../jsonSchema/pointer.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { MergeSite, SourceNode, Span } from '../source/sourceNodes.js'
import type { SourceRange } from '../source/sourceRange.js'

interface Step {
  key: Span | null
  value: SourceNode | null
}

interface Walked {
  steps: Step[]
  complete: boolean
  /** the first merge key the walk went through: where the node is used (see docs/definitions.md#merge-keys) */
  merged: MergeSite | null
}

/** Walks as far as the pointer leads; returns the steps taken (the last one may be partial). */
function walk(file: SourceFile, pointer: string): Walked {
  let current = file.nodes
  const steps: Step[] = [{ key: null, value: current }]
  let merged: MergeSite | null = null
  for (const segment of parsePointer(pointer)) {
    if (current?.kind === 'mapping') {
      const entry = current.entries.get(segment)
      if (!entry) return { steps, complete: false, merged }
      merged ??= entry.merged ?? null
      current = entry.value
      steps.push({ key: entry.key, value: current })
    } else if (current?.kind === 'sequence') {
      const index = Number(segment)
      const item = Number.isInteger(index) ? current.items[index] : undefined
      if (item === undefined) return { steps, complete: false, merged }
      current = item
      steps.push({ key: null, value: current })
    } else {
      return { steps, complete: false, merged }
    }
  }
  return { steps, complete: true, merged }
}

/** The range of a node reached through a merge key: the alias that merged it, with the node as `anchored`. */
function atMergeSite(file: SourceFile, merged: MergeSite | null, found: SourceRange): SourceRange {
  return merged ? { file, start: merged.start, end: merged.end, anchored: { anchor: merged.anchor, range: found } } : found
}

function range(file: SourceFile, span: Span): SourceRange {
  return { file, start: span.start, end: span.end }
}

/**
 * The range that best shows the node at `pointer`: a scalar's value, or for a mapping
 * or list the key that introduces it (a whole block would be an unreadable frame).
 * When the pointer does not exist, the deepest node that does.
 */
export function locate(file: SourceFile, pointer: string): SourceRange {
  const { steps, merged } = walk(file, pointer)
  return atMergeSite(file, merged, locateStep(file, steps))
}

function locateStep(file: SourceFile, steps: Step[]): SourceRange {
  const last = steps[steps.length - 1]
  const value = last?.value ?? null
  if (value?.kind === 'scalar') return range(file, value)
  if (last?.key) return range(file, last.key)
  if (value) {
    // a list item or the root: its first line
    const lineEnd = file.text.indexOf('\n', value.start)
    return { file, start: value.start, end: lineEnd < 0 || lineEnd > value.end ? value.end : lineEnd }
  }
  return { file, start: 0, end: 0 }
}

/** The key of the mapping entry at `pointer` (for an unknown or misspelt key). */
export function locateKey(file: SourceFile, pointer: string): SourceRange {
  const { steps, complete, merged } = walk(file, pointer)
  const last = steps[steps.length - 1]
  return atMergeSite(file, merged, complete && last?.key ? range(file, last.key) : locateStep(file, steps))
}

/** Whether the pointer names a node that exists in the file. */
export function pointerExists(file: SourceFile, pointer: string): boolean {
  return walk(file, pointer).complete
}
