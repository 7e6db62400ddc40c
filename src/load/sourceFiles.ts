// The constructors of a loaded definition file: its node tree is built when, and only
// when, a diagnostic needs a position.
import type { Document } from 'yaml'
import type { SourceFile } from '../source/sourceFile.js'
import type { SourceNode } from '../source/sourceNodes.js'
import { nodesFromJsYaml } from './nodesFromJsYaml.js'
import { nodesFromYaml } from './nodesFromYaml.js'
import { yamlLibrary } from './yamlLibrary.js'

/** How the careful path parses a definition file: a yaml document with positions, and YAML 1.1 merge keys (`<<`). */
export function parseYaml(text: string): Document.Parsed {
  // logLevel 'error': yaml would print its own warnings (a collection as a key) on stderr; botwire reports the key itself
  return yamlLibrary().parseDocument(text, { uniqueKeys: false, prettyErrors: false, keepSourceTokens: false, logLevel: 'error', merge: true })
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
 * position, so files without a problem never pay for it (see docs/performance.md): from
 * js-yaml's node events, and where those cannot be trusted, from yaml.
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
      if (nodes === undefined) nodes = nodesFromJsYaml(text) ?? nodesFromYaml(parseYaml(text))
      return nodes
    },
  }
}
