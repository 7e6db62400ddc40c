// A definition file as loaded: its text, its parsed YAML document, and how to turn
// offsets into lines and columns when (and only when) a diagnostic is rendered.
import { LineCounter, parseDocument, type Document } from 'yaml'

export interface SourceFile {
  /** real absolute path; a file reached twice is loaded once */
  absolutePath: string
  /** path shown to the user: relative to the working directory, with forward slashes */
  displayPath: string
  text: string
  /** null when the file could not be read or parsed into a single document */
  document: Document.Parsed | null
  lineCounter: LineCounter
  /** true for the package's built-in interfaces */
  builtin: boolean
}

export interface LineColumn {
  /** 1-based */
  line: number
  /** 1-based */
  column: number
}

export function lineColumn(file: SourceFile, offset: number): LineColumn {
  if (file.text.length === 0) return { line: 1, column: 1 }
  const { line, col } = file.lineCounter.linePos(Math.min(offset, file.text.length))
  return { line, column: col }
}

/** How every definition file is parsed into a YAML document with positions. */
export function parseYaml(text: string): { document: Document.Parsed; lineCounter: LineCounter } {
  const lineCounter = new LineCounter()
  const document = parseDocument(text, { lineCounter, uniqueKeys: false, prettyErrors: false, keepSourceTokens: false })
  return { document, lineCounter }
}

/**
 * A file whose YAML document (with node positions) is parsed only when something asks
 * for a position: files without a problem never pay for it (see docs/performance.md).
 */
export function lazySourceFile(absolutePath: string, displayPath: string, text: string, builtin: boolean): SourceFile {
  let parsed: { document: Document.Parsed; lineCounter: LineCounter } | undefined
  const parse = (): { document: Document.Parsed; lineCounter: LineCounter } => (parsed ??= parseYaml(text))
  return {
    absolutePath,
    displayPath,
    text,
    builtin,
    get document(): Document.Parsed {
      return parse().document
    },
    get lineCounter(): LineCounter {
      return parse().lineCounter
    },
  }
}
