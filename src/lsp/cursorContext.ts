// Where the cursor is in a definition being typed, read from the text's indentation (the
// file may not parse while it is typed): the path of keys above it, and whether it is
// writing a key or the value of one (in block style, or inside one flow mapping `{ a: b }`).
import { present } from '../jsonSchema/invariant.js'
import { withLineFeeds } from '../source/sourceFile.js'

export interface CursorContext {
  /** the keys from the root down to the mapping the cursor is in */
  path: string[]
  /** writing a key of that mapping, or the value of `key` */
  writing: { what: 'key' } | { what: 'value'; key: string }
  /** what is typed so far of the key or value */
  typed: string
}

const KEY_LINE = /^(\s*)(?:- +)?("[^"]*"|'[^']*'|[^\s#:'"{}[\],][^#:{}[\],]*?)\s*:(?:\s|$)/

function unquote(key: string): string {
  return key.startsWith('"') || key.startsWith("'") ? key.slice(1, -1) : key
}

function indentOf(line: string): number {
  const match = /^(\s*)(- +)?/.exec(line)
  return (match?.[1]?.length ?? 0) + (match?.[2]?.length ?? 0)
}

/** The keys of the block mappings enclosing a line, read from the lines above it. */
function parents(lines: readonly string[], lineIndex: number, indent: number): string[] {
  const path: string[] = []
  let limit = indent
  for (let i = lineIndex - 1; i >= 0 && limit > 0; i--) {
    const line = present(lines[i], 'a line above the cursor')
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue
    const match = KEY_LINE.exec(line)
    const at = indentOf(line)
    if (match && at < limit) {
      path.unshift(unquote(present(match[2], 'KEY_LINE always matches a key').trim()))
      limit = present(match[1], 'KEY_LINE always matches an indent').length
    } else if (!match && at < limit) {
      limit = at
    }
  }
  return path
}

export function cursorContext(written: string, offset: number): CursorContext {
  // a lone \r ends a line (an old Mac file), as \n does
  const text = withLineFeeds(written)
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1
  const before = text.slice(lineStart, offset)
  const lines = text.slice(0, lineStart).split('\n')
  const lineIndex = lines.length - 1
  const own = KEY_LINE.exec(before)
  const indent = own ? present(own[1], 'KEY_LINE always matches an indent').length : indentOf(before)
  const path = parents(lines, lineIndex, indent)
  if (!own) return { path, writing: { what: 'key' }, typed: before.trim().replace(/^- +/, '') }
  const key = unquote(present(own[2], 'KEY_LINE always matches a key').trim())
  const rest = before.slice(own[0].length)
  const open = rest.lastIndexOf('{')
  if (open >= 0 && rest.indexOf('}', open) < 0) {
    // inside a flow mapping: the last `k: v` or `k` after `{` or `,`
    const inner = rest.slice(open + 1)
    const piece = inner.slice(inner.lastIndexOf(',') + 1)
    const colon = piece.indexOf(':')
    const flowPath = [...path, key]
    if (colon < 0) return { path: flowPath, writing: { what: 'key' }, typed: piece.trim() }
    return { path: flowPath, writing: { what: 'value', key: unquote(piece.slice(0, colon).trim()) }, typed: piece.slice(colon + 1).trim() }
  }
  return { path, writing: { what: 'value', key }, typed: rest.trim() }
}
