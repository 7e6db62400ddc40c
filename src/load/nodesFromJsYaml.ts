// The node tree of a fast-path file, from a second js-yaml read with its `listener`:
// js-yaml calls it when it opens and closes each node, with the offset it has reached.
// That is about a tenth of the cost of a yaml document with positions, and only files a
// diagnostic points into are read again. Where the events do not line up with the value
// (a construct this reading does not know), it returns null and the caller builds the
// tree from yaml instead; test/load/sourceNodes.test.ts checks the two trees agree.
import type { LoadOptions } from 'js-yaml'
import type { MappingEntry, SourceNode } from '../source/sourceNodes.js'
import { jsYamlLibrary } from './yamlLibrary.js'

interface Frame {
  /** where js-yaml was when it opened the node: before any whitespace it skips */
  open: number
  close: number
  kind: string | null
  result: unknown
  children: Frame[]
}

interface ListenerState {
  position: number
  kind: string | null
  result: unknown
}

/** A tag (`!!str`) makes js-yaml try and roll back readings, which the events would show twice. */
const TAG = /(^|[\s[\]{},:-])!/m

function isSpace(code: number): boolean {
  return code === 32 || code === 9
}

/** From where js-yaml opened a node to where its content starts: past spaces, line breaks and comments. */
function contentStart(text: string, at: number): number {
  let i = at
  for (;;) {
    const code = text.charCodeAt(i)
    if (isSpace(code) || code === 10 || code === 13) i++
    else if (code === 35 /* # */) {
      while (i < text.length && text.charCodeAt(i) !== 10) i++
    } else return i
  }
}

/** Past spaces only: an empty value is where a value would start on its line. */
function pastSpaces(text: string, at: number): number {
  let i = at
  while (isSpace(text.charCodeAt(i))) i++
  return i
}

/** Back over trailing whitespace: a plain scalar's content ends where its last word does. */
function trimmedEnd(text: string, start: number, end: number): number {
  let i = end
  // YAML's white space and line breaks only: a no-break space is content to yaml
  for (let code = text.charCodeAt(i - 1); i > start && (isSpace(code) || code === 10 || code === 13); code = text.charCodeAt(i - 1)) i--
  return i
}

/** A node js-yaml wrapped: a value it first read as a possible key, then kept as it was. */
function unwrap(frame: Frame): Frame {
  let current = frame
  for (let only = current.children[0]; current.children.length === 1 && only && only.result === current.result; only = current.children[0]) current = only
  return current
}

class Mismatch extends Error {}

function blockScalarEnd(text: string, start: number, close: number): number {
  // yaml ends a block scalar after the line break of its last line with content, or
  // with keep chomping (`|+`) after its last line break (or at the end of the text)
  const header = text.slice(start, text.indexOf('\n', start) >>> 0)
  if (/^[|>][1-9]?\+/.test(header)) return close === text.length && !text.endsWith('\n') ? close : text.lastIndexOf('\n', close - 1) + 1 || close
  // with no line of content, yaml ends it after its header's line break and at most one
  // blank line (however many follow); at the end of the text, not after one with no more
  // spaces than the header's line has
  const headerEnd = start + header.length
  if (headerEnd >= close || trimmedEnd(text, headerEnd, close) === headerEnd) {
    const next = Math.min(headerEnd + 1, text.length)
    const nextEnd = text.indexOf('\n', next) < 0 ? text.length : text.indexOf('\n', next)
    const spaces = /^( *)\r?$/.exec(text.slice(next, nextEnd))?.[1]?.length
    const headerLine = text.lastIndexOf('\n', start - 1) + 1
    const headerIndent = pastSpaces(text, headerLine) - headerLine
    if (spaces === undefined || (nextEnd === text.length && spaces > 0 && spaces <= headerIndent)) return next
    return Math.min(nextEnd + 1, text.length)
  }
  const lastContent = trimmedEnd(text, start, close)
  const lineBreak = text.indexOf('\n', lastContent)
  return lineBreak < 0 || lineBreak >= close ? close : lineBreak + 1
}

function toNode(text: string, raw: Frame): SourceNode {
  const frame = unwrap(raw)
  if (frame.kind === null) {
    const at = pastSpaces(text, frame.open)
    return { kind: 'scalar', start: at, end: at }
  }
  const start = contentStart(text, frame.open)
  if (frame.kind === 'mapping') return mapping(text, frame, start)
  if (frame.kind === 'sequence') {
    const value = frame.result
    if (!Array.isArray(value) || value.length !== frame.children.length) throw new Mismatch()
    const items = frame.children.map((child, i) => {
      const node = toNode(text, child)
      if (typeof value[i] === 'object' && value[i] !== null && unwrap(child).result !== value[i]) throw new Mismatch()
      return node
    })
    return { kind: 'sequence', start, end: frame.close, items }
  }
  const first = text.charCodeAt(start)
  const end = first === 124 /* | */ || first === 62 /* > */ ? blockScalarEnd(text, start, frame.close) : trimmedEnd(text, start, frame.close)
  return { kind: 'scalar', start, end }
}

function mapping(text: string, frame: Frame, start: number): SourceNode {
  const value = frame.result
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Mismatch()
  const entries = new Map<string, MappingEntry>()
  const children = frame.children
  for (let i = 0; i < children.length; ) {
    const keyFrame = unwrap(children[i++] as Frame)
    if (keyFrame.kind !== 'scalar') throw new Mismatch()
    const keyStart = contentStart(text, keyFrame.open)
    const keyEnd = trimmedEnd(text, keyStart, keyFrame.close)
    const hasValue = text.charCodeAt(pastSpaces(text, keyFrame.close)) === 58 /* : */
    const valueFrame = hasValue ? children[i++] : undefined
    if (hasValue && !valueFrame) throw new Mismatch()
    const name = String(keyFrame.result)
    if (entries.has(name) || !Object.hasOwn(value, name)) throw new Mismatch()
    const key = { start: keyStart, end: keyEnd }
    entries.set(name, { key, value: valueFrame ? toNode(text, valueFrame) : { kind: 'scalar', ...key } })
  }
  if (entries.size !== Object.keys(value).length) throw new Mismatch()
  return { kind: 'mapping', start, end: frame.close, entries }
}

/** The tree of a text the fast path accepted, or null where the events cannot be trusted. */
export function nodesFromJsYaml(text: string): SourceNode | null {
  // js-yaml drops a leading byte-order mark before it counts offsets (the loader drops it
  // before parsing; this keeps any other caller right)
  if (TAG.test(text) || text.charCodeAt(0) === 0xfeff) return null
  const stack: Frame[] = []
  let root: Frame | null = null
  const listener = (event: 'open' | 'close', state: ListenerState): void => {
    if (event === 'open') {
      stack.push({ open: state.position, close: state.position, kind: null, result: null, children: [] })
      return
    }
    const frame = stack.pop()
    if (!frame) throw new Mismatch()
    // js-yaml appends a line break to a text that does not end with one: its offsets may pass the end by one
    frame.close = Math.min(state.position, text.length)
    frame.kind = state.kind
    frame.result = state.result
    const parent = stack[stack.length - 1]
    if (parent) parent.children.push(frame)
    else root = frame
  }
  try {
    const jsYaml = jsYamlLibrary()
    jsYaml.load(text, { schema: jsYaml.CORE_SCHEMA, listener } as LoadOptions)
    return root ? toNode(text, root) : null
  } catch {
    return null
  }
}
