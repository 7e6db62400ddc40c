// The parts of an `allOf` (the node and its written-out branches) judged together: a property
// one part declares and a closed part does not (BW2026), and a property's `default` another
// part rejects (BW2016).
import { type Diagnostic, diagnostic, relatedLocation } from '../diagnostics/diagnostic.js'
import { closest, suggestionText } from '../diagnostics/suggest.js'
import { isRecord, own } from '../jsonSchema/own.js'
import { escapePointerSegment } from '../jsonSchema/pointer.js'
import type { JsonValue, SchemaNode } from '../jsonSchema/types.js'
import { locate, locateKey } from '../load/yamlNodes.js'
import type { SourceFile } from '../source/sourceFile.js'
import { rejection, withoutKeys } from './ownValues.js'
import type { SuggestionBudget } from './suggestionBudget.js'

interface AllOfPart {
  node: SchemaNode
  pointer: string
  label: string
}

/** The node and its `allOf` branches written out (entity branches are resolved later, src/check/allOfEntities.ts). */
function allOfParts(node: SchemaNode, pointer: string): AllOfPart[] {
  const parts: AllOfPart[] = [{ node, pointer, label: 'the schema beside allOf' }]
  node.allOf?.forEach((branch, i) => {
    if (isRecord(branch) && typeof branch.$entity !== 'string') parts.push({ node: branch, pointer: `${pointer}/allOf/${i}`, label: `allOf branch ${i}` })
  })
  return parts
}

/** The parts declaring each property name, in the parts' order: one pass, instead of asking every part of every name. */
function partsByProperty(parts: readonly AllOfPart[]): Map<string, AllOfPart[]> {
  const byName = new Map<string, AllOfPart[]>()
  for (const part of parts) {
    if (!isRecord(part.node.properties)) continue
    for (const name of Object.keys(part.node.properties)) {
      const list = byName.get(name)
      if (list) list.push(part)
      else byName.set(name, [part])
    }
  }
  return byName
}

/**
 * A property's `default` in one part of an `allOf` that another part declaring the same
 * property rejects (BW2016 at the default): the runtime fills it in, and the value filled
 * in breaks the schema as a whole, which a bot would then be told about for a key it never
 * wrote. Only the default the runtime fills in is checked: the first part's with one, in
 * the order `fillDefaults` takes them (the schema beside `allOf`, then each branch), as the
 * property is present for every later part. Each name's declarations are so read once,
 * where asking every default of every other part would be quadratic in the parts
 * (docs/decisions.md#the-last-corners-of-bounded-work-issue-32).
 */
export function checkDefaultsAcrossParts(file: SourceFile, node: SchemaNode, pointer: string, out: Diagnostic[]): void {
  const parts = allOfParts(node, pointer)
  const declaring = partsByProperty(parts)
  const filledIn = new Set<string>()
  for (const part of parts) {
    for (const [name, property] of Object.entries(part.node.properties ?? {})) {
      if (!isRecord(property) || property.default === undefined || filledIn.has(name)) continue
      filledIn.add(name)
      const value = property.default as JsonValue
      for (const other of declaring.get(name) ?? []) {
        const declared = other === part ? undefined : own(other.node.properties, name)
        const reasons = isRecord(declared) ? rejection(withoutKeys(declared, ['default', 'examples']), value) : undefined
        if (reasons === undefined) continue
        const at = `${part.pointer}/properties/${escapePointerSegment(name)}/default`
        out.push(
          diagnostic('BW2016', 'defaultRejectedByPart', { name, value: JSON.stringify(value), part: other.label, reasons }, locate(file, at), { path: at }),
        )
        break
      }
    }
  }
}

/**
 * A property that one part of an `allOf` (a branch, or the schema beside it) declares
 * and a closed part (`additionalProperties: false`) does not can never be present: the
 * closed part rejects every object that has it (BW2026, once per property, naming the
 * first such closed part). Entity branches are resolved later (src/check/allOfEntities.ts).
 */
export function checkClosedBranches(file: SourceFile, node: SchemaNode, pointer: string, suggestions: SuggestionBudget, out: Diagnostic[]): void {
  const parts = allOfParts(node, pointer)
  const closedParts = parts.filter((part) => part.node.additionalProperties === false)
  if (closedParts.length === 0) return
  const required = new Set(parts.flatMap((part) => part.node.required ?? []))
  const declaring = partsByProperty(parts)
  // for each name, the first closed part that does not declare it (never the part declaring it),
  // found once per name, passing over only the closed parts that do declare it
  const closedAgainst = new Map<string, AllOfPart | undefined>()
  const firstClosedWithout = (name: string): AllOfPart | undefined => {
    if (closedAgainst.has(name)) return closedAgainst.get(name)
    const declarers = new Set(declaring.get(name))
    const closed = closedParts.find((c) => !declarers.has(c))
    closedAgainst.set(name, closed)
    return closed
  }
  for (const part of parts) {
    if (!isRecord(part.node.properties)) continue
    for (const name of Object.keys(part.node.properties)) {
      const closed = firstClosedWithout(name)
      if (closed === undefined) continue
      const at = `${part.pointer}/properties/${escapePointerSegment(name)}`
      const suggestion = suggestions.take() ? closest(name, Object.keys(closed.node.properties ?? {})) : undefined
      out.push(
        diagnostic(
          'BW2026',
          'neverPresent',
          {
            name,
            closedAt: closed.label,
            required: required.has(name) ? '; it is required, so no value fits this schema' : '',
            didYouMean: suggestionText(suggestion),
          },
          locateKey(file, at),
          { path: at, suggestion, related: [relatedLocation('closedHere', { label: closed.label }, locate(file, `${closed.pointer}/additionalProperties`))] },
        ),
      )
    }
  }
}
