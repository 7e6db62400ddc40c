// A shortcut: a schema extends a schema that is the same, keyword for keyword, once
// annotations (title, description, default, examples, `x-` keys...) are set aside and
// references are followed on each side: the two then admit exactly the same values, so
// identical schemas always extend each other. Needed where the rules alone cannot decide
// (a `oneOf` whose branches may overlap, an `allOf` whose parts do not merge into one
// schema) and cheap where they can (an unchanged schema in `diff`).
//
// References are compared as a pair of names: a pair met again while it is being compared
// is assumed the same (two recursive schemas are the same when no finite path tells them
// apart), and anything else that differs makes the whole answer "not the same", which only
// sends the comparison on to the rules: the shortcut can miss, never mislead.

import type { EntityResolver } from './extensionTypes.js'
import { jsonEqual } from './jsonEqual.js'
import { referenceOf } from './reference.js'
import type { SchemaNode } from './types.js'
import { constraintKeywords } from './view.js'

/** References followed in one answer: past this, the answer is "not known to be the same". */
const MAX_REFERENCES = 4096

export class SameSchema {
  /** reference pairs (subject name, target name) known to be the same, or not */
  private readonly known = new Map<string, boolean>()
  private readonly answers = new WeakMap<object, WeakMap<object, boolean>>()

  constructor(
    private readonly subject: EntityResolver,
    private readonly target: EntityResolver,
  ) {}

  same(subjectNode: SchemaNode, targetNode: SchemaNode): boolean {
    let byTarget = this.answers.get(subjectNode)
    const known = byTarget?.get(targetNode)
    if (known !== undefined) return known
    const run: SameRun = { assumed: new Set(), references: 0 }
    const answer = this.equal(subjectNode, targetNode, run)
    // every pair assumed the same on the way is, once the whole answer is yes
    if (answer) for (const key of run.assumed) this.known.set(key, true)
    if (byTarget === undefined) {
      byTarget = new WeakMap()
      this.answers.set(subjectNode, byTarget)
    }
    byTarget.set(targetNode, answer)
    return answer
  }

  private equal(s: SchemaNode, t: SchemaNode, run: SameRun): boolean {
    const sName = referenceOf(s)
    const tName = referenceOf(t)
    if (sName !== undefined || tName !== undefined) return this.equalReferences(s, sName, t, tName, run)
    const keys = constraintKeywords(s)
    if (keys.length !== constraintKeywords(t).length) return false
    for (const key of keys) {
      const a = (s as Record<string, unknown>)[key]
      const b = (t as Record<string, unknown>)[key]
      if (b === undefined || !this.equalKeyword(key, a, b, run)) return false
    }
    return true
  }

  private equalKeyword(key: string, a: unknown, b: unknown, run: SameRun): boolean {
    if (key === 'properties') {
      const as = a as Record<string, SchemaNode>
      const bs = b as Record<string, SchemaNode>
      const names = Object.keys(as)
      if (names.length !== Object.keys(bs).length) return false
      return names.every((name) => Object.hasOwn(bs, name) && this.equal(as[name] as SchemaNode, bs[name] as SchemaNode, run))
    }
    if (key === 'items' || key === 'additionalProperties') {
      if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a === b
      return this.equal(a as SchemaNode, b as SchemaNode, run)
    }
    if (key === 'anyOf' || key === 'oneOf' || key === 'allOf') {
      const as = a as SchemaNode[]
      const bs = b as SchemaNode[]
      return as.length === bs.length && as.every((branch, i) => this.equal(branch, bs[i] as SchemaNode, run))
    }
    // everything else is data: types, bounds, `required`, `enum`, `const`, `pattern`...
    return jsonEqual(a, b)
  }

  /** At least one side is a reference: follow it (both: compare the pair of names). */
  private equalReferences(s: SchemaNode, sName: string | undefined, t: SchemaNode, tName: string | undefined, run: SameRun): boolean {
    if (++run.references > MAX_REFERENCES) return false
    const key = sName !== undefined && tName !== undefined ? `${sName}\u0000${tName}` : undefined
    if (key !== undefined) {
      const known = this.known.get(key)
      if (known !== undefined) return known
      if (run.assumed.has(key)) return true
      run.assumed.add(key)
    }
    const sSchema = sName === undefined ? s : this.subject(sName)
    const tSchema = tName === undefined ? t : this.target(tName)
    const answer = sSchema !== undefined && tSchema !== undefined && this.equal(sSchema, tSchema, run)
    // "not the same" never leans on an assumption (running out of references only misses)
    if (!answer && key !== undefined) this.known.set(key, false)
    return answer
  }
}

interface SameRun {
  /** reference pairs being compared, or compared on the way, in this answer */
  assumed: Set<string>
  references: number
}
