// Reads and parses one definition file into a SourceFile and its plain value.
// Every problem becomes a diagnostic; nothing is thrown for bad input.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import type { Node } from 'yaml'
import { diagnostic, type Diagnostic, type SourceRange } from '../diagnostics/diagnostic.js'
import { readBlockYaml } from './blockYaml.js'
import { carefulSourceFile, fastSourceFile, parseYaml, unparsedSourceFile } from './sourceFiles.js'
import { type SourceFile } from '../source/sourceFile.js'
import { loadLimits } from './limits.js'
import { formatPointer, locate } from './yamlNodes.js'
import { firstTooDeep, nonFiniteNumbers, tooManyBrackets } from './valueLimits.js'
import { jsYamlLibrary, yamlLibrary } from './yamlLibrary.js'

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

/** Reads a definition file's text, within the size limit, as UTF-8 (a BOM is dropped). */
function readText(absolutePath: string): ReadResult {
  let fd: number | undefined
  try {
    fd = openSync(absolutePath, 'r')
    const size = fstatSync(fd).size
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

/** yaml's messages end with " at line L, column C:" and a frame; we render our own. */
function plainYamlMessage(message: string): string {
  const cut = message.search(/ at line \d+, column \d+/)
  return (cut >= 0 ? message.slice(0, cut) : message).trim()
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
              diagnostic('BW1002', `duplicate key '${name}'`, range, {
                ...(path ? { path: formatPointer([...path, name]) } : {}),
                related: [{ message: `'${name}' was first declared here`, range: firstRange }],
              }),
            )
          } else seen.set(name, keyNode)
        }
        visit(pair.value, name === undefined || !path ? null : [...path, name])
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => visit(item, path ? [...path, i] : null))
    }
  }
  visit(root, [])
  return found
}

/** Anchors and aliases (`&name`, `*name`) need yaml's alias-expansion guard. */
const ANCHOR_OR_ALIAS = /(^|[\s[\]{},:-])[&*][^\s[\]{},]/m
/** Complex keys (`? key`, `[1]: x`), null keys and binary integers are read differently by the two parsers. */
const READ_DIFFERENTLY = /^\s*\?(\s|$)|[\]}]\s*:(\s|$)|^\s*(null|Null|NULL|~)\s*:|[\s:[,-]0b[01]/m

/**
 * Whether a flow collection (`[...]`, `{...}`) spans lines: js-yaml accepts continuation
 * lines that yaml (like the editors' YAML support) rejects as badly indented. Brackets
 * inside quotes are counted too; that only sends a file down the careful path.
 */
function hasMultilineFlow(text: string): boolean {
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 91 || c === 123) depth++
    else if ((c === 93 || c === 125) && depth > 0) depth--
    else if (c === 10 && depth > 0) return true
  }
  return false
}

/**
 * Whether a text outside the block YAML reader's subset may take the fast path's second
 * step: js-yaml (YAML 1.2 core schema, the values yaml gives). Anchors, multi-line flow
 * collections and the constructs the two parsers read differently take the careful path,
 * whose yaml parser also reports problems at their position. test/load/fastPath.test.ts
 * keeps the two paths in agreement.
 */
function fastPathAccepts(text: string): boolean {
  return !(ANCHOR_OR_ALIAS.test(text) || READ_DIFFERENTLY.test(text) || hasMultilineFlow(text) || hasOverflowingNumber(text))
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

/**
 * The fast path for one text: the block YAML reader, and for a text outside its subset,
 * the screens, then js-yaml.
 */
export function parseFast(text: string): Record<string, unknown> | null {
  return readBlockYaml(text) ?? (fastPathAccepts(text) ? loadFast(text) : null)
}

/**
 * Reads and parses one file. `fastPath` gives the fast path's value for the text (null:
 * take the careful path); `--cache` passes one that looks in the cache first.
 */
export function parseSourceFile(absolutePath: string, displayPath: string, builtin: boolean, fastPath: (text: string) => Record<string, unknown> | null = parseFast): ParsedFile {
  const read = readText(absolutePath)
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

function tooDeep(file: SourceFile, range: SourceRange): Diagnostic {
  return diagnostic('BW1011', `lists and mappings are nested more than ${loadLimits.maxDepth} levels deep${range.start > 0 ? ' here' : ' in this file'}; no definition needs that many`, range)
}

/**
 * A value nested deeper than the limit is not loaded, so that every later pass may recurse
 * safely. The block reader never gives one (it leaves such texts to the other paths), and
 * js-yaml's are sent down the careful path (loadFast): only the careful path's values are
 * measured here, where the diagnostic can point at the node.
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
 * holds one has no JSON Schema, no TypeScript literal and no runtime value. The block
 * reader never gives one (it reads plain decimals only), js-yaml's are sent down the
 * careful path (loadFast), and here each is reported at its node.
 */
function onlyJsonNumbers(parsed: ParsedFile): ParsedFile {
  if (!parsed.value) return parsed
  const found = nonFiniteNumbers(parsed.value)
  if (found.length === 0) return parsed
  const file = parsed.file
  const diagnostics = found.map(({ pointer, value }) => {
    const range = locate(file, pointer)
    const written = JSON.stringify(file.text.slice(range.start, range.end))
    return diagnostic('BW1012', `${String(value)} (written ${written}) is a YAML number but not a JSON one; definitions hold JSON values only`, range, { path: pointer })
  })
  return { file, value: null, diagnostics }
}

function parsedSourceFile(absolutePath: string, displayPath: string, builtin: boolean, read: ReadResult, fast: Record<string, unknown> | null): ParsedFile {
  if (!('text' in read)) {
    const file = unparsedSourceFile(absolutePath, displayPath, builtin)
    const at = { file, start: 0, end: 0 }
    const message =
      read.problem === 'too-large'
        ? `file is ${read.size} bytes; definition files may be at most ${loadLimits.maxFileBytes} bytes`
        : read.problem === 'binary'
          ? 'file is not UTF-8 text'
          : `cannot read file (${read.reason})`
    const code = read.problem === 'too-large' ? 'BW1006' : read.problem === 'binary' ? 'BW1008' : 'BW1007'
    return { file, value: null, diagnostics: [diagnostic(code, message, at)] }
  }

  if (fast) return { file: fastSourceFile(absolutePath, displayPath, read.text, builtin), value: fast, diagnostics: [] }

  const document = parseYaml(read.text)
  const file = carefulSourceFile(absolutePath, displayPath, read.text, builtin, document)
  const diagnostics: Diagnostic[] = []
  let syntaxReported = false
  for (const error of [...document.errors, ...document.warnings]) {
    const code = error.code === 'MULTIPLE_DOCS' ? 'BW1004' : 'BW1001'
    // after the first syntax error yaml's recovery is a guess: an unclosed [ is then
    // reported again as an unclosed { on the next line, and so on. Report the first only.
    if (code === 'BW1001') {
      if (syntaxReported) continue
      syntaxReported = true
    }
    if (/Maximum call stack size exceeded/.test(error.message)) {
      // yaml caught its own stack overflow: the same problem as a value found too deep
      diagnostics.push(tooDeep(file, tooManyBrackets(file)))
      continue
    }
    let [start, end] = skipIndentation(read.text, error.pos)
    // yaml finds an unclosed quote at the end of the text; the quote that opened it is the place to fix
    const quote = /^Missing closing (["'])quote/.exec(error.message)?.[1]
    const opening = quote === undefined ? -1 : read.text.lastIndexOf(quote, Math.min(error.pos[0], read.text.length - 1))
    if (opening >= 0) [start, end] = [opening, opening + 1]
    const message =
      code === 'BW1004' ? 'a definition file holds exactly one YAML document; remove the extra document' : plainYamlMessage(error.message)
    diagnostics.push(diagnostic(code, message, { file, start, end }))
  }
  if (diagnostics.length > 0) return { file, value: null, diagnostics }

  const { isMap, isSeq, isScalar } = yamlLibrary()
  const root = document.contents
  if (!isMap(root)) {
    // a document with no node at all (`---` alone) holds an empty scalar: nothing was written
    const empty = root === null || (isScalar(root) && root.value === null && root.range[0] === root.range[1])
    const range = (!empty && root && nodeRange(file, root)) || { file, start: 0, end: 0 }
    const what = empty ? 'the file is empty' : isSeq(root) ? 'it is a list' : 'it is a single value'
    return {
      file,
      value: null,
      diagnostics: [diagnostic('BW1003', `a definition must be a YAML mapping with a 'kind' key, but ${what}`, range)],
    }
  }
  const duplicates = duplicateKeys(file, root)
  if (duplicates.length > 0) return { file, value: null, diagnostics: duplicates }

  try {
    const value = document.toJS({ maxAliasCount: loadLimits.maxAliasCount }) as Record<string, unknown>
    return onlyJsonNumbers(withinDepth({ file, value, diagnostics: [] }))
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (/Excessive alias count/i.test(message)) {
      return {
        file,
        value: null,
        diagnostics: [
          diagnostic(
            'BW1005',
            `aliases in this file expand too much (more than ${loadLimits.maxAliasCount} alias uses); write the values out or use fewer aliases`,
            nodeRange(file, root) ?? { file, start: 0, end: 0 },
          ),
        ],
      }
    }
    // an alias whose anchor is not set before it: point at the alias (`*name`)
    const unresolved = /^Unresolved alias[^:]*: (.+)$/.exec(message)?.[1]
    const at = unresolved === undefined ? -1 : read.text.search(new RegExp(`\\*${unresolved.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![^\\s,\\]}])`))
    const range = at >= 0 && unresolved !== undefined ? { file, start: at, end: at + 1 + unresolved.length } : (nodeRange(file, root) ?? { file, start: 0, end: 0 })
    const text = unresolved === undefined ? plainYamlMessage(message) : `unknown alias '*${unresolved}': no anchor '&${unresolved}' is set before it`
    return { file, value: null, diagnostics: [diagnostic('BW1001', text, range)] }
  }
}
