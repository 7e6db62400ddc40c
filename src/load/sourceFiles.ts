// A definition file as loaded: its text, where its nodes are (built when, and only when,
// a diagnostic needs a position), and how to turn offsets into lines and columns.
import type { Document } from 'yaml'
import { blockYamlNodes } from './blockYaml.js'
import { nodesFromJsYaml } from './nodesFromJsYaml.js'
import { nodesFromYaml } from './nodesFromYaml.js'
import type { SourceNode } from './sourceNodes.js'
import { yamlLibrary } from './yamlLibrary.js'

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
    if ((starts[middle] ?? 0) <= at) low = middle
    else high = middle - 1
  }
  return { line: low + 1, column: at - (starts[low] ?? 0) + 1 }
}

/** How the careful path parses a definition file: a yaml document with positions. */
export function parseYaml(text: string): Document.Parsed {
  // logLevel 'error': yaml would print its own warnings (a collection as a key) on stderr; botwire reports the key itself
  return yamlLibrary().parseDocument(text, { uniqueKeys: false, prettyErrors: false, keepSourceTokens: false, logLevel: 'error' })
}

/** A file that could not be read or parsed: diagnostics point at its start. */
export function unparsedSourceFile(absolutePath: string, displayPath: string, builtin: boolean, text = ''): SourceFile {
  return { absolutePath, displayPath, text, reader: null, nodes: null, builtin }
}

/** A file the careful path parsed: its nodes come from the yaml document, converted on first use. */
export function carefulSourceFile(absolutePath: string, displayPath: string, text: string, builtin: boolean, document: Document.Parsed): SourceFile {
  let nodes: SourceNode | null | undefined
  return {
    absolutePath,
    displayPath,
    text,
    reader: 'careful',
    builtin,
    get nodes(): SourceNode | null {
      if (nodes === undefined) nodes = nodesFromYaml(document)
      return nodes
    },
  }
}

/**
 * A file the fast path read: its node tree is built only when something asks for a
 * position, so files without a problem never pay for it (see docs/performance.md). The
 * block YAML reader builds it; for a text outside its subset, js-yaml's node events, and
 * where those cannot be trusted, yaml.
 */
export function fastSourceFile(absolutePath: string, displayPath: string, text: string, builtin: boolean): SourceFile {
  let nodes: SourceNode | null | undefined
  return {
    absolutePath,
    displayPath,
    text,
    reader: 'fast',
    builtin,
    get nodes(): SourceNode | null {
      if (nodes === undefined) nodes = blockYamlNodes(text) ?? nodesFromJsYaml(text) ?? nodesFromYaml(parseYaml(text))
      return nodes
    },
  }
}
