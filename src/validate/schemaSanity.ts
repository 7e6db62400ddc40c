// Schema sanity (docs/definitions.md#schemas): a schema that contradicts itself, says nothing about what it
// admits, or uses `$entity` where it cannot stand. Runs on every schema of a definition
// that passed the meta-schemas. Whether a node admits any value at all is asked of the
// emptiness analysis entity extension uses (src/jsonSchema), node by node.

import { type CodesWith, type Diagnostic, diagnostic, relatedLocation } from '../diagnostics/diagnostic.js'
import { closest, suggestionText } from '../diagnostics/suggest.js'
import { type NoValueCause, nodeAdmitsNoValue } from '../jsonSchema/admitsNoValue.js'
import { isAnnotationKey } from '../jsonSchema/annotations.js'
import { describeValue } from '../jsonSchema/describe.js'
import { compilePattern } from '../jsonSchema/linearPattern.js'
import { isRecord, own } from '../jsonSchema/own.js'
import { escapePointerSegment } from '../jsonSchema/pointer.js'
import { defsName } from '../jsonSchema/reference.js'
import { surelyValid } from '../jsonSchema/surelyValid.js'
import type { JsonValue, SchemaNode } from '../jsonSchema/types.js'
import { compileValueValidator, describeValueErrors } from '../jsonSchema/valueValidator.js'
import { locate, locateKey } from '../load/yamlNodes.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { DefinitionSpec, UncheckedDefinition } from './definitionTypes.js'
import { describePointer } from './describePointer.js'
import { checkDefsCycles, defsHolding, defsOf, NamedSchemaUse, topOf } from './namedSchemas.js'
import { ProblemPlaces } from './problemPlaces.js'
import { checkRefChains } from './refChains.js'
import { checkRequired, requiresUndeclared } from './requiredDeclared.js'
import { type AllOfPlace, type SchemaSite, schemaSites, walkSchema } from './schemaSites.js'
import { checkSecretValues, configurationDefs, defsResolver } from './secretDefaults.js'
import { SuggestionBudget } from './suggestionBudget.js'

const ENTITY_SIBLINGS = new Set(['$entity', 'title', 'description'])
const REF_SIBLINGS = new Set(['$ref', 'title', 'description'])
const MESSAGE_SIBLINGS = new Set(['$message', 'title', 'description'])

function withoutKeys(schema: SchemaNode, keys: readonly string[]): SchemaNode {
  return Object.fromEntries(Object.entries(schema).filter(([k]) => !keys.includes(k))) as SchemaNode
}

interface Bound {
  low: keyof SchemaNode
  high: keyof SchemaNode
  strict: boolean
}

const BOUNDS: Bound[] = [
  { low: 'minimum', high: 'maximum', strict: false },
  { low: 'exclusiveMinimum', high: 'maximum', strict: true },
  { low: 'minimum', high: 'exclusiveMaximum', strict: true },
  { low: 'exclusiveMinimum', high: 'exclusiveMaximum', strict: true },
  { low: 'minLength', high: 'maxLength', strict: false },
  { low: 'minItems', high: 'maxItems', strict: false },
]

/** The code of a node that admits no value, by what leaves nothing. */
const NO_VALUE_CODES: Record<NoValueCause, CodesWith<'admitsNoValue'>> = {
  values: 'BW2016',
  bounds: 'BW2014',
  required: 'BW2013',
  union: 'BW2019',
  allOf: 'BW2025',
  other: 'BW2019',
}

function checkNode(
  file: SourceFile,
  kind: DefinitionSpec['kind'],
  site: SchemaSite,
  named: NamedSchemaUse,
  node: SchemaNode,
  pointer: string,
  enclosing: readonly SchemaNode[],
  allOf: AllOfPlace | undefined,
  suggestions: SuggestionBudget,
  out: Diagnostic[],
): void {
  if (typeof node.$ref === 'string') {
    for (const key of Object.keys(node)) {
      // `x-` annotations may stand beside any reference (docs/definitions.md#annotations-x--keys)
      if (!REF_SIBLINGS.has(key) && !isAnnotationKey(key))
        out.push(diagnostic('BW2020', 'besideRef', { key }, locateKey(file, `${pointer}/${key}`), { path: `${pointer}/${key}` }))
    }
    named.reference(node.$ref, pointer, site.role === 'defs' ? site.member : null, out)
    return
  }
  if (typeof node.$message === 'string') {
    for (const key of Object.keys(node)) {
      if (!MESSAGE_SIBLINGS.has(key) && !isAnnotationKey(key))
        out.push(diagnostic('BW2020', 'besideMessage', { key }, locateKey(file, `${pointer}/${key}`), { path: `${pointer}/${key}` }))
    }
    if (site.role === 'configuration') {
      const at = `${pointer}/$message`
      out.push(diagnostic('BW2024', 'messageInConfiguration', { type: node.$message }, locate(file, at), { path: at }))
    }
    return
  }
  if (typeof node.$entity === 'string') {
    for (const key of Object.keys(node)) {
      if (!ENTITY_SIBLINGS.has(key) && !isAnnotationKey(key)) {
        out.push(diagnostic('BW2010', 'besideEntity', { key }, locateKey(file, `${pointer}/${key}`), { path: `${pointer}/${key}` }))
      }
    }
    if (site.role === 'defs') {
      out.push(
        diagnostic('BW2021', 'entityInDefs', { name: site.member, entity: node.$entity }, locate(file, `${pointer}/$entity`), { path: `${pointer}/$entity` }),
      )
    } else if (site.role === 'configuration') {
      out.push(diagnostic('BW2017', 'entityInConfiguration', { entity: node.$entity }, locate(file, `${pointer}/$entity`), { path: `${pointer}/$entity` }))
    } else if (site.role === 'state') {
      out.push(
        diagnostic('BW2036', 'entityInState', { name: site.member, entity: node.$entity }, locate(file, `${pointer}/$entity`), { path: `${pointer}/$entity` }),
      )
    } else if (kind === 'bot') {
      const args = { schema: describeRole(site), entity: node.$entity }
      out.push(diagnostic('BW2036', 'entityInBot', args, locate(file, `${pointer}/$entity`), { path: `${pointer}/$entity` }))
    } else {
      const dotted = node.$entity.includes('.')
      if (kind === 'plugin' && !dotted) {
        out.push(diagnostic('BW2018', 'undottedInPlugin', { entity: node.$entity }, locate(file, `${pointer}/$entity`), { path: `${pointer}/$entity` }))
      } else if (kind !== 'plugin' && dotted) {
        out.push(
          diagnostic(
            'BW2018',
            'dottedOutsidePlugin',
            { owner: kind === 'interface' ? 'an interface' : 'an integration', entity: node.$entity },
            locate(file, `${pointer}/$entity`),
            { path: `${pointer}/$entity` },
          ),
        )
      }
    }
    return
  }
  const secret = site.role === 'configuration' ? secretPropertyAt(node, pointer) : undefined
  if (secret !== undefined) out.push(diagnostic('BW2027', 'secretProperty', {}, locateKey(file, secret.pointer), { path: secret.pointer }))
  const saysWhat = saysWhatItAdmits(node)
  // a branch beside a `type` (`const`, `enum`) narrows what that node admits: `{ required: [email] }`.
  // An allOf branch says it itself even beside an entity branch (`[{ $entity: ticket }, { type: object, ... }]`):
  // its own type is what lets it be typed as the object it adds
  const saidAround = enclosing.some((around) => around.type !== undefined || around.const !== undefined || around.enum !== undefined)
  if (!saysWhat && !saidAround) {
    out.push(diagnostic('BW2011', 'saysNothing', { where: describePointer(pointer) }, locate(file, pointer), { path: pointer }))
  }
  const found = out.length
  checkRequired(file, node, pointer, enclosing, allOf, suggestions, out)
  if (node.allOf !== undefined) {
    checkClosedBranches(file, node, pointer, suggestions, out)
    checkDefaultsAcrossParts(file, node, pointer, out)
  }
  checkRepeatedEnumValues(file, node, pointer, out)
  for (const { low, high, strict } of BOUNDS) {
    const lo = node[low]
    const hi = node[high]
    if (typeof lo === 'number' && typeof hi === 'number' && (strict ? lo >= hi : lo > hi)) {
      out.push(
        diagnostic(
          'BW2014',
          strict && lo === hi ? 'lowEqualsHigh' : 'lowAboveHigh',
          { low, lowValue: lo, high, highValue: hi },
          locate(file, `${pointer}/${low}`),
          {
            path: `${pointer}/${low}`,
            related: [relatedLocation('boundSet', { keyword: high }, locate(file, `${pointer}/${high}`))],
          },
        ),
      )
    }
  }
  if (typeof node.pattern === 'string') {
    const compiled = compilePattern(node.pattern)
    const at = { path: `${pointer}/pattern` }
    if (compiled.kind === 'invalid') out.push(diagnostic('BW2015', 'invalidPattern', { reason: compiled.reason }, locate(file, at.path), at))
    if (compiled.kind === 'unsupported') out.push(diagnostic('BW2032', 'notLinear', { reason: compiled.reason, fix: compiled.fix }, locate(file, at.path), at))
    if (compiled.kind !== 'compiled') return // ajv cannot compile the node for the value checks below
  }
  checkOwnValues(file, node, pointer, out, 'values')
  // what the keyword checks above cannot see: a const outside the node's enum, no integer
  // between fractional bounds, union branches of other types, ...
  // an allOf branch requiring a property no part declares is that branch's BW2013, not also this node's
  if (out.length === found && !requiresUndeclared(node) && reportNoValue(file, withTypeAround(node, enclosing), pointer, out)) return // then every default and example is rejected too
  checkOwnValues(file, node, pointer, out, 'annotations')
}

/**
 * A key two JSON values share exactly when they are equal as `enum` compares them (key
 * order aside): scalars by type and value, lists item by item, objects with their keys
 * sorted. Own keys only, so an own `toString` or `__proto__` is data like any other key.
 */
function canonicalKey(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalKey).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>
    const keys = Object.keys(record).sort()
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalKey(record[k])}`).join(',')}}`
  }
  // strings quoted, so that no string reads as the key of a list or an object
  return typeof value === 'string' ? JSON.stringify(value) : `${typeof value}:${String(value)}`
}

/**
 * Each `enum` value once (JSON Schema: they SHOULD be unique): a repeated value is most
 * often a typo for another one. Compared as JSON values are, with botwire's own deep
 * equality (ajv's calls an own `toString` of a value, which an enum of objects may have),
 * through a canonical key, so that thousands of object values are not compared pairwise.
 */
function checkRepeatedEnumValues(file: SourceFile, node: SchemaNode, pointer: string, out: Diagnostic[]): void {
  // each distinct value with where it is listed, by a key equal values share (objects with their keys sorted)
  const places: { value: JsonValue; at: number[] }[] = []
  const byKey = new Map<string, { value: JsonValue; at: number[] }>()
  ;(node.enum ?? []).forEach((value, i) => {
    const key = canonicalKey(value)
    let entry = byKey.get(key)
    if (!entry) {
      entry = { value, at: [] }
      places.push(entry)
      byKey.set(key, entry)
    }
    entry.at.push(i)
  })
  // reported once, at its second place, with how often it is listed
  for (const { value, at } of places) {
    const second = at[1]
    if (second === undefined) continue
    const where = describePointer(`${pointer}/enum`)
    const range = locate(file, `${pointer}/enum/${second}`)
    out.push(
      at.length === 2
        ? diagnostic('BW2008', 'listedTwice', { where, value: describeValue(value) }, range, { path: `${pointer}/enum/${second}` })
        : diagnostic('BW2008', 'listedTimes', { where, value: describeValue(value), count: at.length }, range, { path: `${pointer}/enum/${second}` }),
    )
  }
}

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

/**
 * A property's `default` in one part of an `allOf` that another part declaring the same
 * property rejects (BW2016 at the default): the runtime fills it in, and the value filled
 * in breaks the schema as a whole, which a bot would then be told about for a key it never
 * wrote.
 */
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

function checkDefaultsAcrossParts(file: SourceFile, node: SchemaNode, pointer: string, out: Diagnostic[]): void {
  const parts = allOfParts(node, pointer)
  const declaring = partsByProperty(parts)
  for (const part of parts) {
    for (const [name, property] of Object.entries(part.node.properties ?? {})) {
      if (!isRecord(property) || property.default === undefined) continue
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
function checkClosedBranches(file: SourceFile, node: SchemaNode, pointer: string, suggestions: SuggestionBudget, out: Diagnostic[]): void {
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

/**
 * A union branch that says nothing itself about what it admits (no `type`, `const` or
 * `enum`) admits what the nearest node around it says, narrowed: it is judged with that
 * node's `type`, so that `{ required: [email], additionalProperties: false }` beside
 * `type: object` is seen to admit nothing.
 */
function withTypeAround(node: SchemaNode, enclosing: readonly SchemaNode[]): SchemaNode {
  if (node.type !== undefined || node.const !== undefined || node.enum !== undefined) return node
  for (let i = enclosing.length - 1; i >= 0; i--) {
    const around = enclosing[i] as SchemaNode
    if (around.type !== undefined) return { ...node, type: around.type }
    if (around.const !== undefined || around.enum !== undefined) return node
  }
  return node
}

/** Reports a node that admits no value at all, at the keyword at fault; true when it did. */
function reportNoValue(file: SourceFile, node: SchemaNode, pointer: string, out: Diagnostic[]): boolean {
  const empty = nodeAdmitsNoValue(node, pointer)
  if (empty === undefined) return false
  const at = empty.location.pointer
  out.push(diagnostic(NO_VALUE_CODES[empty.cause], 'admitsNoValue', { reason: empty.reason }, locate(file, at), { path: at }))
  return true
}

/**
 * The copy of a schema that values are checked against: entity references admit
 * anything, and `title`/`description` (which never change what a schema admits) are
 * left out, so that schemas differing only in their words share one compiled
 * validator. A property named `title` keeps its schema: only string values are dropped.
 */
function valueCheckSchema(schema: SchemaNode): object {
  const copy = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(copy)
    if (node === null || typeof node !== 'object') return node
    const record = node as Record<string, unknown>
    if (typeof record.$entity === 'string' || typeof record.$ref === 'string' || typeof record.$message === 'string') return {}
    return Object.fromEntries(
      Object.entries(record)
        .filter(([k, v]) => !((k === 'title' || k === 'description') && typeof v === 'string'))
        .map(([k, v]) => [k, k === 'const' || k === 'enum' || k === 'default' || k === 'examples' ? v : copy(v)]),
    )
  }
  return copy(schema) as object
}

/** const and enum values (`values`), default and examples (`annotations`) must be values that the schema itself admits. */
/** Why a schema rejects a value, in words; undefined when it accepts it (or cannot be compiled: an invalid pattern is reported at its own node). */
function rejection(schema: SchemaNode, value: JsonValue): string | undefined {
  if (surelyValid(schema, value)) return undefined
  let validate: ReturnType<typeof compileValueValidator>
  try {
    validate = compileValueValidator(valueCheckSchema(schema))
  } catch {
    return undefined
  }
  return validate(value) ? undefined : describeValueErrors(validate.errors, 'value', value).join('; ')
}

function checkOwnValues(file: SourceFile, node: SchemaNode, pointer: string, out: Diagnostic[], part: 'values' | 'annotations'): void {
  if (node.const === undefined && node.enum === undefined && node.default === undefined && node.examples === undefined) return
  const check = (schema: SchemaNode, value: JsonValue | undefined, at: string, what: string): void => {
    const reasons = value === undefined ? undefined : rejection(schema, value)
    if (reasons !== undefined) out.push(diagnostic('BW2016', 'rejectedValue', { what, value: JSON.stringify(value), reasons }, locate(file, at), { path: at }))
  }
  if (part === 'values') {
    const withoutValueKeys = withoutKeys(node, ['const', 'enum', 'default', 'examples'])
    if (node.const !== undefined) check(withoutValueKeys, node.const, `${pointer}/const`, 'const')
    node.enum?.forEach((value, i) => {
      check(withoutValueKeys, value, `${pointer}/enum/${i}`, 'enum value')
    })
    return
  }
  const withoutAnnotations = withoutKeys(node, ['default', 'examples'])
  check(withoutAnnotations, node.default, `${pointer}/default`, 'default')
  node.examples?.forEach((value, i) => {
    check(withoutAnnotations, value, `${pointer}/examples/${i}`, 'example')
  })
}

function saysWhatItAdmits(node: SchemaNode): boolean {
  return (
    node.type !== undefined ||
    node.const !== undefined ||
    node.enum !== undefined ||
    node.anyOf !== undefined ||
    node.oneOf !== undefined ||
    node.allOf !== undefined
  )
}

/** A `$message` in a schema: where, and which type. */
function messageAt(node: SchemaNode, pointer: string): { pointer: string; type: string } | undefined {
  return typeof node.$message === 'string' ? { pointer: `${pointer}/$message`, type: node.$message } : undefined
}

/** The key a bot's configuration value uses for a secret (`{ $secret: NAME }`): no configuration property may have its name. */
const SECRET_KEY = '$secret'

/** A property named `$secret` declared by a schema: the pointer of its key. */
function secretPropertyAt(node: SchemaNode, pointer: string): { pointer: string } | undefined {
  return isRecord(node.properties) && Object.hasOwn(node.properties, SECRET_KEY) ? { pointer: `${pointer}/properties/${SECRET_KEY}` } : undefined
}

/**
 * What a configuration cannot hold directly it cannot hold through a named schema either: a
 * message (BW2024) or a `$secret` property (BW2027), reported at the `$ref` that brings it in,
 * with the place inside the `$defs` entry related.
 */
function checkConfigurationThroughDefs(file: SourceFile, site: SchemaSite, named: NamedSchemaUse, out: Diagnostic[]): void {
  const messages = defsHolding(named.defs, messageAt)
  const secrets = defsHolding(named.defs, secretPropertyAt)
  if (messages.size === 0 && secrets.size === 0) return
  walkSchema(site.schema, site.pointer, (node, pointer) => {
    if (typeof node.$ref !== 'string') return
    const name = defsName(node.$ref)
    const at = `${pointer}/$ref`
    const message = messages.get(name)
    if (message !== undefined) {
      out.push(
        diagnostic('BW2024', 'messageThroughDefs', { name, type: message.type }, locate(file, at), {
          path: at,
          related: [relatedLocation('messageHere', { type: message.type }, locate(file, message.pointer))],
        }),
      )
    }
    const secret = secrets.get(name)
    if (secret !== undefined) {
      out.push(
        diagnostic('BW2027', 'secretPropertyThroughDefs', { name }, locate(file, at), {
          path: at,
          related: [relatedLocation('secretPropertyHere', {}, locateKey(file, secret.pointer))],
        }),
      )
    }
  })
}

/** An object schema at the top: `type: object`, an `$entity` or a `$message` (checked once resolved), or an `allOf` one of whose branches is one. */
function isObjectAtTop(schema: SchemaNode): boolean {
  if (typeof schema.$entity === 'string' || typeof schema.$message === 'string') return true
  if (schema.type === 'object' || (Array.isArray(schema.type) && schema.type.length === 1 && schema.type[0] === 'object')) return true
  return schema.type === undefined && (schema.allOf?.some(isObjectAtTop) ?? false)
}

/** The object-at-the-top rule, read through `$ref`s (an `$entity` is checked once the entity is resolved). */
function checkObjectAtTop(file: SourceFile, site: SchemaSite, named: NamedSchemaUse, out: Diagnostic[]): void {
  const top = topOf(site.schema, named.defs)
  // a top that says nothing at all is BW2011's (give it a type), not also this
  // every message payload is an object
  if (top === undefined || isObjectAtTop(top.schema) || !saysWhatItAdmits(top.schema)) return
  if (top.via === null) {
    out.push(diagnostic('BW2012', 'topNotObject', { schema: describeRole(site) }, locate(file, site.pointer), { path: site.pointer }))
  } else {
    const at = `${site.pointer}/$ref`
    out.push(diagnostic('BW2012', 'defsNotObject', { name: top.via, schema: describeRole(site) }, locate(file, at), { path: at }))
  }
}

/**
 * `shapeProblems`: the definition's shape errors, when it has any (`spec` is then the
 * unchecked value validateShape returns). Its schemas that hold none of them are intact
 * (the meta-schema accepted every node in them) and are checked as usual, so that one
 * run reports a self-contradicting schema beside a misspelt key elsewhere in the file. In
 * a schema with a shape error inside, the nodes on the way to the error and inside it are
 * left to the next run, and so are the judgements of the schema as a whole (an object at
 * the top; what a configuration reaches through `$defs`); its other nodes are checked.
 */
export function checkSchemaSanity(file: SourceFile, spec: DefinitionSpec | UncheckedDefinition, shapeProblems: readonly Diagnostic[] = []): Diagnostic[] {
  const out: Diagnostic[] = []
  const named = new NamedSchemaUse(file, spec, defsOf(spec))
  // every pass below that follows references walks a chain recursively: a chain too long is told alone, and the rest waits
  const tooDeep = checkRefChains(file, named.defs)
  if (tooDeep.length > 0) return tooDeep
  let intact = true
  const sites = schemaSites(spec)
  // where `secret: true` means something: configuration schemas and the named schemas they use
  const secretDefs = configurationDefs(sites, named.defs)
  const resolve = defsResolver(named.defs)
  const problems = new ProblemPlaces(shapeProblems)
  const suggestions = new SuggestionBudget()
  for (const site of sites) {
    const holdsSecrets = site.role === 'configuration' || (site.role === 'defs' && secretDefs.has(site.member))
    if (problems.unplaced) {
      intact = false
      continue
    }
    const broken = problems.hasWithin(site.pointer)
    if (!broken) {
      if (site.role !== 'entity' && site.role !== 'defs') checkObjectAtTop(file, site, named, out)
      if (site.role === 'configuration' && Object.keys(named.defs).length > 0) checkConfigurationThroughDefs(file, site, named, out)
    } else intact = false
    // a node on the way to a shape error, or inside one, waits for the next run; the rest of the schema is checked
    walkSchema(site.schema, site.pointer, (node, pointer, enclosing, allOf) => {
      if (broken && problems.touches(pointer, site.pointer)) return
      checkNode(file, spec.kind, site, named, node, pointer, enclosing, allOf, suggestions, out)
      if (holdsSecrets) checkSecretValues(file, site, node, pointer, resolve, out)
    })
  }
  if (Object.keys(named.defs).length > 0) {
    out.push(...checkDefsCycles(file, named.defs))
    // a schema left unchecked may be where an entry is used
    if (intact) named.unused(out)
  }
  return out
}

function describeRole(site: SchemaSite): string {
  switch (site.role) {
    case 'input':
      return `the input schema of action '${site.member}'`
    case 'output':
      return `the output schema of action '${site.member}'`
    case 'event':
      return `the schema of event '${site.member}'`
    case 'channel-message':
      return `the schema of channel message '${site.member}'`
    case 'configuration':
      return site.member === 'configuration' ? 'the configuration schema' : `the schema of configuration '${site.member}'`
    case 'entity':
      return `the schema of entity '${site.member}'`
    case 'defs':
      return `$defs '${site.member}'`
    case 'state':
      return `the schema of state '${site.member}'`
  }
}
