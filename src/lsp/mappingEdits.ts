// Text edits that add an entry to a YAML mapping, in the style the mapping is written in:
// a line at the indentation of its entries (block), or `, key: value` before its `}` (flow).

import { present } from '../jsonSchema/invariant.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { SourceNode } from '../source/sourceNodes.js'
import { entryAt } from './sourceNames.js'

export interface TextInsert {
  offset: number
  text: string
}

/** An entry as text in either style: `indent` is the indentation of the entry's own line, for block style. */
export type EntryText = (style: { flow: true } | { flow: false; indent: string }) => string

function columnOf(text: string, offset: number): number {
  return offset - (text.lastIndexOf('\n', offset - 1) + 1)
}

/** The end of the line the last non-blank character of a span is on. */
function endOfContent(text: string, start: number, end: number): number {
  let last = end
  while (last > start && /\s/.test(present(text[last - 1], 'a character of the span'))) last--
  const newline = text.indexOf('\n', last)
  return newline < 0 ? text.length : newline
}

function mappingNode(file: SourceFile, path: readonly string[]): SourceNode | null {
  return path.length === 0 ? file.nodes : (entryAt(file, path)?.value ?? null)
}

/**
 * Adds an entry to the mapping at `path`. The mapping must exist (null otherwise); an
 * empty value (`key:` with nothing after it) becomes a block mapping below its key.
 */
export function insertEntry(file: SourceFile, path: readonly string[], entry: EntryText): TextInsert | null {
  const node = mappingNode(file, path)
  const text = file.text
  if (node?.kind === 'mapping') {
    const last = [...node.entries.values()].pop()
    if (text[node.start] === '{') {
      const close = text.lastIndexOf('}', node.end)
      return { offset: close, text: last ? `, ${entry({ flow: true })} ` : ` ${entry({ flow: true })} ` }
    }
    const first = [...node.entries.values()][0]
    if (!first || !last) return null
    const indent = ' '.repeat(columnOf(text, first.key.start))
    return { offset: endOfContent(text, node.start, Math.max(last.value.end, last.key.end)), text: `\n${indent}${entry({ flow: false, indent })}` }
  }
  // `key:` with no value yet: a block mapping under the key
  const holder = path.length > 0 ? entryAt(file, path) : null
  if (holder && node?.kind === 'scalar' && node.start === node.end) {
    const indent = ' '.repeat(columnOf(text, holder.key.start) + 2)
    return { offset: endOfContent(text, holder.key.start, holder.key.end + 1), text: `\n${indent}${entry({ flow: false, indent })}` }
  }
  return null
}
