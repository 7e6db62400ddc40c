// Compares two versions of one schema with the entity extension checker, in both
// directions, and says what each difference means for the direction its data flows:
//
//   old ⊆ new  (checkExtension(old, new)): the new schema admits every value the old one did
//   new ⊆ old  (checkExtension(new, old)): the old schema admits every value the new one does
//
//   input  (action input, configuration): old ⊄ new is major (it rejects values it
//          accepted); new ⊄ old alone is minor (it accepts more).
//   output (action output, event payload): new ⊄ old is major (it may produce values
//          it did not); old ⊄ new alone is minor (it produces less).
//   both   (entity, channel message): either is major.
//
// The checker is TypeScript-style about optional properties (docs/entity-extension.md#objects): an object that
// leaves out a property the other declares as optional still extends it. So declared
// properties are also compared by name: a removed property is major (code that passes
// or reads it stops compiling), except in a configuration, which only bots' YAML
// fills in and `check` validates as data: there the checker's verdict is the whole
// story (an open object still accepts the key: minor). An added optional property
// (with both directions holding) is minor. What the checker cannot decide counts as
// the breaking direction would: major there, minor the other way.

import { isAnnotationKey } from '../jsonSchema/annotations.js'
import { checkExtension, type ExtensionFailure, type ExtensionResult, type SchemaLocation, type SchemaSide } from '../jsonSchema/extension.js'
import { jsonEqual } from '../jsonSchema/jsonEqual.js'
import { own } from '../jsonSchema/own.js'
import { formatPointer, isWithinPointer } from '../jsonSchema/pointer.js'
import { describeReference, referenceOf } from '../jsonSchema/reference.js'
import { ANNOTATION_KEYWORDS, type SchemaNode } from '../jsonSchema/types.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { ChangeList, Place } from './changes.js'
import { explainOpaque, type SharedEntities } from './entities.js'
import { rank } from './levels.js'
import type { ChangeLevel, Side } from './types.js'

export type Role = 'input' | 'configuration' | 'output' | 'both'

export interface SchemaAt {
  schema: SchemaNode
  file: SourceFile
  /** pointer to the schema node in `file` (it may not exist there: a default schema) */
  pointer: string
}

export interface SchemaPair {
  role: Role
  /** how the schema is named in messages: "input of action 'summarize'" */
  what: string
  old: SchemaAt
  new: SchemaAt
}

const ANNOTATIONS = ANNOTATION_KEYWORDS

/** A copy without annotations, for "did anything but annotations change". */
function constraints(node: SchemaNode): unknown {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node)) {
    if ((ANNOTATIONS as readonly string[]).includes(key) || isAnnotationKey(key)) continue
    if (key === 'properties' && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value as Record<string, SchemaNode>).map(([name, child]) => [name, constraints(child)]))
    } else if ((key === 'items' || key === 'additionalProperties') && value && typeof value === 'object') {
      out[key] = constraints(value as SchemaNode)
    } else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && Array.isArray(value)) {
      out[key] = (value as SchemaNode[]).map(constraints)
    } else out[key] = value
  }
  return out
}

interface Pairing {
  old: SchemaNode
  new: SchemaNode
  /** pointer relative to the compared schema's root, the same on both sides */
  rel: string
  /** a pair of `allOf` branches: its properties count as the `allOf` node's (see declaredProperties) */
  inAllOf?: boolean
}

/** Nodes at the same structural place on both sides (properties by name, union branches by index). */
function pairedNodes(old: SchemaNode, neu: SchemaNode, rel = '', out: Pairing[] = [], inAllOf = false): Pairing[] {
  out.push({ old, new: neu, rel, ...(inAllOf ? { inAllOf } : {}) })
  if (referenceOf(old) !== undefined || referenceOf(neu) !== undefined) return out
  for (const [name, child] of Object.entries(neu.properties ?? {})) {
    const before = own(old.properties, name)
    if (before) pairedNodes(before, child, `${rel}${formatPointer(['properties', name])}`, out)
  }
  if (old.items && neu.items) pairedNodes(old.items, neu.items, `${rel}/items`, out)
  if (typeof old.additionalProperties === 'object' && typeof neu.additionalProperties === 'object') {
    pairedNodes(old.additionalProperties, neu.additionalProperties, `${rel}/additionalProperties`, out)
  }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const a = old[keyword]
    const b = neu[keyword]
    if (a && b) for (let i = 0; i < Math.min(a.length, b.length); i++) pairedNodes(a[i] as SchemaNode, b[i] as SchemaNode, `${rel}/${keyword}/${i}`, out)
  }
  const a = old.allOf
  const b = neu.allOf
  if (a && b) for (let i = 0; i < Math.min(a.length, b.length); i++) pairedNodes(a[i] as SchemaNode, b[i] as SchemaNode, `${rel}/allOf/${i}`, out, true)
  return out
}

interface Declared {
  required: boolean
  /** pointer of the property's schema, relative to the root */
  rel: string
}

/**
 * The properties an object node declares, by name: its own, and for an `allOf`, those of
 * its branches too (a property moved from one branch to another is no change), entity
 * branches aside (they are compared as entities).
 */
function declaredProperties(node: SchemaNode, rel: string, out = new Map<string, Declared>(), required = new Set<string>()): Map<string, Declared> {
  for (const name of node.required ?? []) required.add(name)
  for (const name of Object.keys(node.properties ?? {})) {
    if (!out.has(name)) out.set(name, { required: false, rel: `${rel}${formatPointer(['properties', name])}` })
  }
  node.allOf?.forEach((branch, i) => {
    if (branch.$entity === undefined) declaredProperties(branch, `${rel}/allOf/${i}`, out, required)
  })
  for (const [name, declared] of out) declared.required = required.has(name)
  return out
}

interface PropertyDelta {
  change: 'added' | 'removed'
  name: string
  required: boolean
  /** pointer of the property's schema, relative to the root, on the side that has it */
  rel: string
  /** pointer of the object that declares it */
  objectRel: string
}

function propertyDelta(pairs: readonly Pairing[]): PropertyDelta[] {
  const out: PropertyDelta[] = []
  for (const { old, new: neu, rel, inAllOf } of pairs) {
    if (referenceOf(old) !== undefined || referenceOf(neu) !== undefined || inAllOf === true) continue
    const before = declaredProperties(old, rel)
    const after = declaredProperties(neu, rel)
    for (const [name, declared] of before) {
      if (!after.has(name)) out.push({ change: 'removed', name, required: declared.required, rel: declared.rel, objectRel: rel })
    }
    for (const [name, declared] of after) {
      if (!before.has(name)) out.push({ change: 'added', name, required: declared.required, rel: declared.rel, objectRel: rel })
    }
  }
  return out
}

type Direction = 'oldInNew' | 'newInOld'

interface Meaning {
  level: ChangeLevel
  /** what a failure in this direction says about the schema */
  says: string
  /** why that is its level, where it is not plain */
  note?: string
}

const MEANINGS: Record<Role, Record<Direction, Meaning>> = {
  input: {
    oldInNew: { level: 'major', says: 'rejects values it accepted' },
    newInOld: { level: 'minor', says: 'accepts more' },
  },
  configuration: {
    oldInNew: { level: 'major', says: 'rejects values it accepted' },
    newInOld: { level: 'minor', says: 'accepts more' },
  },
  output: {
    oldInNew: { level: 'minor', says: 'produces less' },
    newInOld: { level: 'major', says: 'may produce values it did not' },
  },
  both: {
    oldInNew: { level: 'major', says: 'rejects values it admitted', note: ' (entities and channel messages flow both ways)' },
    newInOld: { level: 'major', says: 'admits values it did not', note: ' (entities and channel messages flow both ways)' },
  },
}

/** What removing a declared property means, by role. */
const REMOVAL: Record<Role, { level: ChangeLevel; why: string }> = {
  input: { level: 'major', why: ' (code that passes it no longer compiles)' },
  configuration: { level: 'minor', why: ' (bots that set it still pass where the object is open; it only has no effect)' },
  output: { level: 'major', why: ' (code that reads it no longer compiles)' },
  both: { level: 'major', why: '' },
}

interface Candidate {
  level: ChangeLevel
  message: string
  place: Place
  undecidable: boolean
  /** for a failure: root-relative pointers of its two locations (entity-free ones only) */
  pointers: string[]
  reason: string
  /** for a property delta */
  delta?: PropertyDelta
  /** for a failure: its direction, and its reason as shown */
  direction?: Direction
  shownReason?: string
}

/** The verdict of a comparison that depends on the values of entities whose interface is not available. */
function unknownThrough(opaque: readonly string[]): ExtensionResult {
  const names = opaque.map((name) => `'${name}'`).join(', ')
  const root = { entity: null, pointer: '' }
  const reason = `it uses ${opaque.length === 1 ? 'entity' : 'entities'} ${names}, whose interface is not available, so ${opaque.length === 1 ? 'its' : 'their'} values are not known`
  return { extends: false, failures: [{ subject: root, target: root, reason, undecidable: true }] }
}

export function compareSchemas(pair: SchemaPair, entities: SharedEntities, out: ChangeList): void {
  if (jsonEqual(pair.old.schema, pair.new.schema)) return
  const pairs = pairedNodes(pair.old.schema, pair.new.schema)
  annotationChanges(pair, pairs, out)
  if (jsonEqual(constraints(pair.old.schema), constraints(pair.new.schema))) return

  const sideOf = (at: SchemaAt, which: Side): SchemaSide => ({
    schema: at.schema,
    entity: null,
    resolveEntity: (name) => entities.resolve(name),
    label: (entity) => (entity === null ? `the ${which} schema` : describeReference(entity)),
  })
  const oldSide = sideOf(pair.old, 'old')
  const newSide = sideOf(pair.new, 'new')
  entities.takeOpaqueNames()
  let oldInNew = checkExtension(oldSide, newSide)
  let newInOld = checkExtension(newSide, oldSide)
  const opaque = entities.takeOpaqueNames()
  if (opaque.length > 0) {
    // an entity whose interface is not available: a verdict that changes when it admits
    // anything instead of one value of its own depends on values nobody here knows
    const [wideOldInNew, wideNewInOld] = entities.withOpaqueAdmittingAnything(() => [
      checkExtension(oldSide, newSide).extends,
      checkExtension(newSide, oldSide).extends,
    ])
    const unknown = unknownThrough(opaque)
    if (wideOldInNew !== oldInNew.extends) oldInNew = unknown
    if (wideNewInOld !== newInOld.extends) newInOld = unknown
  }

  const placeOf = (location: SchemaLocation, which: Side): Place => {
    const at = which === 'old' ? pair.old : pair.new
    if (location.entity === null) return { side: which, file: at.file, pointer: `${at.pointer}${location.pointer}` }
    return entities.place(location.entity, location.pointer) ?? { side: which, file: at.file, pointer: at.pointer }
  }

  // a place in an entity of another file (a plugin's interface) is not where the user
  // edits: show the place in the definition's own files instead
  const isOwnFile = (place: Place): boolean => place.file === pair.new.file || place.file === pair.old.file
  const shownPlace = (newLocation: SchemaLocation, oldLocation: SchemaLocation): Place => {
    const first = placeOf(newLocation, 'new')
    if (isOwnFile(first)) return first
    const second = placeOf(oldLocation, 'old')
    return isOwnFile(second) ? second : { side: 'new', file: pair.new.file, pointer: pair.new.pointer }
  }

  const candidates: Candidate[] = []
  const fromFailures = (failures: readonly ExtensionFailure[], direction: Direction): void => {
    const meaning = MEANINGS[pair.role][direction]
    // old ⊆ new: the subject is old and the target new; new ⊆ old the other way round
    const subjectSide: Side = direction === 'oldInNew' ? 'old' : 'new'
    for (const failure of failures) {
      const newLocation = direction === 'oldInNew' ? failure.target : failure.subject
      const oldLocation = direction === 'oldInNew' ? failure.subject : failure.target
      const reason = explainOpaque(failure.reason.replace(/\bhere\b/g, `in the ${subjectSide} schema`))
      const message = failure.undecidable
        ? `${pair.what}: cannot decide whether it ${meaning.says}${meaning.note ?? ''}, so it counts as if it did (${reason})`
        : `${pair.what} ${meaning.says}${meaning.note ?? ''}: ${reason}`
      candidates.push({
        level: meaning.level,
        message,
        place: shownPlace(newLocation, oldLocation),
        undecidable: failure.undecidable,
        pointers: [failure.subject, failure.target].filter((l) => l.entity === null).map((l) => l.pointer),
        reason: failure.reason,
        direction,
        shownReason: reason,
      })
    }
  }
  if (!oldInNew.extends) fromFailures(oldInNew.failures, 'oldInNew')
  if (!newInOld.extends) fromFailures(newInOld.failures, 'newInOld')

  for (const delta of propertyDelta(pairs)) {
    const removed = delta.change === 'removed'
    const kind = delta.required ? 'required' : 'optional'
    const consequence = REMOVAL[pair.role]
    candidates.push({
      level: removed ? consequence.level : 'minor',
      message: removed
        ? `${kind} property '${delta.name}' removed from ${pair.what}${consequence.why}`
        : `${kind} property '${delta.name}' added to ${pair.what}`,
      place: removed
        ? { side: 'old', file: pair.old.file, pointer: `${pair.old.pointer}${delta.rel}` }
        : { side: 'new', file: pair.new.file, pointer: `${pair.new.pointer}${delta.rel}` },
      undecidable: false,
      pointers: [],
      reason: '',
      delta,
    })
  }

  // a failure and a property change that say the same thing: keep the higher level,
  // and on a tie the property change (its words are plainer)
  const dropped = new Set<Candidate>()
  const deltas = candidates.filter((c) => c.delta)
  const failures = candidates.filter((c) => !c.delta)
  for (const d of deltas) {
    const delta = d.delta as PropertyDelta
    for (const f of failures) {
      const same =
        f.pointers.some((p) => isWithinPointer(p, delta.rel)) ||
        (f.reason.includes(`'${delta.name}'`) && f.pointers.some((p) => isWithinPointer(p, delta.objectRel)))
      if (!same) continue
      if (rank(d.level) >= rank(f.level)) dropped.add(f)
      else dropped.add(d)
    }
  }
  // both directions failing at one place (string -> number): the higher level says it
  for (const a of failures) {
    for (const b of failures) {
      if (
        a !== b &&
        !dropped.has(a) &&
        !dropped.has(b) &&
        a.place.file === b.place.file &&
        a.place.pointer === b.place.pointer &&
        rank(a.level) > rank(b.level)
      )
        dropped.add(b)
    }
  }
  // both directions failing at one place at one level (an entity's string -> integer): one change that says both
  const merged = new Map<Candidate, string>()
  for (const a of failures) {
    for (const b of failures) {
      if (a.direction !== 'oldInNew' || b.direction !== 'newInOld' || a.undecidable || b.undecidable || dropped.has(a) || dropped.has(b) || merged.has(a))
        continue
      if (a.place.file !== b.place.file || a.place.pointer !== b.place.pointer || a.level !== b.level) continue
      const there = MEANINGS[pair.role].oldInNew
      const back = MEANINGS[pair.role].newInOld
      merged.set(a, `${pair.what} ${there.says} and ${back.says}${there.note ?? ''}: ${a.shownReason ?? ''}; ${b.shownReason ?? ''}`)
      dropped.add(b)
    }
  }
  const kept = candidates.filter((c) => !dropped.has(c)).map((c) => ({ ...c, message: merged.get(c) ?? c.message }))
  if (kept.length === 0) {
    out.add('patch', { side: 'new', file: pair.new.file, pointer: pair.new.pointer }, `${pair.what} is written differently but admits the same values`)
    return
  }
  for (const c of kept) out.add(c.level, c.place, c.message, c.undecidable)
}

function annotationChanges(pair: SchemaPair, pairs: readonly Pairing[], out: ChangeList): void {
  for (const { old, new: neu, rel } of pairs) {
    const annotations = [...new Set([...Object.keys(old), ...Object.keys(neu)])].filter(isAnnotationKey)
    for (const key of annotations.length === 0 ? ANNOTATIONS : [...ANNOTATIONS, ...annotations]) {
      const before = (old as Record<string, unknown>)[key]
      const after = (neu as Record<string, unknown>)[key]
      if (jsonEqual(before, after)) continue
      const verb = before === undefined ? 'added' : after === undefined ? 'removed' : 'changed'
      const place: Place =
        after === undefined
          ? { side: 'old', file: pair.old.file, pointer: `${pair.old.pointer}${rel}/${key}` }
          : { side: 'new', file: pair.new.file, pointer: `${pair.new.pointer}${rel}/${key}` }
      const where = rel === '' ? ` on ${pair.what}` : ` at ${rel} of ${pair.what}`
      if (key === 'secret' && (before === true) !== (after === true)) out.add(...secretChange(after === true, where, place))
      else out.add('patch', place, `${key} ${verb}${where}`)
    }
  }
}

/**
 * `secret: true` is an annotation for values, but a rule for bots: a bot must give a
 * secret as `{ $secret: NAME }` (BW4016). Marking a property secret rejects the bots that
 * give it in plain text; unmarking it only lets them.
 */
function secretChange(marked: boolean, where: string, place: Place): [ChangeLevel, Place, string] {
  return marked
    ? ['major', place, `secret: true added${where} (a bot that gives it in plain text no longer passes check; it must give { $secret: NAME })`]
    : ['minor', place, `secret: true removed${where} (a bot may now give it in plain text)`]
}
