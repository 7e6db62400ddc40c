// Maps a JSON pointer into a definition back to its YAML node, so that any pass can
// point a diagnostic at the exact key or value. The only place besides parsing that
// knows yaml's node types.
import { isAlias, isMap, isScalar, isSeq, type Node, type Pair, type YAMLMap } from 'yaml'
import type { SourceRange } from '../diagnostics/diagnostic.js'
import type { SourceFile } from './sourceFile.js'

export function nodeRange(file: SourceFile, node: Node): SourceRange | null {
  const range = node.range
  if (!range) return null
  return { file, start: range[0], end: range[1] }
}

export function parsePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return []
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
}

function escapeSegment(segment: string | number): string {
  const text = String(segment)
  return text.includes('~') || text.includes('/') ? text.replace(/~/g, '~0').replace(/\//g, '~1') : text
}

export function formatPointer(segments: readonly (string | number)[]): string {
  let pointer = ''
  for (const segment of segments) pointer += `/${escapeSegment(segment)}`
  return pointer
}

interface Step {
  key: Node | null
  value: Node | null
}

function resolveAlias(file: SourceFile, node: unknown): Node | null {
  if (isAlias(node) && file.document) return (node.resolve(file.document) as Node | undefined) ?? null
  return (node as Node | null) ?? null
}

function scalarKey(node: unknown): string | undefined {
  return isScalar(node) ? String(node.value) : undefined
}

/** Each mapping's entries by key, built on first use: a file with thousands of keys stays linear to locate in. */
const entriesByKey = new WeakMap<YAMLMap, Map<string, Pair>>()

function pairOf(map: YAMLMap, key: string): Pair | undefined {
  let entries = entriesByKey.get(map)
  if (!entries) {
    entries = new Map()
    for (const pair of map.items) {
      const name = scalarKey(pair.key)
      if (name !== undefined && !entries.has(name)) entries.set(name, pair as Pair)
    }
    entriesByKey.set(map, entries)
  }
  return entries.get(key)
}

/** Walks as far as the pointer leads; returns the steps taken (the last one may be partial). */
function walk(file: SourceFile, pointer: string): { steps: Step[]; complete: boolean } {
  const root = file.document?.contents ?? null
  const steps: Step[] = [{ key: null, value: root as Node | null }]
  let current: Node | null = root as Node | null
  for (const segment of parsePointer(pointer)) {
    current = resolveAlias(file, current)
    if (isMap(current)) {
      const pair = pairOf(current, segment)
      if (!pair) return { steps, complete: false }
      current = resolveAlias(file, pair.value)
      steps.push({ key: pair.key as Node, value: current })
    } else if (isSeq(current)) {
      const index = Number(segment)
      const item = Number.isInteger(index) ? current.items[index] : undefined
      if (item === undefined) return { steps, complete: false }
      current = resolveAlias(file, item)
      steps.push({ key: null, value: current })
    } else {
      return { steps, complete: false }
    }
  }
  return { steps, complete: true }
}

function fallback(file: SourceFile): SourceRange {
  return { file, start: 0, end: 0 }
}

/**
 * The range that best shows the node at `pointer`: a scalar's value, or for a mapping
 * or list the key that introduces it (a whole block would be an unreadable frame).
 * When the pointer does not exist, the deepest node that does.
 */
export function locate(file: SourceFile, pointer: string): SourceRange {
  const { steps } = walk(file, pointer)
  const last = steps[steps.length - 1]
  if (!last) return fallback(file)
  const { key, value } = last
  if (value && (isScalar(value) || (!key && !isMap(value) && !isSeq(value)))) return nodeRange(file, value) ?? fallback(file)
  if (key) return nodeRange(file, key) ?? fallback(file)
  if (value && (isMap(value) || isSeq(value))) {
    // a list item or the root: its first line
    const range = nodeRange(file, value)
    if (!range) return fallback(file)
    const lineEnd = file.text.indexOf('\n', range.start)
    return { file, start: range.start, end: lineEnd < 0 || lineEnd > range.end ? range.end : lineEnd }
  }
  return fallback(file)
}

/** The key of the mapping entry at `pointer` (for an unknown or misspelt key). */
export function locateKey(file: SourceFile, pointer: string): SourceRange {
  const { steps, complete } = walk(file, pointer)
  const last = steps[steps.length - 1]
  if (complete && last?.key) return nodeRange(file, last.key) ?? fallback(file)
  return locate(file, pointer)
}

/** Whether the pointer names a node that exists in the file. */
export function pointerExists(file: SourceFile, pointer: string): boolean {
  return walk(file, pointer).complete
}
