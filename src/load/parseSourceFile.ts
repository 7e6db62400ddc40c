// Reads and parses one definition file into a SourceFile and its plain value.
// Every problem becomes a diagnostic; nothing is thrown for bad input.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import type { Document, Node } from 'yaml'
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
                related: [{ message: `'${name}' was first declared here`, range: firstRange }],
                data: { key: name },
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
  return diagnostic('BW1011', range.start > 0 ? 'tooDeepHere' : 'tooDeepInFile', { limit: loadLimits.maxDepth }, range)
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
    diagnostics.push(extraDocument ? diagnostic('BW1004', 'extraDocument', {}, { file, start, end }) : diagnostic('BW1001', 'yamlSyntax', { reason: error.message.trim() }, { file, start, end }))
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
    if (alias) return { file, value: null, diagnostics: [diagnostic('BW1001', 'unknownAlias', { alias: alias.name }, alias.range ? { file, start: alias.range[0], end: alias.range[0] + 1 + alias.name.length } : whole, { data: { alias: alias.name } })] }
    if (error instanceof ReferenceError) return { file, value: null, diagnostics: [diagnostic('BW1005', 'aliasExpansion', { limit: loadLimits.maxAliasCount }, whole)] }
    return { file, value: null, diagnostics: [diagnostic('BW1001', 'yamlSyntax', { reason: (error instanceof Error ? error.message : String(error)).trim() }, whole)] }
  }
}
