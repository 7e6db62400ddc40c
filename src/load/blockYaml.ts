// The first reader a definition file meets: a small reader for the block-style YAML that
// definitions are written in (block mappings and lists, plain and quoted scalars, one-line
// flow collections, literal and folded block scalars, comments). It is about twice as
// fast as js-yaml, and the value it gives is always the one yaml and js-yaml give:
// anything outside that subset (anchors, tags, multi-line plain or quoted scalars,
// numbers other than plain decimals, tabs, CRLF, a syntax error, a duplicate key) makes
// it return null, and the file takes the next path. Asked for, it also gives the node
// tree with positions that diagnostics point into. test/load/blockYaml.test.ts compares
// it with both parsers on the repository's files and on thousands of random and edited
// documents; docs/performance.md says why it exists.
import {
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  DASH,
  DOUBLE_QUOTE,
  foldLines,
  HASH,
  isFlowIndicator,
  NEWLINE,
  OPEN_BRACE,
  OPEN_BRACKET,
  OUTSIDE,
  QUESTION_MARK,
  quotedEnd,
  quotedValue,
  SINGLE_QUOTE,
  SPACE,
  startsOtherToken,
} from './blockYamlScalars.js'
import { resolvePlainScalar, UNDECIDED } from './plainScalar.js'
import { loadLimits } from './limits.js'
import type { MappingEntry, SourceNode } from '../source/sourceNodes.js'

/**
 * Tabs, carriage returns, other line breaks, control characters, surrogates (emoji are
 * left to js-yaml, which checks their pairing) and byte-order marks.
 */
const UNSUPPORTED_CHARACTER = /[\x00-\x09\x0B-\x1F\x7F-\x9F\u2028\u2029\uD800-\uDFFF\uFEFF\uFFFE\uFFFF]/

/** The longest implicit key yaml accepts is 1024 characters; stay well inside it. */
const MAX_KEY_LENGTH = 1000

/** A plain scalar's value; a form the reader does not decide leaves the subset. */
function plainValue(text: string): unknown {
  const value = resolvePlainScalar(text)
  if (value === UNDECIDED) throw OUTSIDE
  return value
}

class BlockReader {
  private readonly text: string
  private readonly length: number
  /** whether to build the node tree as well */
  private readonly withNodes: boolean
  /** where the token just read ends */
  private cursor = 0
  /** start of the next content line (not blank, not a comment), or -1 at the end */
  private line = -1
  /** that line's indentation */
  private indent = 0
  /** the node of the value just read, when building the tree */
  private node: SourceNode | null = null
  /** where the key just read ends, when building the tree */
  private keyEnd = 0
  /** collections open around the one being read: deeper than the load limit leaves the subset */
  private depth = 0

  constructor(text: string, withNodes: boolean) {
    this.text = text
    this.length = text.length
    this.withNodes = withNodes
  }

  document(): { value: Record<string, unknown>; nodes: SourceNode | null } | null {
    this.seekContentLine(0, true)
    if (this.line < 0 || this.indent !== 0) return null
    const value = this.mapping(this.line, 0)
    if (this.line >= 0) throw OUTSIDE
    return { value, nodes: this.node }
  }

  private code(at: number): number {
    return this.text.charCodeAt(at)
  }

  /** Whether `at` is a line end (or the end of the text). */
  private endsLine(at: number): boolean {
    return at >= this.length || this.code(at) === NEWLINE
  }

  /** Whether `at` ends a token that an indicator (`-`, `:`) needs after it. */
  private isSpaceOrLineEnd(at: number): boolean {
    return this.code(at) === SPACE || this.endsLine(at)
  }

  private skipSpaces(at: number): number {
    while (this.code(at) === SPACE) at++
    return at
  }

  private lineEnd(at: number): number {
    const end = this.text.indexOf('\n', at)
    return end < 0 ? this.length : end
  }

  /** Back over the spaces before `end`. */
  private trimmedEnd(start: number, end: number): number {
    while (end > start && this.code(end - 1) === SPACE) end--
    return end
  }

  /**
   * From the line starting at `start`, finds the first content line; sets `line` and
   * `indent`. At the document's start, a `---` line of its own is skipped: many YAML files
   * begin with one. Any other marker or directive leaves the subset.
   */
  private seekContentLine(start: number, atDocumentStart = false): void {
    let at = start
    while (at < this.length) {
      const first = this.skipSpaces(at)
      const code = this.code(first)
      if (first < this.length && code !== NEWLINE && code !== HASH) {
        if (first === at && this.isDocumentMarker(at)) {
          if (!atDocumentStart || !this.isBareDocumentStart(at)) throw OUTSIDE
          atDocumentStart = false
          at = this.lineEnd(at) + 1
          continue
        }
        this.indent = first - at
        this.line = at
        return
      }
      const end = this.text.indexOf('\n', first)
      if (end < 0) break
      at = end + 1
    }
    this.line = -1
    this.indent = 0
  }

  /** `---`, `...` and `%` directives at the start of a line (js-yaml takes `---x` for a marker too). */
  private isDocumentMarker(at: number): boolean {
    return this.code(at) === 37 || this.text.startsWith('---', at) || this.text.startsWith('...', at)
  }

  /** `---` with nothing after it on its line but spaces and a comment. */
  private isBareDocumentStart(at: number): boolean {
    if (!this.text.startsWith('---', at)) return false
    const next = this.skipSpaces(at + 3)
    return this.endsLine(next) || (next > at + 3 && this.code(next) === HASH)
  }

  /** After a token ending at `at`: only spaces, then a comment or the line end. Moves to the next content line. */
  private finishLine(at: number): void {
    const next = this.skipSpaces(at)
    if (!this.endsLine(next) && (this.code(next) !== HASH || next === at)) throw OUTSIDE
    const end = this.text.indexOf('\n', next)
    if (end < 0) {
      this.line = -1
      this.indent = 0
    } else this.seekContentLine(end + 1)
  }

  /** Where a block collection's span ends: at the next content, past the lines it took. */
  private blockEnd(): number {
    return this.line < 0 ? this.length : this.line + this.indent
  }

  private scalarNode(start: number, end: number): void {
    if (this.withNodes) this.node = { kind: 'scalar', start, end }
  }

  private isListEntry(at: number): boolean {
    return this.code(at) === DASH && this.isSpaceOrLineEnd(at + 1)
  }

  private columnOf(at: number): number {
    return at - (this.text.lastIndexOf('\n', at - 1) + 1)
  }

  /** A block node starting at the first token of a content line. */
  private blockNode(at: number, column: number): unknown {
    return this.isListEntry(at) ? this.list(at, column) : this.mapping(at, column)
  }

  /** Enters a collection; a text nested deeper than the load limit is left to the other paths, which report it. */
  private enter(): void {
    if (++this.depth > loadLimits.maxDepth) throw OUTSIDE
  }

  private mapping(at: number, column: number): Record<string, unknown> {
    this.enter()
    const map: Record<string, unknown> = {}
    const entries = this.withNodes ? new Map<string, MappingEntry>() : null
    let keyAt = at
    for (;;) {
      const key = this.key(keyAt)
      if (key === '__proto__' || Object.hasOwn(map, key)) throw OUTSIDE
      const keySpan = entries ? { start: keyAt, end: this.keyEnd } : null
      map[key] = this.valueAfterKey(this.cursor + 1, column)
      if (entries && keySpan && this.node) entries.set(key, { key: keySpan, value: this.node })
      if (this.line < 0 || this.indent < column) break
      if (this.indent > column) throw OUTSIDE
      keyAt = this.line + column
      if (this.isListEntry(keyAt)) throw OUTSIDE
    }
    if (entries) this.node = { kind: 'mapping', start: at, end: this.blockEnd(), entries }
    this.depth--
    return map
  }

  /** Reads an implicit key at `at`, leaving `cursor` at its `:` and the key's end. */
  private key(at: number): string {
    const code = this.code(at)
    if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) {
      const end = quotedEnd(this.text, at)
      const colon = end < 0 ? -1 : this.skipSpaces(end)
      if (colon < 0 || this.code(colon) !== COLON || !this.isSpaceOrLineEnd(colon + 1)) throw OUTSIDE
      this.cursor = colon
      if (this.withNodes) this.keyEnd = end
      return quotedValue(this.text, at, end)
    }
    const colon = this.keyColon(at)
    if (colon < 0 || colon - at > MAX_KEY_LENGTH || this.startsPlainBadly(at)) throw OUTSIDE
    const end = this.trimmedEnd(at, colon)
    const text = this.text.slice(at, end)
    if (text.length === 0 || plainValue(text) !== text) throw OUTSIDE
    this.cursor = colon
    if (this.withNodes) this.keyEnd = end
    return text
  }

  private startsPlainBadly(at: number): boolean {
    const code = this.code(at)
    if (startsOtherToken(code)) return true
    return (code === DASH || code === QUESTION_MARK || code === COLON) && this.isSpaceOrLineEnd(at + 1)
  }

  /** The `:` that ends a plain implicit key starting at `at` on its line, or -1. */
  private keyColon(at: number): number {
    const text = this.text
    for (let i = at; i < this.length; i++) {
      const code = text.charCodeAt(i)
      if (code === NEWLINE) return -1
      if (code === COLON && this.isSpaceOrLineEnd(i + 1)) return i
      if (code === HASH && text.charCodeAt(i - 1) === SPACE) return -1
    }
    return -1
  }

  /** Whether a list entry's content at `at` is a mapping (`- key: value`). */
  private startsMapping(at: number): boolean {
    const code = this.code(at)
    if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) {
      const end = quotedEnd(this.text, at)
      if (end < 0) return false
      const colon = this.skipSpaces(end)
      return this.code(colon) === COLON && this.isSpaceOrLineEnd(colon + 1)
    }
    // a flow collection as a key is outside the subset; `- { a: 1 }` is a flow mapping
    return code !== OPEN_BRACKET && code !== OPEN_BRACE && this.keyColon(at) >= 0
  }

  /** The value after `key:` (`at` is just past the colon) of a mapping at `column`. */
  private valueAfterKey(at: number, column: number): unknown {
    const start = this.skipSpaces(at)
    if (this.endsLine(start) || this.code(start) === HASH) {
      this.finishLine(start)
      if (this.line >= 0 && this.indent > column) return this.blockNode(this.line + this.indent, this.indent)
      if (this.line >= 0 && this.indent === column && this.isListEntry(this.line + column)) return this.list(this.line + column, column)
      this.scalarNode(start, start)
      return null
    }
    if (this.isListEntry(start)) throw OUTSIDE
    return this.inlineValue(start, column)
  }

  private list(at: number, column: number): unknown[] {
    this.enter()
    const items: unknown[] = []
    const nodes: SourceNode[] | null = this.withNodes ? [] : null
    let entryAt = at
    for (;;) {
      const start = this.skipSpaces(entryAt + 1)
      if (this.endsLine(start) || this.code(start) === HASH) {
        this.finishLine(start)
        // an entry left empty (null): js-yaml may then take the next, less indented, entries for its own
        if (this.line < 0 || this.indent <= column) throw OUTSIDE
        items.push(this.blockNode(this.line + this.indent, this.indent))
      } else if (this.isListEntry(start)) {
        items.push(this.list(start, this.columnOf(start)))
      } else if (this.startsMapping(start)) {
        items.push(this.mapping(start, this.columnOf(start)))
      } else {
        items.push(this.inlineValue(start, column))
      }
      if (nodes && this.node) nodes.push(this.node)
      if (this.line < 0 || this.indent < column) break
      if (this.indent > column) throw OUTSIDE
      entryAt = this.line + column
      if (!this.isListEntry(entryAt)) break
    }
    if (nodes) this.node = { kind: 'sequence', start: at, end: this.blockEnd(), items: nodes }
    this.depth--
    return items
  }

  /** A value that starts on its key's or list entry's line; `column` is that node's indentation. */
  private inlineValue(at: number, column: number): unknown {
    const code = this.code(at)
    if (code === 124 /* | */ || code === 62 /* > */) return this.blockScalar(at, column)
    if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      const value = this.flowCollection(at)
      this.finishLine(this.cursor)
      return value
    }
    if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) {
      const value = this.quoted(at)
      this.finishLine(this.cursor)
      return value
    }
    if (this.startsPlainBadly(at)) throw OUTSIDE
    return this.blockPlain(at)
  }

  /** A one-line plain scalar in block context. */
  private blockPlain(at: number): unknown {
    const text = this.text
    let end = at
    for (; end < this.length; end++) {
      const code = text.charCodeAt(end)
      if (code === NEWLINE) break
      if (code === COLON && this.isSpaceOrLineEnd(end + 1)) throw OUTSIDE
      if (code === HASH && text.charCodeAt(end - 1) === SPACE) break
    }
    const contentEnd = this.trimmedEnd(at, end)
    const value = plainValue(text.slice(at, contentEnd))
    this.scalarNode(at, contentEnd)
    this.finishLine(end)
    return value
  }

  /** A one-line quoted scalar; sets `cursor` past the closing quote. */
  private quoted(at: number): string {
    const end = quotedEnd(this.text, at)
    if (end < 0) throw OUTSIDE
    this.cursor = end
    this.scalarNode(at, end)
    return quotedValue(this.text, at, end)
  }

  /** `|` or `>` with an optional chomping indicator; the content is indented past `column`. */
  private blockScalar(at: number, column: number): string {
    const folded = this.code(at) === 62
    let header = at + 1
    const chomping = this.code(header)
    if (chomping === DASH || chomping === 43 /* + */) header++
    const afterHeader = this.skipSpaces(header)
    if (!this.endsLine(afterHeader) && (this.code(afterHeader) !== HASH || afterHeader === header)) throw OUTSIDE
    const headerEnd = this.lineEnd(afterHeader)
    if (headerEnd >= this.length) throw OUTSIDE

    const lines: string[] = []
    let contentIndent = -1
    let longestLeadingBlank = 0
    /** past the line break of the last line with content */
    let contentEnd = 0
    let lineStart = headerEnd + 1
    while (lineStart < this.length) {
      const first = this.skipSpaces(lineStart)
      const spaces = first - lineStart
      const end = this.lineEnd(first)
      if (end >= this.length) throw OUTSIDE // the last line of a text without a final line break
      if (first === end) {
        if (contentIndent < 0) longestLeadingBlank = Math.max(longestLeadingBlank, spaces)
        else if (spaces > contentIndent) throw OUTSIDE // whitespace that is content
        lines.push('')
      } else {
        if (contentIndent < 0) {
          if (spaces <= column || longestLeadingBlank > spaces) throw OUTSIDE
          contentIndent = spaces
        }
        if (spaces < contentIndent) break
        if (folded && spaces > contentIndent) throw OUTSIDE
        lines.push(this.text.slice(lineStart + contentIndent, end))
        contentEnd = end + 1
      }
      lineStart = end + 1
    }
    if (contentIndent < 0) throw OUTSIDE

    let trailing = 0
    while (lines[lines.length - 1 - trailing] === '') trailing++
    const content = lines.slice(0, lines.length - trailing)
    const body = folded ? foldLines(content) : content.join('\n')
    // yaml's span of a block scalar ends after its last line with content, or with keep chomping after its last line
    this.scalarNode(at, chomping === 43 ? lineStart : contentEnd)
    if (lineStart >= this.length) {
      this.line = -1
      this.indent = 0
    } else this.seekContentLine(lineStart)

    if (chomping === DASH) return body
    if (chomping === 43) return `${body}\n${'\n'.repeat(trailing)}`
    return `${body}\n`
  }

  /** A flow collection that opens and closes on one line; sets `cursor` past it. */
  private flowCollection(at: number): unknown {
    this.enter()
    const value = this.code(at) === OPEN_BRACKET ? this.flowList(at) : this.flowMapping(at)
    this.depth--
    return value
  }

  private flowList(at: number): unknown[] {
    const items: unknown[] = []
    const nodes: SourceNode[] | null = this.withNodes ? [] : null
    let next = this.skipSpaces(at + 1)
    if (this.code(next) === CLOSE_BRACKET) this.cursor = next + 1
    else {
      for (;;) {
        items.push(this.flowValue(next))
        if (nodes && this.node) nodes.push(this.node)
        const after = this.skipSpaces(this.cursor)
        const code = this.code(after)
        if (code === CLOSE_BRACKET) {
          this.cursor = after + 1
          break
        }
        if (code !== COMMA) throw OUTSIDE
        next = this.skipSpaces(after + 1)
        if (this.code(next) === CLOSE_BRACKET) throw OUTSIDE // a trailing comma
      }
    }
    if (nodes) this.node = { kind: 'sequence', start: at, end: this.cursor, items: nodes }
    return items
  }

  private flowMapping(at: number): Record<string, unknown> {
    const map: Record<string, unknown> = {}
    const entries = this.withNodes ? new Map<string, MappingEntry>() : null
    let next = this.skipSpaces(at + 1)
    if (this.code(next) === CLOSE_BRACE) this.cursor = next + 1
    else {
      for (;;) {
        const key = this.flowKey(next)
        if (key === '__proto__' || Object.hasOwn(map, key)) throw OUTSIDE
        const keySpan = entries ? { start: next, end: this.keyEnd } : null
        map[key] = this.flowValue(this.skipSpaces(this.cursor))
        if (entries && keySpan && this.node) entries.set(key, { key: keySpan, value: this.node })
        const after = this.skipSpaces(this.cursor)
        const code = this.code(after)
        if (code === CLOSE_BRACE) {
          this.cursor = after + 1
          break
        }
        if (code !== COMMA) throw OUTSIDE
        next = this.skipSpaces(after + 1)
        if (this.code(next) === CLOSE_BRACE) throw OUTSIDE
      }
    }
    if (entries) this.node = { kind: 'mapping', start: at, end: this.cursor, entries }
    return map
  }

  /** A flow mapping's key and its `: `; sets `cursor` past the colon. */
  private flowKey(at: number): string {
    let key: string
    let end: number
    const code = this.code(at)
    if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) {
      end = quotedEnd(this.text, at)
      if (end < 0) throw OUTSIDE
      key = quotedValue(this.text, at, end)
    } else {
      if (this.startsFlowPlainBadly(at)) throw OUTSIDE
      end = this.trimmedEnd(at, this.flowPlainEnd(at))
      key = this.text.slice(at, end)
      if (key.length === 0 || plainValue(key) !== key) throw OUTSIDE
    }
    const colon = this.skipSpaces(end)
    if (this.code(colon) !== COLON || this.code(colon + 1) !== SPACE) throw OUTSIDE
    this.keyEnd = end
    this.cursor = colon + 1
    return key
  }

  /** `-`, `?` and `:` before a space or a flow indicator also start other tokens in a flow collection. */
  private startsFlowPlainBadly(at: number): boolean {
    if (this.startsPlainBadly(at)) return true
    const code = this.code(at)
    return (code === DASH || code === QUESTION_MARK || code === COLON) && isFlowIndicator(this.code(at + 1))
  }

  /** A value inside a flow collection; sets `cursor` past it. */
  private flowValue(at: number): unknown {
    const code = this.code(at)
    if (code === OPEN_BRACKET || code === OPEN_BRACE) return this.flowCollection(at)
    if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) return this.quoted(at)
    if (this.startsFlowPlainBadly(at)) throw OUTSIDE
    const end = this.flowPlainEnd(at)
    if (this.code(end) === COLON) throw OUTSIDE // a pair inside a list, or a second colon
    this.cursor = end
    const contentEnd = this.trimmedEnd(at, end)
    this.scalarNode(at, contentEnd)
    return plainValue(this.text.slice(at, contentEnd))
  }

  /** Where a plain scalar in a flow collection ends: at `,`, `[`, `]`, `{`, `}`, or a `:` before a space or one of those. */
  private flowPlainEnd(at: number): number {
    const text = this.text
    for (let i = at; i < this.length; i++) {
      const code = text.charCodeAt(i)
      if (code === NEWLINE) throw OUTSIDE // a flow collection over several lines
      if (isFlowIndicator(code)) return i
      if (code === HASH && text.charCodeAt(i - 1) === SPACE) throw OUTSIDE
      if (code === COLON) {
        const next = text.charCodeAt(i + 1)
        if (next === SPACE || isFlowIndicator(next) || this.endsLine(i + 1)) return i
      }
    }
    throw OUTSIDE
  }
}

function read(text: string, withNodes: boolean): { value: Record<string, unknown>; nodes: SourceNode | null } | null {
  if (UNSUPPORTED_CHARACTER.test(text)) return null
  try {
    return new BlockReader(text, withNodes).document()
  } catch (error) {
    if (error === OUTSIDE) return null
    throw error
  }
}

/**
 * The mapping a text holds, read by the block YAML reader, or null when the text is
 * not in its subset (or is not a mapping): the caller then reads it with js-yaml or yaml.
 */
export function readBlockYaml(text: string): Record<string, unknown> | null {
  return read(text, false)?.value ?? null
}

/** The node tree of a text the block YAML reader accepts, or null. */
export function blockYamlNodes(text: string): SourceNode | null {
  return read(text, true)?.nodes ?? null
}
