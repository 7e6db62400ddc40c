// A definition file as botwire holds it: its text, the tree of where its nodes are,
// and how offsets become lines and columns. Built by load/; read by every later stage.

import { present } from '../jsonSchema/invariant.js'
import type { SourceNode } from './sourceNodes.js'

export interface SourceFile {
  /** real absolute path; a file reached twice is loaded once */
  absolutePath: string
  /** path shown to the user: relative to the working directory, with forward slashes */
  displayPath: string
  text: string
  /** which parser read the file: js-yaml (`fast`) or yaml with positions (`careful`); null when it was not parsed */
  reader: 'fast' | 'careful' | null
  /** the file's node tree with offsets; null when the file could not be read or parsed into a single document */
  readonly nodes: SourceNode | null
  /** true for the package's built-in interfaces */
  builtin: boolean
}

export interface LineColumn {
  /** 1-based */
  line: number
  /** 1-based */
  column: number
}

/**
 * Offsets where each line of a text starts: after each \n, \r\n and lone \r, as YAML 1.2
 * reads line breaks and as editors and the language server protocol count lines (a lone \r
 * is an old Mac file's line break).
 */
export function lineStartOffsets(text: string): number[] {
  const starts = [0]
  if (!text.includes('\r')) {
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1)
    return starts
  }
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if (code === 10 || (code === 13 && text.charCodeAt(at + 1) !== 10)) starts.push(at + 1)
  }
  return starts
}

const LONE_CR = /\r(?!\n)/g

/** The text with each lone \r (a line break, as lineStartOffsets counts it) written as \n: the same lines, at the same offsets, for code that splits lines at \n. */
export function withLineFeeds(text: string): string {
  return text.includes('\r') ? text.replace(LONE_CR, '\n') : text
}

/** A file's line starts, built on first use. */
const lineStartsOf = new WeakMap<SourceFile, number[]>()

function lineStarts(file: SourceFile): number[] {
  let starts = lineStartsOf.get(file)
  if (!starts) {
    starts = lineStartOffsets(file.text)
    lineStartsOf.set(file, starts)
  }
  return starts
}

/** The index in `starts` of the line that holds `offset`. */
function lineIndex(starts: readonly number[], offset: number): number {
  let low = 0
  let high = starts.length - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if (present(starts[middle], 'a line start inside the search range') <= offset) low = middle
    else high = middle - 1
  }
  return low
}

/** Where the line that holds `offset` starts and ends (before its line break). */
export function lineBounds(file: SourceFile, offset: number): { start: number; end: number } {
  const at = Math.max(0, Math.min(offset, file.text.length))
  const starts = lineStarts(file)
  const index = lineIndex(starts, at)
  const next = starts[index + 1]
  if (next === undefined) return { start: present(starts[index], 'the start of the line found'), end: file.text.length }
  // the break before the next line: \n, \r\n or a lone \r
  const end = file.text.charCodeAt(next - 1) === 10 && file.text.charCodeAt(next - 2) === 13 ? next - 2 : next - 1
  return { start: present(starts[index], 'the start of the line found'), end }
}

export function lineColumn(file: SourceFile, offset: number): LineColumn {
  const at = Math.max(0, Math.min(offset, file.text.length))
  const starts = lineStarts(file)
  const index = lineIndex(starts, at)
  return { line: index + 1, column: at - present(starts[index], 'the start of the line found') + 1 }
}
