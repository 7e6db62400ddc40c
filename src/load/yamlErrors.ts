// Where yaml's errors belong: the node ranges diagnostics point at, the quote that opened
// an unclosed scalar, the alias whose anchor is not set, and past a line's indentation.

import type { Document, Node } from 'yaml'
import type { SourceFile } from '../source/sourceFile.js'
import type { SourceRange } from '../source/sourceRange.js'
import { yamlLibrary } from './yamlLibrary.js'

/** A yaml node's place in its file, or null for a node yaml made up. */
export function nodeRange(file: SourceFile, node: Node): SourceRange | null {
  return node.range ? { file, start: node.range[0], end: node.range[1] } : null
}

/**
 * Where the quoted scalar that yaml reports unclosed (MISSING_CHAR at the end of its text,
 * the code it shares with other missing characters) opens, or -1 when the error is another.
 */
export function unclosedQuoteStart(document: Document.Parsed, errorAt: number): number {
  const { visit, isScalar, Scalar } = yamlLibrary()
  let start = -1
  visit(document, (_key, node) => {
    if (!isScalar(node) || !node.range || node.range[1] !== errorAt) return undefined
    if (node.type !== Scalar.QUOTE_DOUBLE && node.type !== Scalar.QUOTE_SINGLE) return undefined
    start = node.range[0]
    return visit.BREAK
  })
  return start
}

/**
 * The first alias, in reading order, whose anchor is not set before it (as yaml resolves
 * an alias: to the last node before it with that anchor). One pass, with the anchors seen.
 */
export function unresolvedAlias(document: Document.Parsed): { name: string; range: Node['range'] } | null {
  const { visit, isAlias, isNode } = yamlLibrary()
  const anchors = new Set<string>()
  let found: { name: string; range: Node['range'] } | null = null
  visit(document, (_key, node) => {
    if (isAlias(node)) {
      if (anchors.has(node.source)) return undefined
      found = { name: node.source, range: node.range }
      return visit.BREAK
    }
    if (isNode(node) && node.anchor) anchors.add(node.anchor)
    return undefined
  })
  return found
}

/** yaml places indentation errors on the first space of the line; point at what follows instead. */
export function skipIndentation(text: string, [start, end]: [number, number]): [number, number] {
  let at = start
  while (text[at] === ' ') at++
  return at > start && at < text.length && text[at] !== '\n' && text[at] !== '\r' ? [at, Math.max(end, at + 1)] : [start, Math.max(end, start)]
}
