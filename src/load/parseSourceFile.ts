// Reads and parses one definition file into a SourceFile and its plain value.
// Every problem becomes a diagnostic; nothing is thrown for bad input.
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { SourceRange } from '../source/sourceRange.js'
import { aliasBeyondBound } from './aliases.js'
import { duplicateKeys } from './duplicateKeys.js'
import { parseFast } from './fastPath.js'
import { loadLimits } from './limits.js'
import { mergeOfNonMapping } from './mergeKeys.js'
import { type ReadResult, readGivenText, readText } from './readDefinitionText.js'
import { carefulSourceFile, fastSourceFile, parseYaml, unparsedSourceFile } from './sourceFiles.js'
import { firstTooDeep, inexactInteger, nonFiniteNumbers, tooManyBrackets } from './valueLimits.js'
import { nodeRange, skipIndentation, unclosedQuoteStart, unresolvedAlias } from './yamlErrors.js'
import { yamlLibrary } from './yamlLibrary.js'
import { locate } from './yamlNodes.js'

export interface ParsedFile {
  file: SourceFile
  /** the definition as plain data; null when the file has load errors */
  value: Record<string, unknown> | null
  diagnostics: Diagnostic[]
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
  if (!builtin || !('text' in read)) return parseWithinStack(absolutePath, displayPath, builtin, read, fastPath)
  const held = builtinParses.get(absolutePath)
  if (held !== undefined && held.displayPath === displayPath && held.text === read.text) return held.parsed
  const parsed = parseWithinStack(absolutePath, displayPath, builtin, read, fastPath)
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
  return parseWithinStack(absolutePath, displayPath, builtin, readGivenText(text), fastPath)
}

/** Parses what was read; a text nested so deep that a parser's recursion overflows the stack is BW1011. */
function parseWithinStack(
  absolutePath: string,
  displayPath: string,
  builtin: boolean,
  read: ReadResult,
  fastPath: (text: string) => Record<string, unknown> | null,
): ParsedFile {
  try {
    return parseReadText(absolutePath, displayPath, builtin, read, 'text' in read ? fastPath(read.text) : null)
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
 * holds one has no JSON Schema, no TypeScript literal and no runtime value. An integer
 * beyond 2^53 that a double rounds would silently be another number in the generated
 * code. js-yaml's are sent down the careful path (loadFast), and here each is reported at
 * its node.
 */
function onlyJsonNumbers(parsed: ParsedFile): ParsedFile {
  if (!parsed.value) return parsed
  const found = nonFiniteNumbers(parsed.value)
  if (found.length === 0) return parsed
  const file = parsed.file
  const diagnostics: Diagnostic[] = []
  for (const { pointer, value } of found) {
    const range = locate(file, pointer)
    const text = file.text.slice(range.start, range.end)
    const written = JSON.stringify(text)
    if (!Number.isFinite(value)) diagnostics.push(diagnostic('BW1012', 'notJsonNumber', { value: String(value), written }, range, { path: pointer }))
    else if (inexactInteger(text, value)) diagnostics.push(diagnostic('BW1012', 'inexactInteger', { value: String(value), written }, range, { path: pointer }))
  }
  return diagnostics.length === 0 ? parsed : { file, value: null, diagnostics }
}

/** The tags of YAML 1.2's core schema: one that does not resolve is a value that does not fit it (`!!float 1`), in yaml's words. */
const CORE_TAGS = new Set(['!!str', '!!int', '!!float', '!!bool', '!!null', '!!map', '!!seq'])

/** The tag of yaml's "Unresolved tag: ..." (`!!binary`, `!custom`), when it is no tag of the core schema; else null. */
function unknownTag(message: string): string | null {
  const written = /^Unresolved tag: (.+)$/.exec(message.trim())?.[1]
  if (written === undefined) return null
  const tag = written.replace(/^tag:yaml\.org,2002:/, '!!')
  return CORE_TAGS.has(tag) ? null : tag
}

/** What was read, as a ParsedFile: a read problem, the fast path's value, or the careful path (yaml) with its errors translated. */
function parseReadText(absolutePath: string, displayPath: string, builtin: boolean, read: ReadResult, fast: Record<string, unknown> | null): ParsedFile {
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
    const tag = error.code === 'TAG_RESOLVE_FAILED' ? unknownTag(error.message) : null
    diagnostics.push(
      extraDocument
        ? diagnostic('BW1004', 'extraDocument', {}, { file, start, end })
        : tag !== null
          ? diagnostic('BW1001', 'unknownTag', { tag }, { file, start, end })
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
