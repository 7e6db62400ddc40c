// The constructors of a loaded definition file: its node tree is built when, and only
// when, a diagnostic needs a position.
import type { Document } from 'yaml'
import { type SourceFile, withLineFeeds } from '../source/sourceFile.js'
import type { SourceNode } from '../source/sourceNodes.js'
import { nodesFromJsYaml } from './nodesFromJsYaml.js'
import { nodesFromYaml } from './nodesFromYaml.js'
import { yamlLibrary } from './yamlLibrary.js'

/**
 * How the careful path parses a definition file: a yaml document with positions, and YAML
 * 1.1 merge keys (`<<`). Always the YAML 1.2 core schema, as js-yaml's fast path reads it:
 * not the 1.1 schema a `%YAML 1.1` directive would choose (`yes` a boolean, `2001-12-14`
 * a Date), and none of the 1.1 tags yaml would otherwise resolve (`!!binary` a Buffer,
 * `!!set` a Set, `!!omap` a Map, `!!timestamp` a Date): values that are no JSON, which the
 * generated code would write as other values (a Set as `{}`). Such a tag is an unresolved
 * tag (BW1001).
 */
export function parseYaml(text: string): Document.Parsed {
  // logLevel 'error': yaml would print its own warnings (a collection as a key) on stderr; botwire reports the key itself.
  // A lone \r is a line break in YAML 1.2 (and to js-yaml's fast path), which yaml reads as
  // text: it is given the same lines as \n, at the same offsets.
  return yamlLibrary().parseDocument(withLineFeeds(text), {
    uniqueKeys: false,
    prettyErrors: false,
    keepSourceTokens: false,
    logLevel: 'error',
    merge: true,
    schema: 'core',
    resolveKnownTags: false,
  })
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
