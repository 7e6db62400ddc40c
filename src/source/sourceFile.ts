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

/** Offsets where each line of a file starts, as yaml counts lines (after each \n); built on first use. */
const lineStartsOf = new WeakMap<SourceFile, number[]>()

function lineStarts(file: SourceFile): number[] {
  let starts = lineStartsOf.get(file)
  if (!starts) {
    starts = [0]
    for (let at = file.text.indexOf('\n'); at >= 0; at = file.text.indexOf('\n', at + 1)) starts.push(at + 1)
    lineStartsOf.set(file, starts)
  }
  return starts
}

export function lineColumn(file: SourceFile, offset: number): LineColumn {
  const at = Math.max(0, Math.min(offset, file.text.length))
  const starts = lineStarts(file)
  let low = 0
  let high = starts.length - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if (present(starts[middle], 'a line start inside the search range') <= at) low = middle
    else high = middle - 1
  }
  return { line: low + 1, column: at - present(starts[low], 'the start of the line found') + 1 }
}
