// Duplicate keys in a YAML mapping (BW1002), each reported with the place of the first
// (yaml itself reports only the second).

import type { Node } from 'yaml'
import { type Diagnostic, diagnostic, relatedLocation } from '../diagnostics/diagnostic.js'
import { formatPointer } from '../jsonSchema/pointer.js'
import type { SourceFile } from '../source/sourceFile.js'
import { nodeRange } from './yamlErrors.js'
import { yamlLibrary } from './yamlLibrary.js'

function keyText(key: unknown): string | undefined {
  if (key && typeof key === 'object' && 'value' in key) {
    const value = (key as { value: unknown }).value
    // a merge key (yaml reads a plain `<<` as a symbol): a mapping has one, with a list for several sources
    if (typeof value === 'symbol') return '<<'
    // a null key (`null:`, `~:`, `{ : x }`) is the empty key in the value (yaml's toJS): a repeat of `"":` and of another null key
    if (value === null) return ''
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined
  }
  return undefined
}

function isNullKey(key: Node): boolean {
  return 'value' in key && key.value === null
}

/** Duplicate keys, reported with both places (yaml reports only the second). */
export function duplicateKeys(file: SourceFile, root: Node): Diagnostic[] {
  const { isMap, isSeq } = yamlLibrary()
  const found: Diagnostic[] = []
  // path: the pointer's segments, null below a key that is not text (a collection as a key)
  const visit = (node: unknown, path: (string | number)[] | null): void => {
    if (isMap(node)) {
      const seen = new Map<string, Node>()
      for (const pair of node.items) {
        const name = keyText(pair.key)
        const keyNode = pair.key as Node | null
        if (name !== undefined && keyNode) {
          const first = seen.get(name)
          const range = nodeRange(file, keyNode)
          const firstRange = first ? nodeRange(file, first) : null
          if (first && range && firstRange) {
            found.push(
              diagnostic('BW1002', isNullKey(keyNode) || isNullKey(first) ? 'duplicateNullKey' : 'duplicateKey', { key: name }, range, {
                ...(path ? { path: formatPointer([...path, name]) } : {}),
                related: [relatedLocation('firstDeclared', { name }, firstRange)],
                data: { key: name },
              }),
            )
          } else seen.set(name, keyNode)
        }
        visit(pair.value, name === undefined || !path ? null : [...path, name])
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        visit(item, path ? [...path, i] : null)
      })
    }
  }
  visit(root, [])
  return found
}
