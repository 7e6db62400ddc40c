// The node tree of a file the careful path parsed with yaml: its document's nodes as
// spans, aliases resolved to the node they stand for (shared, never copied). A mapping
// with a merge key (`<<: *base`) holds the merged entries too, as YAML 1.1 merges them
// (its own keys first, then each source in order, the first that has a key wins), each
// marked with the alias that brought it. In a file that uses more aliases than it may
// (BW1005, and no value), aliases are left unresolved, as one whose anchor is not set: the
// tree (the editor's outline) is then built in time linear in the file, whatever its
// aliases would expand to.
import type { Document, Node, Pair } from 'yaml'
import type { MappingEntry, MergeSite, SourceNode, Span } from '../source/sourceNodes.js'
import { aliasBeyondBound, aliasTargets } from './aliases.js'
import { yamlLibrary } from './yamlLibrary.js'

function span(node: Node): Span {
  const range = node.range
  return range ? { start: range[0], end: range[1] } : { start: 0, end: 0 }
}

/** Whether a pair's key is a merge key: yaml reads a plain `<<` as a symbol when merge keys are on. */
export function isMergePair(pair: Pair): boolean {
  const key = pair.key as { value?: unknown } | null
  return typeof key?.value === 'symbol'
}

export function nodesFromYaml(document: Document.Parsed): SourceNode | null {
  const { isAlias, isMap, isScalar, isSeq } = yamlLibrary()
  const converted = new Map<Node, SourceNode>()
  const targets = aliasBeyondBound(document) === null ? aliasTargets(document) : new Map<unknown, Node>()
  const resolve = (raw: unknown): Node | null => (isAlias(raw) ? (targets.get(raw) ?? null) : ((raw as Node | null) ?? null))
  /** The merge sources of a merge key's value, in order; a source written in place has no site. */
  const mergeSources = (value: unknown): { source: SourceNode | null; site: MergeSite | null }[] => {
    const siteOf = (raw: unknown): MergeSite | null => (isAlias(raw) && raw.range ? { start: raw.range[0], end: raw.range[1], anchor: raw.source } : null)
    const node = resolve(value)
    if (!isSeq(node)) return [{ source: convert(value), site: siteOf(value) }]
    // a list written in place: each alias in it is a site; an anchored list (`<<: *sources`): its alias is
    const listSite = siteOf(value)
    return node.items.map((item) => ({ source: convert(item), site: listSite ?? siteOf(item) }))
  }
  const convert = (raw: unknown): SourceNode | null => {
    const node = resolve(raw)
    if (!node) return null
    const done = converted.get(node)
    if (done) return done
    if (isMap(node)) {
      const entries = new Map<string, MappingEntry>()
      const result: SourceNode = { kind: 'mapping', ...span(node), entries }
      converted.set(node, result)
      const merges: Pair[] = []
      for (const pair of node.items) {
        const key = pair.key as Node | null
        if (!isScalar(key)) continue
        if (isMergePair(pair)) {
          merges.push(pair)
          continue
        }
        const name = String(key.value)
        const value = convert(pair.value) ?? { kind: 'scalar', ...span(key) }
        if (!entries.has(name)) entries.set(name, { key: span(key), value })
      }
      for (const pair of merges)
        for (const { source, site } of mergeSources(pair.value)) {
          if (source?.kind !== 'mapping') continue // reported by the loader (BW1013)
          for (const [name, entry] of source.entries) {
            if (entries.has(name)) continue
            // an entry merged twice (a source that merges another) keeps the outermost site
            const merged = site ?? entry.merged
            entries.set(name, merged ? { key: entry.key, value: entry.value, merged } : entry)
          }
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
