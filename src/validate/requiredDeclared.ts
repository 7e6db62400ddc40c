// Every `required` name of a schema node is declared (BW2013), in time linear in the
// schema: the names an `allOf` declares are gathered once per `allOf`, not once per
// branch and required name.

import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import { closest, listNames, suggestionText } from '../diagnostics/suggest.js'
import { isRecord } from '../jsonSchema/own.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { locate } from '../load/yamlNodes.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { AllOfPlace } from './schemaSites.js'
import type { SuggestionBudget } from './suggestionBudget.js'

function propertyNames(holder: unknown): string[] {
  return isRecord(holder) && isRecord(holder.properties) ? Object.keys(holder.properties) : []
}

function declares(holder: unknown, name: string): boolean {
  return isRecord(holder) && isRecord(holder.properties) && Object.hasOwn(holder.properties, name)
}

interface BranchesSummary {
  /** every property name some branch declares */
  names: Set<string>
  /** how many branches are schemas (beside a shape error, one may be anything) */
  schemas: number
}

const summaries = new WeakMap<readonly unknown[], BranchesSummary>()

/** What the branches of an `allOf` declare, gathered once per `allOf`. */
function summary(branches: readonly unknown[]): BranchesSummary {
  let found = summaries.get(branches)
  if (!found) {
    found = { names: new Set(branches.flatMap(propertyNames)), schemas: branches.filter(isRecord).length }
    summaries.set(branches, found)
  }
  return found
}

/**
 * Every `required` name is declared in `properties`: the node's own, or, in a branch of
 * `anyOf`/`oneOf`, those of the schemas it is a branch of (the "at least one of" idiom:
 * `anyOf: [{ required: [email] }, { required: [phone] }]` beside the properties), or, in
 * a branch of `allOf`, those of the other branches too.
 */
export function checkRequired(
  file: SourceFile,
  node: SchemaNode,
  pointer: string,
  enclosing: readonly SchemaNode[],
  allOf: AllOfPlace | undefined,
  suggestions: SuggestionBudget,
  out: Diagnostic[],
): void {
  const required = node.required
  if (!Array.isArray(required) || required.length === 0) return
  const declared = (name: string): boolean =>
    declares(node, name) || enclosing.some((holder) => declares(holder, name)) || (allOf !== undefined && summary(allOf.branches).names.has(name))
  // the names known around the node, in the order they are listed: gathered once per node, and only if a name is missing
  let known: string[] | undefined
  const knownNames = (): string[] => {
    known ??= [
      ...new Set([
        ...propertyNames(node),
        ...enclosing.flatMap(propertyNames),
        ...(allOf === undefined ? [] : allOf.branches.flatMap((branch, j) => (j === allOf.index ? [] : propertyNames(branch)))),
      ]),
    ]
    return known
  }
  // other schemas beside it: the branch's own among the `allOf`'s schemas is not one
  const besideOthers = allOf !== undefined && summary(allOf.branches).schemas - (isRecord(allOf.branches[allOf.index]) ? 1 : 0) > 0
  const aroundOrBeside = enclosing.length > 0 || besideOthers
  required.forEach((name, i) => {
    if (declared(name)) return
    // a suggestion is sought among every known name: past the budget (more problems than a file shows) it is left out
    const names = suggestions.take() ? knownNames() : []
    const suggestion = names.length > 0 ? closest(name, names) : undefined
    const hint = suggestionText(suggestion) || (names.length > 0 ? `; declared properties: ${listNames(names)}` : '')
    out.push(
      diagnostic('BW2013', aroundOrBeside ? 'notDeclaredAround' : 'notDeclared', { name, hint }, locate(file, `${pointer}/required/${i}`), {
        path: `${pointer}/required/${i}`,
        suggestion,
      }),
    )
  })
}

/** Whether a branch of the node's `allOf` requires a property that neither the node nor any branch declares (a BW2013). */
export function requiresUndeclared(node: SchemaNode): boolean {
  const branches = node.allOf
  if (branches === undefined) return false
  const declared = (name: string): boolean => declares(node, name) || summary(branches).names.has(name)
  return branches.some((branch) => isRecord(branch) && Array.isArray(branch.required) && branch.required.some((name) => !declared(name)))
}
