// Aliases (`*name`) of a careful-path document, resolved in one pass, and the bound on
// their uses. yaml's own `Alias.resolve` walks the whole document for each alias, and its
// guard counts uses per anchor, not per file: thousands of aliases, each of its own anchor,
// cost time quadratic in the file's size (4,000 merges in 71 KB took 77 s). Here every
// alias of a document is resolved by one walk, and a file may use at most
// loadLimits.maxAliasCount aliases (a merge's included), counted before yaml builds the
// value, which resolves each alias its own way. See docs/checks.md (BW1005).
import type { Alias, Document, Node } from 'yaml'
import { loadLimits } from './limits.js'
import { yamlLibrary } from './yamlLibrary.js'

/** The first alias, in reading order, beyond the bound on alias uses; null when there are no more than that. */
export function aliasBeyondBound(document: Document.Parsed): Alias | null {
  const { visit } = yamlLibrary()
  let uses = 0
  let beyond: Alias | null = null
  visit(document, {
    Alias(_key, alias) {
      uses++
      if (uses <= loadLimits.maxAliasCount) return undefined
      beyond = alias
      return visit.BREAK
    },
  })
  return beyond
}

/**
 * What each alias of a document stands for, as yaml resolves it: the last node before it,
 * in reading order (a collection before its items), that sets its anchor; an alias whose
 * anchor is not set before it is not in the map.
 */
export function aliasTargets(document: Document.Parsed): ReadonlyMap<Alias, Node> {
  const { visit, isAlias } = yamlLibrary()
  const anchored = new Map<string, Node>()
  const targets = new Map<Alias, Node>()
  visit(document, {
    Node(_key, node) {
      if (isAlias(node)) {
        const target = anchored.get(node.source)
        if (target) targets.set(node, target)
      } else if (node.anchor) anchored.set(node.anchor, node)
    },
  })
  return targets
}
