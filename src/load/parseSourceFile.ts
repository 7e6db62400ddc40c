// Reads and parses one definition file into a SourceFile and its plain value.
// Every problem becomes a diagnostic; nothing is thrown for bad input.
import { closeSync, readSync } from 'node:fs'
import type { Document, Node } from 'yaml'
import { type Diagnostic, diagnostic, relatedLocation, type SourceRange } from '../diagnostics/diagnostic.js'
import type { SourceFile } from '../source/sourceFile.js'
import { aliasBeyondBound } from './aliases.js'
import { loadLimits } from './limits.js'
import { mergeOfNonMapping } from './mergeKeys.js'
import { openRegularFile } from './regularFile.js'
import { carefulSourceFile, fastSourceFile, parseYaml, unparsedSourceFile } from './sourceFiles.js'
import { firstTooDeep, nonFiniteNumbers, tooManyBrackets } from './valueLimits.js'
import { jsYamlLibrary, yamlLibrary } from './yamlLibrary.js'
import { formatPointer, locate } from './yamlNodes.js'

export interface ParsedFile {
  file: SourceFile
  /** the definition as plain data; null when the file has load errors */
  value: Record<string, unknown> | null
  diagnostics: Diagnostic[]
}

function nodeRange(file: SourceFile, node: Node): SourceRange | null {
  return node.range ? { file, start: node.range[0], end: node.range[1] } : null
}

type ReadResult = { text: string } | { problem: 'too-large'; size: number } | { problem: 'unreadable'; reason: string } | { problem: 'binary' }

/** Reads a definition file's text, within the size limit, as UTF-8 (a BOM is dropped); only a regular file is read. */
function readText(absolutePath: string): ReadResult {
  let fd: number | undefined
  try {
    const opened = openRegularFile(absolutePath)
    if ('notRegular' in opened) return { problem: 'unreadable', reason: opened.notRegular }
    fd = opened.fd
    const size = opened.size
    if (size > loadLimits.maxFileBytes) return { problem: 'too-large', size }
    const buffer = Buffer.alloc(size)
    let read = 0
    while (read < size) {
      const n = readSync(fd, buffer, read, size - read, read)
      if (n === 0) break
      read += n
    }
    const bytes = buffer.subarray(0, read)
    if (bytes.includes(0)) return { problem: 'binary' }
    try {
      return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes) }
    } catch {
      return { problem: 'binary' }
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return { problem: 'unreadable', reason: code ?? (error instanceof Error ? error.message : String(error)) }
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/**
 * Where the quoted scalar that yaml reports unclosed (MISSING_CHAR at the end of its text,
 * the code it shares with other missing characters) opens, or -1 when the error is another.
 */
function unclosedQuoteStart(document: Document.Parsed, errorAt: number): number {
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
function unresolvedAlias(document: Document.Parsed): { name: string; range: Node['range'] } | null {
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
function skipIndentation(text: string, [start, end]: [number, number]): [number, number] {
  let at = start
  while (text[at] === ' ') at++
  return at > start && at < text.length && text[at] !== '\n' && text[at] !== '\r' ? [at, Math.max(end, at + 1)] : [start, Math.max(end, start)]
}

function keyText(key: unknown): string | undefined {
  if (key && typeof key === 'object' && 'value' in key) {
    const value = (key as { value: unknown }).value
    // a merge key (yaml reads a plain `<<` as a symbol): a mapping has one, with a list for several sources
    if (typeof value === 'symbol') return '<<'
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined
  }
  return undefined
}

/** Duplicate keys, reported with both places (yaml reports only the second). */
function duplicateKeys(file: SourceFile, root: Node): Diagnostic[] {
  const { isMap, isSeq } = yamlLibrary()
  const found: Diagnostic[] = []
  // path: the pointer's segments, null below a key that is not text (a collection as a key)
  const visit = (node: unknown, path: (string | number)[] | null): void => {
    if (isMap(node)) {
      const seen = new Map<string, Node>()
      for (const pair of node.items) {
        const name = keyText(pair.key)
        const keyNode = pair.key as Node | null
        if (name !== undefined && keyNode) {
          const first = seen.get(name)
          const range = nodeRange(file, keyNode)
          const firstRange = first ? nodeRange(file, first) : null
          if (first && range && firstRange) {
            found.push(
              diagnostic('BW1002', 'duplicateKey', { key: name }, range, {
                ...(path ? { path: formatPointer([...path, name]) } : {}),
                related: [relatedLocation('firstDeclared', { name }, firstRange)],
                data: { key: name },
              }),
            )
          } else seen.set(name, keyNode)
        }
        visit(pair.value, name === undefined || !path ? null : [...path, name])
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        visit(item, path ? [...path, i] : null)
      })
    }
  }
  visit(root, [])
  return found
}

// The screens: each finds a construct on which js-yaml's answer cannot be trusted to be
// yaml's (the careful path's), and sends the file down the careful path. They are cheap
// regular expressions and two scans, run on every text; none exists for speed alone.
// test/load/fastPath.test.ts keeps the two paths in agreement.

/**
 * Anchors and aliases (`&name`, `*name`): js-yaml puts no bound on them (its value shares
 * the aliased nodes, and every pass that walks it pays for each use); yaml's alias
 * expansion guard (BW1005) and its unresolved-alias error report them at their place.
 */
const ANCHOR_OR_ALIAS = /(^|[\s[\]{},:-])[&*][^\s[\]{},]/m
/**
 * A merge key (`<<: *base`, `<<: { a: 1 }`): yaml merges it (YAML 1.1), js-yaml's core
 * schema reads a key named `<<`. Most come with an alias, which the screen above finds.
 */
const MERGE_KEY = /(?:^|[\s{,?])<<[ \t]*:/m
/**
 * Read differently by the two parsers: tags (`!!str`, and `!` alone, which js-yaml reads
 * as null), complex keys (`? key`, `[1]: x`), null and empty keys (`null: x`, `{ : x }`,
 * `{ ~ }`), binary integers, signed hexadecimal and octal integers (`-0x1F`), numbers
 * with a sign and no digit before the point (`-.5`: a string to js-yaml), and a compact
 * nested list with more than one space after its dash (`-   - x`, whose next entries
 * js-yaml puts in the wrong list).
 */
const READ_DIFFERENTLY = /[\]}]\s*:|[{[,]\s*:|(?<![^\s:[{,-])(?:[-+](?:\.\d|0[xXoO])|0b[01])|-[ \t]{2,}-(?:\s|$)/m
/** The same, for constructs with a rare character or word, asked only when the text holds it. */
const COMPLEX_KEY = /(?:^|[{[,]|-\s)\s*\?(?:\s|$)/m
const NULL_KEY = /(?:^|[{[,]|-\s)\s*(?:null|Null|NULL|~)\s*:|[{,]\s*(?:null|Null|NULL|~)\s*[,}]/m
const TAG = /(?:^|[\s[\]{},:-])!/m

function readDifferently(unquoted: string): boolean {
  return (
    READ_DIFFERENTLY.test(unquoted) ||
    (unquoted.includes('?') && COMPLEX_KEY.test(unquoted)) ||
    (unquoted.includes('!') && TAG.test(unquoted)) ||
    ((unquoted.includes('~') || unquoted.includes('ull') || unquoted.includes('ULL')) && NULL_KEY.test(unquoted))
  )
}

/**
 * Accepted by js-yaml, an error or another value to yaml: a document marker with content
 * after it on its line (`---kind: x`, `--- a: 1`, `---# c`), a directive (`%YAML`, and
 * anything else after a `%`), a comment without a space before it in or after a flow
 * collection (`[#`, `[]#`), and a tab in a line's indentation.
 */
const REJECTED_BY_YAML = [
  { mark: '---', pattern: /^---(?![ \t]+#|[ \t]*\r?$)/m },
  { mark: '%', pattern: /^%/m },
  { mark: '#', pattern: /[[\]{},]#/ },
  { mark: '\t', pattern: /^ *\t/m },
]
/** The quoted scalars that close on the line where they open (a quote inside a plain scalar opens none). */
const ONE_LINE_QUOTED = /(?<![^\s[{,:-])(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\n]|'')*')/g
/** What stands for a one-line quoted scalar once it is taken out: a character no definition holds. */
const QUOTED = '\uE000'
/** A quote where a scalar may start, left when the one-line quoted scalars are taken out. */
const OPENING_QUOTE = /(^|[\s[{,:-])["']/m
/** A comment without a space before it, after a quoted scalar (`'x'#`): yaml rejects it. */
const COMMENT_AFTER_QUOTED = new RegExp(`${QUOTED}#`)

/**
 * Whether a flow collection (`[...]`, `{...}`) spans lines, where js-yaml accepts
 * continuation lines that yaml (like the editors' YAML support) rejects as badly
 * indented, or has a collection as a key (`{ [a]: 1 }`, `{ a, {b: 1} }`), which the two
 * parsers turn into different texts. `unquoted` is the text without its one-line quoted
 * scalars, whose brackets are text.
 */
function hasFlowProblem(unquoted: string): boolean {
  // from one opening bracket outside any flow collection to the next, and inside one
  // from bracket to bracket: the regular expressions skip the text between
  const opening = /[[{]/g
  const inside = /[[\]{}\n]/g
  for (let found = opening.exec(unquoted); found; found = opening.exec(unquoted)) {
    /** the open brackets, innermost last */
    const open: number[] = [unquoted.charCodeAt(found.index)]
    inside.lastIndex = found.index + 1
    for (let next = inside.exec(unquoted); next; next = inside.exec(unquoted)) {
      const c = unquoted.charCodeAt(next.index)
      if (c === 10) return true
      if (c === 93 || c === 125) {
        open.pop()
        if (open.length === 0) break
        continue
      }
      // a collection as a key: right after `{` or `,` (spaces between) inside a mapping
      if (open[open.length - 1] === 123) {
        let before = next.index - 1
        while (unquoted.charCodeAt(before) === 32) before--
        const previous = unquoted.charCodeAt(before)
        if (previous === 123 || previous === 44) return true
      }
      open.push(c)
    }
    opening.lastIndex = inside.lastIndex
    if (open.length > 0) break // never closed: js-yaml rejects it, or it closes on a later line (found above)
  }
  return false
}

/** A block scalar's header (`|`, `>-`, `|2+`) at the end of a line, before any comment. */
const BLOCK_SCALAR_HEADER = /(^|[\s:-])[|>][1-9+-]{0,2}[ \t]*(#.*)?\r?$/

/** Whether a block scalar's header (`|`, `>-`, `|2+`) ends at `last`, on a line whose content starts at `first`. */
function isBlockScalarHeaderEnd(text: string, first: number, last: number): boolean {
  let at = last
  // up to two indicators: indentation (1-9) and chomping (+, -)
  for (let n = 0; n < 2 && at > first; n++) {
    const c = text.charCodeAt(at)
    if (c === 43 || c === 45 || (c >= 49 && c <= 57)) at--
    else break
  }
  const c = text.charCodeAt(at)
  if (c !== 124 /* | */ && c !== 62 /* > */) return false
  const before = text.charCodeAt(at - 1)
  return at === first || before === 32 || before === 9 || before === 58 /* : */ || before === 45 /* - */
}

/** A line that ends with a key and its colon, before any comment: its value starts on a later line. */
const ENDS_WITH_KEY = /:[ \t]*(#.*)?\r?$/

/** Whether a list entry's dash (`- x`, `-` alone) is at `at`. */
function isListEntry(text: string, at: number, lineEnd: number): boolean {
  if (text.charCodeAt(at) !== 45 /* - */) return false
  const next = text.charCodeAt(at + 1)
  return at + 1 >= lineEnd || next === 32 || next === 13
}

/** A column where block nodes start, around the line being read. */
interface BlockLevel {
  column: number
  /** list entries (`- x`) start at it */
  list: boolean
  /** a mapping's keys start at it, and a list written at their column (`key:\n- x`) is open */
  listUnderKey: boolean
}

/**
 * Whether the block structure is one where js-yaml's reading may not be yaml's: a line
 * indented to a column where no node around it starts (`a:\n    - x\n  - y`, which
 * yaml rejects), a list entry among a mapping's keys or a key among list entries, and
 * an empty list entry followed by a line further out (js-yaml puts the entries after it
 * in the wrong list). Blank lines, comments and the lines of block scalars are skipped.
 * A continuation line of a plain scalar indented less than the one before counts too;
 * that only sends a file down the careful path.
 */
function hasBlockStructureProblem(text: string): boolean {
  const levels: BlockLevel[] = []
  /** while a block scalar's lines run: the column of the line that opened it */
  let blockScalarColumn = -1
  /** the column of an empty list entry (`-` alone) on the line before, or -1 */
  let emptyEntryColumn = -1
  /** the column of a key that ends the line before (`key:`), or -1 */
  let keyColumn = -1
  /** where the next `#` is, at or after the line being read (-1: none) */
  let nextHash = text.indexOf('#')
  for (let at = 0; at < text.length; ) {
    const found = text.indexOf('\n', at)
    const lineEnd = found < 0 ? text.length : found
    const lineStart = at
    at = lineEnd + 1
    let first = lineStart
    while (text.charCodeAt(first) === 32) first++
    const column = first - lineStart
    const code = text.charCodeAt(first)
    const blank = first >= lineEnd || code === 13
    if (blockScalarColumn >= 0) {
      if (blank || column > blockScalarColumn) continue
      blockScalarColumn = -1
    }
    if (blank || code === 35 /* # */ || code === 37 /* % */) continue
    if (column === 0 && (text.startsWith('---', first) || text.startsWith('...', first))) {
      levels.length = 0
      emptyEntryColumn = keyColumn = -1
      continue
    }
    if (column < emptyEntryColumn) return true
    const entry = isListEntry(text, first, lineEnd)
    let outdented = false
    while (levels.length > 0 && (levels[levels.length - 1] as BlockLevel).column > column) {
      levels.pop()
      outdented = true
    }
    const top = levels[levels.length - 1]
    if (top?.column === column) {
      if (entry && !top.list && !top.listUnderKey) {
        if (keyColumn !== column) return true
        top.listUnderKey = true
      } else if (!entry) {
        if (top.list) return true
        top.listUnderKey = false
      }
    } else if (outdented)
      return true // back out to a column where nothing around the line starts
    else levels.push({ column, list: entry, listUnderKey: false })
    // compact entries: each `- ` opens a node where its content starts
    let innermost = first
    emptyEntryColumn = -1
    for (let dash = first; isListEntry(text, dash, lineEnd); ) {
      let content = dash + 1
      while (text.charCodeAt(content) === 32) content++
      if (content >= lineEnd || text.charCodeAt(content) === 13 || text.charCodeAt(content) === 35 /* # */) {
        emptyEntryColumn = dash - lineStart
        break
      }
      levels.push({ column: content - lineStart, list: isListEntry(text, content, lineEnd), listUnderKey: false })
      innermost = dash = content
    }
    // how the line ends, read from its last character; a line with a `#` (a comment, or
    // text) asks the regular expressions
    if (nextHash >= 0 && nextHash < first) nextHash = text.indexOf('#', first)
    if (nextHash >= 0 && nextHash < lineEnd) {
      const rest = text.slice(first, lineEnd)
      keyColumn = ENDS_WITH_KEY.test(rest) ? innermost - lineStart : -1
      if (BLOCK_SCALAR_HEADER.test(rest)) blockScalarColumn = column
    } else {
      let last = lineEnd - 1
      for (let c = text.charCodeAt(last); c === 32 || c === 9 || c === 13; c = text.charCodeAt(last)) last--
      const lastCode = text.charCodeAt(last)
      keyColumn = lastCode === 58 /* : */ ? innermost - lineStart : -1
      if (isBlockScalarHeaderEnd(text, first, last)) blockScalarColumn = column
    }
  }
  return false
}

/** A plain number with a long exponent, as a candidate for more than a double holds. */
const LONG_EXPONENT = /(?:^|[\s:[{,])([-+]?(?:\d[\d_]*(?:\.[\d_]*)?|\.\d+)[eE][-+]?\d{3,})(?=\s*(?:$|[,\]}#]))/gm

/**
 * A number too large for a double (`1e400`): js-yaml leaves it a string, yaml reads
 * Infinity, which the careful path reports as no JSON number (BW1012).
 */
function hasOverflowingNumber(text: string): boolean {
  for (const match of text.matchAll(LONG_EXPONENT)) if (!Number.isFinite(Number((match[1] ?? '').replace(/_/g, '')))) return true
  return false
}

/** Keep chomping (`|+`, `>2+`): js-yaml's value holds the line break it adds to a text that does not end with one. */
const KEEP_CHOMPING = /[|>][1-9]?\+/

/**
 * Whether js-yaml (YAML 1.2 core schema) may read the text: none of the screens found a
 * construct on which its answer could differ from yaml's. What the screens do not look
 * for (syntax errors, duplicate keys, several documents, nesting too deep, `.nan` and
 * `.inf`) js-yaml itself rejects or loadFast finds in its value.
 */
function fastPathAccepts(text: string): boolean {
  // each pattern asked only when the text holds its mark (includes is much cheaper than a regular expression)
  if (REJECTED_BY_YAML.some(({ mark, pattern }) => text.includes(mark) && pattern.test(text)) || hasOverflowingNumber(text)) return false
  if (!text.endsWith('\n') && KEEP_CHOMPING.test(text)) return false
  // the constructs below never appear inside a quoted scalar: look for them outside; a
  // placeholder keeps the place of each one-line quoted scalar, so a key stays a key
  const unquoted = text.includes('"') || text.includes("'") ? text.replace(ONE_LINE_QUOTED, QUOTED) : text
  // a quote left opens a quoted scalar that a line break interrupts: yaml wants its
  // continuation lines indented more than the mapping it belongs to, js-yaml does not
  // (a quote after a space in a plain scalar or a comment counts too: careful path only)
  return !(
    ((unquoted.includes('&') || unquoted.includes('*')) && ANCHOR_OR_ALIAS.test(unquoted)) ||
    (unquoted.includes('<<') && MERGE_KEY.test(unquoted)) ||
    readDifferently(unquoted) ||
    ((unquoted.includes('"') || unquoted.includes("'")) && OPENING_QUOTE.test(unquoted)) ||
    (unquoted !== text && COMMENT_AFTER_QUOTED.test(unquoted)) ||
    hasFlowProblem(unquoted) ||
    hasBlockStructureProblem(text)
  )
}

/**
 * js-yaml's reading of a text the screens accepted: the mapping, or null for anything
 * else (a syntax error, a duplicate key, an unknown tag, several documents, a root that
 * is not a mapping), which then takes the careful path.
 */
function loadFast(text: string): Record<string, unknown> | null {
  try {
    const jsYaml = jsYamlLibrary()
    const value = asMapping(jsYaml.load(text, { schema: jsYaml.CORE_SCHEMA }))
    // too deep, or .nan / .inf: the careful path reports it, at the node
    return value && firstTooDeep(value, loadLimits.maxDepth) === null && nonFiniteNumbers(value).length === 0 ? value : null
  } catch {
    return null
  }
}

function asMapping(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null
}

/** The fast path for one text: the screens, then js-yaml; null sends the file down the careful path. */
export function parseFast(text: string): Record<string, unknown> | null {
  return fastPathAccepts(text) ? loadFast(text) : null
}

/**
 * The built-in definitions as last parsed, by path. They are files of the installed package:
 * every load reads them again, and parses them only when the text (or the path shown) is not
 * what was parsed before, so a process that checks many times (a build script calling `check`,
 * the tests) parses them once. A parsed file is never changed after it is made.
 */
const builtinParses = new Map<string, { displayPath: string; text: string; parsed: ParsedFile }>()

/**
 * Reads and parses one file. `fastPath` gives the fast path's value for the text (null:
 * take the careful path); `--cache` passes one that looks in the cache first.
 */
export function parseSourceFile(
  absolutePath: string,
  displayPath: string,
  builtin: boolean,
  fastPath: (text: string) => Record<string, unknown> | null = parseFast,
): ParsedFile {
  const read = readText(absolutePath)
  if (!builtin || !('text' in read)) return parseRead(absolutePath, displayPath, builtin, read, fastPath)
  const held = builtinParses.get(absolutePath)
  if (held !== undefined && held.displayPath === displayPath && held.text === read.text) return held.parsed
  const parsed = parseRead(absolutePath, displayPath, builtin, read, fastPath)
  builtinParses.set(absolutePath, { displayPath, text: read.text, parsed })
  return parsed
}

/**
 * Parses a file's text that did not come from the disk (an editor's unsaved buffer), under
 * the same limits as a file read: too large, or holding a NUL, is the same diagnostic.
 */
export function parseSourceText(
  text: string,
  absolutePath: string,
  displayPath: string,
  builtin: boolean,
  fastPath: (text: string) => Record<string, unknown> | null = parseFast,
): ParsedFile {
  const size = Buffer.byteLength(text, 'utf8')
  const read: ReadResult =
    size > loadLimits.maxFileBytes
      ? { problem: 'too-large', size }
      : text.includes('\0')
        ? { problem: 'binary' }
        : { text: text.startsWith('\uFEFF') ? text.slice(1) : text }
  return parseRead(absolutePath, displayPath, builtin, read, fastPath)
}

function parseRead(
  absolutePath: string,
  displayPath: string,
  builtin: boolean,
  read: ReadResult,
  fastPath: (text: string) => Record<string, unknown> | null,
): ParsedFile {
  try {
    return parsedSourceFile(absolutePath, displayPath, builtin, read, 'text' in read ? fastPath(read.text) : null)
  } catch (error) {
    // the parsers are recursive: thousands of nested brackets exhaust the stack before
    // any depth can be measured
    if (!(error instanceof RangeError) || !('text' in read)) throw error
    const file = fastSourceFile(absolutePath, displayPath, read.text, builtin)
    return { file, value: null, diagnostics: [tooDeep(file, tooManyBrackets(file))] }
  }
}

function tooDeep(_file: SourceFile, range: SourceRange): Diagnostic {
  return diagnostic('BW1011', range.start > 0 ? 'tooDeepHere' : 'tooDeepInFile', { limit: loadLimits.maxDepth }, range)
}

/**
 * A value nested deeper than the limit is not loaded, so that every later pass may recurse
 * safely. js-yaml's are sent down the careful path (loadFast): only the careful path's
 * values are measured here, where the diagnostic can point at the node.
 */
function withinDepth(parsed: ParsedFile): ParsedFile {
  if (!parsed.value) return parsed
  const pointer = firstTooDeep(parsed.value, loadLimits.maxDepth)
  if (pointer === null) return parsed
  let range: SourceRange = { file: parsed.file, start: 0, end: 0 }
  try {
    range = locate(parsed.file, pointer)
  } catch (error) {
    if (!(error instanceof RangeError)) throw error // the positions' reader is recursive too
  }
  return { file: parsed.file, value: null, diagnostics: [tooDeep(parsed.file, range)] }
}

/**
 * `.nan`, `.inf` and `-.inf` are YAML numbers but not JSON ones: a schema or value that
 * holds one has no JSON Schema, no TypeScript literal and no runtime value. js-yaml's are
 * sent down the careful path (loadFast), and here each is reported at its node.
 */
function onlyJsonNumbers(parsed: ParsedFile): ParsedFile {
  if (!parsed.value) return parsed
  const found = nonFiniteNumbers(parsed.value)
  if (found.length === 0) return parsed
  const file = parsed.file
  const diagnostics = found.map(({ pointer, value }) => {
    const range = locate(file, pointer)
    const written = JSON.stringify(file.text.slice(range.start, range.end))
    return diagnostic('BW1012', 'notJsonNumber', { value: String(value), written }, range, { path: pointer })
  })
  return { file, value: null, diagnostics }
}

function parsedSourceFile(absolutePath: string, displayPath: string, builtin: boolean, read: ReadResult, fast: Record<string, unknown> | null): ParsedFile {
  if (!('text' in read)) {
    const file = unparsedSourceFile(absolutePath, displayPath, builtin)
    const at = { file, start: 0, end: 0 }
    const problem =
      read.problem === 'too-large'
        ? diagnostic('BW1006', 'tooLarge', { size: read.size, limit: loadLimits.maxFileBytes }, at)
        : read.problem === 'binary'
          ? diagnostic('BW1008', 'notUtf8', {}, at)
          : diagnostic('BW1007', 'unreadableFile', { reason: read.reason }, at)
    return { file, value: null, diagnostics: [problem] }
  }

  if (fast) return { file: fastSourceFile(absolutePath, displayPath, read.text, builtin), value: fast, diagnostics: [] }

  const document = parseYaml(read.text)
  const file = carefulSourceFile(absolutePath, displayPath, read.text, builtin, document)
  const diagnostics: Diagnostic[] = []
  let syntaxReported = false
  for (const error of [...document.errors, ...document.warnings]) {
    const extraDocument = error.code === 'MULTIPLE_DOCS'
    // after the first syntax error yaml's recovery is a guess: an unclosed [ is then
    // reported again as an unclosed { on the next line, and so on. Report the first only.
    if (!extraDocument) {
      if (syntaxReported) continue
      syntaxReported = true
    }
    if (error.code === 'RESOURCE_EXHAUSTION') {
      // yaml caught its own stack overflow (the one error it reports with this code): the
      // same problem as a value found too deep
      diagnostics.push(tooDeep(file, tooManyBrackets(file)))
      continue
    }
    let [start, end] = skipIndentation(read.text, error.pos)
    // yaml finds an unclosed quote at the end of the text; the quote that opened it is the place to fix
    const opening = error.code === 'MISSING_CHAR' ? unclosedQuoteStart(document, error.pos[0]) : -1
    if (opening >= 0) [start, end] = [opening, opening + 1]
    diagnostics.push(
      extraDocument
        ? diagnostic('BW1004', 'extraDocument', {}, { file, start, end })
        : diagnostic('BW1001', 'yamlSyntax', { reason: error.message.trim() }, { file, start, end }),
    )
  }
  if (diagnostics.length > 0) return { file, value: null, diagnostics }

  const { isMap, isSeq, isScalar } = yamlLibrary()
  const root = document.contents
  if (!isMap(root)) {
    // a document with no node at all (`---` alone) holds an empty scalar: nothing was written
    const empty = root === null || (isScalar(root) && root.value === null && root.range[0] === root.range[1])
    const range = (!empty && root && nodeRange(file, root)) || { file, start: 0, end: 0 }
    return {
      file,
      value: null,
      diagnostics: [diagnostic('BW1003', empty ? 'empty' : isSeq(root) ? 'list' : 'scalar', {}, range)],
    }
  }
  const duplicates = duplicateKeys(file, root)
  if (duplicates.length > 0) return { file, value: null, diagnostics: duplicates }
  // before anything resolves an alias, each resolution being a walk of the document
  const overused = read.text.includes('*') ? aliasBeyondBound(document) : null
  if (overused) {
    const at = nodeRange(file, overused) ?? nodeRange(file, root) ?? { file, start: 0, end: 0 }
    return { file, value: null, diagnostics: [diagnostic('BW1005', 'aliasExpansion', { limit: loadLimits.maxAliasCount }, at)] }
  }
  const badMerge = read.text.includes('<<') ? mergeOfNonMapping(file, document) : null
  if (badMerge) return { file, value: null, diagnostics: [badMerge] }

  try {
    const value = document.toJS({ maxAliasCount: loadLimits.maxAliasCount }) as Record<string, unknown>
    return onlyJsonNumbers(withinDepth({ file, value, diagnostics: [] }))
  } catch (error) {
    // yaml throws a plain ReferenceError, with no code, both for an alias whose anchor is
    // not set before it and for aliases that expand too much: the alias is found in the
    // document itself, and the error's type tells the expansion from anything else
    const whole = nodeRange(file, root) ?? { file, start: 0, end: 0 }
    const alias = unresolvedAlias(document)
    // point at the alias (`*name`)
    if (alias)
      return {
        file,
        value: null,
        diagnostics: [
          diagnostic(
            'BW1001',
            'unknownAlias',
            { alias: alias.name },
            alias.range ? { file, start: alias.range[0], end: alias.range[0] + 1 + alias.name.length } : whole,
            { data: { alias: alias.name } },
          ),
        ],
      }
    if (error instanceof ReferenceError)
      return { file, value: null, diagnostics: [diagnostic('BW1005', 'aliasExpansion', { limit: loadLimits.maxAliasCount }, whole)] }
    return {
      file,
      value: null,
      diagnostics: [diagnostic('BW1001', 'yamlSyntax', { reason: (error instanceof Error ? error.message : String(error)).trim() }, whole)],
    }
  }
}
