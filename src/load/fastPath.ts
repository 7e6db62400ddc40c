// The fast path: js-yaml reads a text that the screens accept, much faster than yaml.
// Each screen finds a construct on which js-yaml's answer cannot be trusted to be yaml's
// (the careful path's), and sends the file down the careful path. They are cheap regular
// expressions and two scans, run on every text; none exists for speed alone.
// test/load/fastPath.test.ts keeps the two paths in agreement.

import { present } from '../jsonSchema/invariant.js'
import { loadLimits } from './limits.js'
import { firstTooDeep, nonFiniteNumbers } from './valueLimits.js'
import { jsYamlLibrary } from './yamlLibrary.js'

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
  for (const match of text.matchAll(LONG_EXPONENT))
    if (!Number.isFinite(Number(present(match[1], 'LONG_EXPONENT always matches a number').replace(/_/g, '')))) return true
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
    // too deep, .nan / .inf, or an integer beyond 2^53 (maybe rounded): the careful path looks at it, at the node
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
