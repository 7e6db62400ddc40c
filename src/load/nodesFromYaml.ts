// The node tree of a file the careful path parsed with yaml: its document's nodes as
// spans, aliases resolved to the node they stand for (shared, never copied).
import type { Document, Node } from 'yaml'
import type { MappingEntry, SourceNode, Span } from '../source/sourceNodes.js'
import { yamlLibrary } from './yamlLibrary.js'

function span(node: Node): Span {
  const range = node.range
  return range ? { start: range[0], end: range[1] } : { start: 0, end: 0 }
}

export function nodesFromYaml(document: Document.Parsed): SourceNode | null {
  const { isAlias, isMap, isScalar, isSeq } = yamlLibrary()
  const converted = new Map<Node, SourceNode>()
  const convert = (raw: unknown): SourceNode | null => {
    const node = isAlias(raw) ? ((raw.resolve(document) as Node | undefined) ?? null) : ((raw as Node | null) ?? null)
    if (!node) return null
    const done = converted.get(node)
    if (done) return done
    if (isMap(node)) {
      const entries = new Map<string, MappingEntry>()
      const result: SourceNode = { kind: 'mapping', ...span(node), entries }
      converted.set(node, result)
      for (const pair of node.items) {
        const key = pair.key as Node | null
        if (!isScalar(key)) continue
        const name = String(key.value)
        const value = convert(pair.value) ?? { kind: 'scalar', ...span(key) }
        if (!entries.has(name)) entries.set(name, { key: span(key), value })
      }
      return result
    }
    if (isSeq(node)) {
      const items: SourceNode[] = []
      const result: SourceNode = { kind: 'sequence', ...span(node), items }
      converted.set(node, result)
      for (const item of node.items) items.push(convert(item) ?? { kind: 'scalar', ...span(node) })
      return result
    }
    const result: SourceNode = { kind: 'scalar', ...span(node) }
    converted.set(node, result)
    return result
  }
  return convert(document.contents)
}
