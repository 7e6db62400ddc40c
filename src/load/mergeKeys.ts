// YAML 1.1 merge keys (`<<: *base`, `<<: [*a, *b]`): yaml merges them when it builds the
// value (loadLimits.maxAliasCount bounds their aliases as it bounds any other), but throws
// a bare error for a source that is not a mapping; this finds that source first, to
// report it at its place, with every alias resolved by one walk (src/load/aliases.ts).
// See docs/definitions.md#merge-keys.
import type { Document, Node } from 'yaml'
import { type Diagnostic, diagnostic, relatedLocation } from '../diagnostics/diagnostic.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { SourceRange } from '../source/sourceRange.js'
import { aliasTargets } from './aliases.js'
import { isMergePair } from './nodesFromYaml.js'
import { yamlLibrary } from './yamlLibrary.js'

function rangeOf(file: SourceFile, node: Node): SourceRange {
  const [start, end] = node.range ?? [0, 0]
  return { file, start, end }
}

/** The first merge source, in reading order, that is not a mapping, reported at it; null when every one is. */
export function mergeOfNonMapping(file: SourceFile, document: Document.Parsed): Diagnostic | null {
  const { visit, isAlias, isMap, isSeq, isScalar } = yamlLibrary()
  const describe = (node: Node): string =>
    isSeq(node) ? 'a list' : isScalar(node) && node.value === null ? 'no value' : isScalar(node) ? 'a single value' : 'not a mapping'
  let targets: ReadonlyMap<unknown, Node> | undefined
  const resolve = (written: Node): Node | null => {
    if (!isAlias(written)) return written
    targets ??= aliasTargets(document)
    return targets.get(written) ?? null
  }
  /**
   * The source at fault, reported where the merge writes it: the alias when it came
   * through one (`<<: *list`), with the node itself related. An alias whose anchor is not
   * set is left to the unknown-alias error.
   */
  const report = (written: Node, bad: Node, anchor: string | null): Diagnostic => {
    const found = `${describe(bad)}${anchor ? ` (in the node anchored as '&${anchor}')` : ''}`
    return diagnostic('BW1013', 'mergeOfNonMapping', { found }, rangeOf(file, written), {
      related: anchor ? [relatedLocation('anchorNotMapping', { anchor }, rangeOf(file, bad))] : [],
      data: { found: isSeq(bad) ? 'list' : 'scalar' },
    })
  }
  const badSource = (written: Node): Diagnostic | null => {
    const node = resolve(written)
    if (!node || isMap(node)) return null
    const anchor = isAlias(written) ? written.source : null
    if (!isSeq(node)) return report(written, node, anchor)
    for (const item of node.items as Node[]) {
      const source = resolve(item)
      if (!source || isMap(source)) continue
      return anchor ? report(written, source, anchor) : report(item, source, isAlias(item) ? item.source : null)
    }
    return null
  }
  let found: Diagnostic | null = null
  visit(document, {
    Pair(_key, pair) {
      if (!isMergePair(pair)) return undefined
      const value = pair.value as Node | null
      // `<<:` alone: reported at the key, there being no value to point at
      if (!value || (isScalar(value) && value.value === null && value.range?.[0] === value.range?.[1]))
        found = isScalar(pair.key)
          ? diagnostic('BW1013', 'mergeOfNonMapping', { found: 'no value' }, rangeOf(file, pair.key), { data: { found: 'scalar' } })
          : null
      else found = badSource(value)
      return found ? visit.BREAK : undefined
    },
  })
  return found
}
