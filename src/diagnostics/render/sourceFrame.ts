// A code frame (the lines around a node, a caret under it) whose source lines show their
// control characters escaped (terminalText.ts). An escape is wider than the character it
// stands for, so the caret's columns are counted again on the escaped line.
import { codeFrameColumns } from '@babel/code-frame'
import { withLineFeeds } from '../../source/sourceFile.js'
import { escapeControls, escapeSource, holdsControls } from './terminalText.js'

/** Where the caret goes: on one line (it starts at `lineStart` in the text), from one 1-based column to another. */
export interface FrameSpan {
  lineStart: number
  line: number
  column: number
  endColumn: number
}

export interface FrameOptions {
  color: boolean
  message?: string
}

/** The last text framed, escaped (null: it holds nothing to escape): diagnostics are rendered file by file, so one file's text is looked at once. */
let memo: { text: string; escaped: string | null } | null = null

function escapedText(text: string): string | null {
  // a lone \r is a line break (source/sourceFile.ts counts lines so): shown as one, \n, of the same length
  if (memo?.text !== text) memo = { text, escaped: holdsControls(text) ? escapeSource(withLineFeeds(text)) : null }
  return memo.escaped
}

/** A column of the line as it is shown escaped. */
function shownColumn(text: string, lineStart: number, column: number): number {
  return escapeControls(text.slice(lineStart, lineStart + column - 1)).length + 1
}

export function sourceFrame(text: string, span: FrameSpan, options: FrameOptions): string {
  const escaped = escapedText(text)
  const column = escaped === null ? span.column : shownColumn(text, span.lineStart, span.column)
  const endColumn = escaped === null ? span.endColumn : shownColumn(text, span.lineStart, span.endColumn)
  return codeFrameColumns(
    escaped ?? text,
    { start: { line: span.line, column }, end: { line: span.line, column: Math.max(endColumn, column + 1) } },
    { highlightCode: false, forceColor: options.color, linesAbove: 1, linesBelow: 1, ...(options.message ? { message: options.message } : {}) },
  )
}
