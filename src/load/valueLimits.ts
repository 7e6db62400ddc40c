// What a definition's value may not be, measured without recursion (a value that breaks
// these limits is not loaded, so every later pass may recurse safely): nested deeper than
// the load limit (BW1011), or holding numbers JSON cannot hold (BW1012).
import { escapePointerSegment } from '../jsonSchema/pointer.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { SourceRange } from '../source/sourceRange.js'
import { loadLimits } from './limits.js'

/**
 * Where a parser's stack ran out, as a place that does not depend on the stack's size: the
 * bracket that opens more flow collections than the depth limit, or the file's start.
 * Quotes are skipped roughly (a quote inside a plain scalar may hide a bracket): it only
 * places the diagnostic.
 */
export function tooManyBrackets(file: SourceFile): SourceRange {
  const text = file.text
  let depth = 0
  let quote = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (quote !== 0) {
      if (c === quote || c === 10) quote = 0
    } else if (c === 34 || c === 39) quote = c
    else if (c === 91 || c === 123) {
      if (++depth > loadLimits.maxDepth) return { file, start: i, end: i + 1 }
    } else if (c === 93 || c === 125) depth = Math.max(0, depth - 1)
  }
  return { file, start: 0, end: 0 }
}

/**
 * Every number JSON as JavaScript reads it may not hold as written, with its pointer;
 * iterative: NaN and ±Infinity, and each integer beyond 2^53 - 1, which may be one a
 * double rounds (`9007199254740993` read as 9007199254740992; the careful path looks at
 * how it is written: inexactInteger).
 */
export function nonFiniteNumbers(root: object): { pointer: string; value: number }[] {
  const found: { pointer: string; value: number }[] = []
  const stack: { node: unknown; pointer: string }[] = [{ node: root, pointer: '' }]
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { node, pointer } = next
    if (typeof node === 'number') {
      if (!Number.isFinite(node) || (Number.isInteger(node) && !Number.isSafeInteger(node))) found.push({ pointer, value: node })
    } else if (node !== null && typeof node === 'object') {
      const record = node as Record<string, unknown>
      for (const key of Object.keys(record)) stack.push({ node: record[key], pointer: `${pointer}/${escapePointerSegment(key)}` })
    }
  }
  return found.sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0))
}

/** An integer literal as YAML's core schema writes one: decimal, `0x` or `0o`. */
const INTEGER_LITERAL = /^[-+]?(?:[0-9]+|0x[0-9a-fA-F]+|0o[0-7]+)$/

/**
 * Whether `written`, the text of a number read as `value`, is an integer literal the double
 * `value` does not hold exactly (`9007199254740993`, `0x20000000000001`). A number written
 * with a fraction or an exponent (`1e25`) is read as the nearest double, as its writer expects.
 */
export function inexactInteger(written: string, value: number): boolean {
  if (!Number.isInteger(value) || !INTEGER_LITERAL.test(written)) return false
  // BigInt reads `0x` and `0o` itself, but no sign before them
  const exact = BigInt(written.replace(/^[-+]/, ''))
  return (written.startsWith('-') ? -exact : exact) !== BigInt(value)
}

interface Level {
  node: object
  depth: number
  parent: Level | null
  key: string
}

/** The JSON pointer of the first list or mapping below `max` levels, or null; iterative, whatever the depth. */
export function firstTooDeep(root: object, max: number): string | null {
  const stack: Level[] = [{ node: root, depth: 1, parent: null, key: '' }]
  for (let level = stack.pop(); level; level = stack.pop()) {
    if (level.depth > max) {
      const keys: string[] = []
      for (let at: Level | null = level; at?.parent; at = at.parent) keys.push(escapePointerSegment(at.key))
      return keys.length === 0 ? '' : `/${keys.reverse().join('/')}`
    }
    const record = level.node as Record<string, unknown>
    for (const key of Object.keys(record)) {
      const child = record[key]
      if (child !== null && typeof child === 'object') stack.push({ node: child, depth: level.depth + 1, parent: level, key })
    }
  }
  return null
}
