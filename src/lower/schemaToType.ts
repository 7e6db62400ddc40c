// A definition schema lowered to a TypeScript type expression. Plain interfaces and
// literal unions only (docs/generated-code.md#schemas-become-plain-types): an object with no properties is
// `Record<string, never>` unless it admits extra properties, and an index signature
// covers the declared properties' types too.

import { mergeAllOf } from '../jsonSchema/mergeAllOf.js'
import { own } from '../jsonSchema/own.js'
import { DEFS_PREFIX, messageReference } from '../jsonSchema/reference.js'
import type { JsonValue, SchemaNode, SchemaTypeName } from '../jsonSchema/types.js'
import { isUnconstrained, rootView } from '../jsonSchema/view.js'
import { OBJECT_MEMBERS } from './names.js'
import type { Doc, PropertySignature, TypeExpr } from './plan.js'
import { hasReferences } from './schemaToJson.js'

/**
 * Which side of a value a type is for, where `default`s make the two differ
 * (docs/generated-code.md#defaults-the-two-views): `filled`, what a handler reads once the
 * runtime has filled the defaults in (a defaulted property is present); `given`, what a
 * caller gives (a defaulted property may be left out, required or not). Without a view,
 * the type is the schema as written (outputs, events, messages: nothing fills them).
 */
export type TypeView = 'filled' | 'given'

export interface TypeContext {
  /** the type a reference stands for, in a view: an `$entity` name, or a `$ref` to a `$defs` entry (`#/$defs/NAME`) */
  entity(name: string, view?: TypeView): TypeExpr
  /** whether a referenced type in the `given` view differs from its type (it has a default the runtime fills) */
  entityHasDefaults?(name: string): boolean
  /** the type a `$ref: '#/definitions/NAME'` stands for (messages.schema.json only) */
  definition?(name: string): TypeExpr
  view?: TypeView | undefined
}

/** The context in another view (or none): only the places the runtime fills keep the view. */
function inView(context: TypeContext, view: TypeView | undefined): TypeContext {
  return context.view === view ? context : { ...context, view }
}

const UNKNOWN: TypeExpr = { kind: 'keyword', name: 'unknown' }
const NEVER: TypeExpr = { kind: 'keyword', name: 'never' }
const UNDEFINED: TypeExpr = { kind: 'keyword', name: 'undefined' }

export function docOf(node: { title?: string; description?: string }): Doc | undefined {
  const { title, description } = node
  if (title === undefined && description === undefined) return undefined
  const doc: Doc = {}
  if (title !== undefined) doc.title = title
  if (description !== undefined) doc.description = description
  return doc
}

/** A cheap identity for the simple members of a union; complex ones are compared as JSON. */
function memberKey(member: TypeExpr): string {
  switch (member.kind) {
    case 'keyword':
      return `k:${member.name}`
    case 'literal':
      return `l:${typeof member.value}:${String(member.value)}`
    case 'ref':
      return member.args ? JSON.stringify(member) : `r:${member.name}`
    default:
      return JSON.stringify(member)
  }
}

function isKeyword(type: TypeExpr, name: string): boolean {
  return type.kind === 'keyword' && type.name === name
}

/** Whether two members of a union are one (the same `memberKey`), without building keys for the simple kinds. */
function sameMember(a: TypeExpr, b: TypeExpr): boolean {
  if (a.kind !== b.kind) return false
  if (a.kind === 'keyword') return a.name === (b as typeof a).name
  if (a.kind === 'ref' && !a.args && !(b as typeof a).args) return a.name === (b as typeof a).name
  return memberKey(a) === memberKey(b)
}

/**
 * `union([a, b])` of two members that are not unions (an optional property's type and
 * `undefined`, most often): the same result, without the general path's lists and keys.
 */
function unionOfTwo(a: TypeExpr, b: TypeExpr): TypeExpr {
  if (isKeyword(a, 'unknown') || isKeyword(b, 'unknown')) return UNKNOWN
  if (sameMember(a, b)) return isKeyword(a, 'never') ? NEVER : a
  if (isKeyword(a, 'never')) return b
  if (isKeyword(b, 'never')) return a
  return { kind: 'union', members: [a, b] }
}

export function union(members: TypeExpr[]): TypeExpr {
  const only = members.length === 1 ? members[0] : undefined
  if (only && only.kind !== 'union') return only
  const [first, second] = members
  if (members.length === 2 && first && second && first.kind !== 'union' && second.kind !== 'union') return unionOfTwo(first, second)
  const flat: TypeExpr[] = []
  const seen = new Set<string>()
  const addMember = (member: TypeExpr): void => {
    const key = memberKey(member)
    if (seen.has(key)) return
    seen.add(key)
    flat.push(member)
  }
  for (const m of members) {
    if (m.kind === 'union') for (const member of m.members) addMember(member)
    else addMember(m)
  }
  if (flat.some((m) => isKeyword(m, 'unknown'))) return UNKNOWN
  const withoutNever = flat.filter((m) => !isKeyword(m, 'never'))
  if (withoutNever.length === 0) return NEVER
  return withoutNever.length === 1 ? (withoutNever[0] as TypeExpr) : { kind: 'union', members: withoutNever }
}

function literalType(value: JsonValue): TypeExpr {
  if (value === null) return { kind: 'keyword', name: 'null' }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return { kind: 'literal', value }
  if (Array.isArray(value)) return { kind: 'raw', text: `[${value.map((v) => printLiteralValue(v)).join(', ')}]` }
  return {
    kind: 'object',
    members: Object.entries(value).map(([name, v]) => ({ name, optional: false, type: literalType(v) })),
  }
}

/** Literal tuple elements inside a `raw` type: only literal JSON text. */
function printLiteralValue(value: JsonValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map(printLiteralValue).join(', ')}]`
  return `{ ${Object.entries(value)
    .map(([k, v]) => `${JSON.stringify(k)}: ${printLiteralValue(v)}`)
    .join('; ')} }`
}

function typesOf(schema: SchemaNode): SchemaTypeName[] | undefined {
  if (schema.type === undefined) return undefined
  return Array.isArray(schema.type) ? schema.type : [schema.type]
}

/**
 * The type of an optional property: `T | undefined`, because the runtime treats a property
 * given as `undefined` as left out (values travel as JSON), so that under
 * exactOptionalPropertyTypes `{ nextToken: token }` with `token: string | undefined`
 * compiles. One named like a member of every object (`toString`, `constructor`) also
 * admits that member's type: an object without the property still has the inherited
 * member, and without this no object literal that leaves the property out would be
 * assignable (TS2322: `() => string` is not assignable to `string`).
 */
export function optionalPropertyType(name: string, type: TypeExpr): TypeExpr {
  if (type.kind !== 'union' && !OBJECT_MEMBERS.has(name)) return unionOfTwo(type, UNDEFINED)
  const inherited: TypeExpr[] = OBJECT_MEMBERS.has(name) ? [{ kind: 'indexed', object: { kind: 'ref', name: 'Object' }, key: name }] : []
  return union([type, UNDEFINED, ...inherited])
}

/**
 * TypeScript takes `{ __proto__: 'p' }` for a `__proto__` property, but in JavaScript that
 * literal sets the prototype and creates no property: the one key the types cannot guard.
 */
const PROTO_KEY_NOTE =
  "Write this key as a computed key, `['__proto__']: ...`: in an object literal, `__proto__: ...` sets the prototype and creates no property."

function propertyDoc(name: string, property: SchemaNode): Doc | undefined {
  const doc = docOf(property)
  if (name !== '__proto__') return doc
  const description = doc?.description !== undefined && doc.description.trim() !== '' ? `${doc.description}\n\n${PROTO_KEY_NOTE}` : PROTO_KEY_NOTE
  return { ...doc, description }
}

/** Whether a property may be left out in a view: a defaulted one never in `filled`, always in `given`. */
function isOptional(required: boolean, property: SchemaNode, view: TypeView | undefined): boolean {
  if (view === undefined || property.default === undefined) return !required
  return view === 'given'
}

function objectType(schema: SchemaNode, context: TypeContext): TypeExpr {
  const required = new Set(schema.required ?? [])
  const members: PropertySignature[] = Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const doc = propertyDoc(name, property)
    const optional = isOptional(required.has(name), property, context.view)
    const type = schemaToType(property, context)
    return { name, optional, type: optional ? optionalPropertyType(name, type) : type, ...(doc ? { doc } : {}) }
  })
  const extra = schema.additionalProperties
  if (extra === false) {
    if (members.length === 0) return { kind: 'ref', name: 'Record', args: [{ kind: 'keyword', name: 'string' }, NEVER] }
    return { kind: 'object', members }
  }
  if (extra === undefined || extra === true) {
    if (members.length === 0) return { kind: 'ref', name: 'Record', args: [{ kind: 'keyword', name: 'string' }, UNKNOWN] }
    // explicitly open: extra keys of any type (`unknown` covers the declared properties'
    // types too); left out, the declared properties only (docs/decisions.md says why)
    return extra === true ? { kind: 'object', members, index: UNKNOWN } : { kind: 'object', members }
  }
  // an index signature must admit every declared property's type as well (TS2411); an
  // optional one's type includes `undefined` (optionalPropertyType)
  // the runtime fills no defaults into extra keys' values: they are typed as written
  const index = union([schemaToType(extra, inView(context, undefined)), ...members.map((m) => m.type)])
  return { kind: 'object', members, index }
}

function typeForName(name: SchemaTypeName, schema: SchemaNode, context: TypeContext): TypeExpr {
  switch (name) {
    case 'string':
      return { kind: 'keyword', name: 'string' }
    case 'number':
    case 'integer':
      return { kind: 'keyword', name: 'number' }
    case 'boolean':
      return { kind: 'keyword', name: 'boolean' }
    case 'null':
      return { kind: 'keyword', name: 'null' }
    case 'array':
      return { kind: 'array', element: schema.items ? schemaToType(schema.items, context) : UNKNOWN }
    case 'object':
      return objectType(schema, context)
  }
}

function admitsType(types: SchemaTypeName[] | undefined, value: JsonValue): boolean {
  if (types === undefined) return true
  if (value === null) return types.includes('null')
  if (Array.isArray(value)) return types.includes('array')
  switch (typeof value) {
    case 'string':
      return types.includes('string')
    case 'boolean':
      return types.includes('boolean')
    case 'number':
      return types.includes('number') || (types.includes('integer') && Number.isInteger(value))
    default:
      return types.includes('object')
  }
}

/**
 * Types of composite schemas that reference no entity: they do not depend on the context,
 * so each schema object is lowered once and its type shared (an interface's schemas are
 * lowered again in every integration that implements it and every plugin that uses it).
 * Plans are never changed once built, so sharing their objects is safe.
 */
const contextFreeTypes = { plain: new WeakMap<SchemaNode, TypeExpr>(), filled: new WeakMap<SchemaNode, TypeExpr>(), given: new WeakMap<SchemaNode, TypeExpr>() }

function isComposite(schema: SchemaNode): boolean {
  return schema.properties !== undefined || schema.items !== undefined || schema.anyOf !== undefined || schema.oneOf !== undefined || schema.allOf !== undefined
}

export function schemaToType(schema: SchemaNode, context: TypeContext): TypeExpr {
  if (context.definition !== undefined || !isComposite(schema) || hasReferences(schema)) return lowerSchema(schema, context)
  const cache = contextFreeTypes[context.view ?? 'plain']
  let type = cache.get(schema)
  if (!type) {
    type = lowerSchema(schema, context)
    cache.set(schema, type)
  }
  return type
}

function lowerSchema(schema: SchemaNode, context: TypeContext): TypeExpr {
  if (typeof schema.$entity === 'string') return context.entity(schema.$entity, context.view)
  const ref = schema.$ref
  if (typeof ref === 'string' && ref.startsWith(DEFS_PREFIX)) return context.entity(ref, context.view)
  if (typeof schema.$message === 'string') return context.entity(messageReference(schema.$message))
  if (typeof ref === 'string' && context.definition) return context.definition(ref.replace(/^#\/definitions\//, ''))
  if (schema.allOf !== undefined) return allOfType(schema, context)
  const types = typesOf(schema)
  if (schema.const !== undefined) return admitsType(types, schema.const) ? literalType(schema.const) : NEVER
  if (schema.enum !== undefined) return union(schema.enum.filter((v) => admitsType(types, v)).map(literalType))
  if (types && isAnyJsonValue(types, schema)) return JSON_VALUE
  const admitted = types && typesTheBranchesAdmit(types, schema)
  const base = admitted ? union(admitted.map((t) => typeForName(t, schema, context))) : undefined
  if (schema.anyOf === undefined && schema.oneOf === undefined) return base ?? UNKNOWN
  // a value must pass the type, some anyOf branch and one oneOf branch: each is a part of it
  const parts: TypeExpr[] = base ? [base] : []
  // the runtime fills no defaults inside branches (which one holds is known only after validation)
  const branchContext = inView(context, undefined)
  for (const branches of [schema.anyOf, schema.oneOf]) if (branches) parts.push(union(branches.map((b) => branchType(b, schema, branchContext))))
  return parts.length === 1 ? (parts[0] as TypeExpr) : { kind: 'intersection', members: parts }
}

/**
 * The node's types that its `anyOf`/`oneOf` let through: a value must pass a branch of
 * each, so where every branch says its types (`type: [string, object]` with object
 * branches only), the others cannot occur. Without this the type would be
 * `(string | {...}) & { a?: string }`, which every string fits (TypeScript's check of an
 * all-optional type is skipped inside an intersection). Unchanged where a branch says no
 * type (an `$entity`, a `const`), or where nothing would be left (BW2019 reports that).
 */
function typesTheBranchesAdmit(types: SchemaTypeName[], schema: SchemaNode): SchemaTypeName[] {
  let kept = types
  for (const branches of [schema.anyOf, schema.oneOf]) {
    if (branches === undefined) continue
    const branchTypes = branches.map(typesOf)
    if (branchTypes.some((t) => t === undefined)) continue
    const allowed = new Set(branchTypes.flatMap((t) => t ?? []))
    // integer and number are one TypeScript type: either lets the other through
    const passes = (t: SchemaTypeName): boolean => allowed.has(t) || ((t === 'integer' || t === 'number') && (allowed.has('integer') || allowed.has('number')))
    const narrowed = kept.filter(passes)
    if (narrowed.length > 0) kept = narrowed
  }
  return kept
}

/** The runtime's `JsonValue`: every generated module that has a type imports the runtime as `runtime`. */
const JSON_VALUE: TypeExpr = { kind: 'ref', name: 'runtime.JsonValue' }
const ANY_JSON_TYPES: readonly SchemaTypeName[] = ['string', 'number', 'boolean', 'object', 'array', 'null']
const SHAPE_KEYWORDS: readonly (keyof SchemaNode)[] = ['properties', 'required', 'additionalProperties', 'items', 'anyOf', 'oneOf']

/**
 * "Any JSON value" (docs/generated-code.md#any-json-value): a node whose `type` lists
 * every JSON type (`integer` may be listed beside `number`) and that shapes neither objects
 * nor arrays is `runtime.JsonValue`, not a union of six types with open `Record`s.
 */
function isAnyJsonValue(types: SchemaTypeName[], schema: SchemaNode): boolean {
  if (!ANY_JSON_TYPES.every((t) => types.includes(t))) return false
  return !SHAPE_KEYWORDS.some((k) => schema[k] !== undefined)
}

const defaultsFound = new WeakMap<SchemaNode, boolean>()

/**
 * Whether a schema's `filled` and `given` views differ: a property with a `default` where
 * the runtime fills it (through properties, items and `allOf` branches, not union branches
 * or extra keys), or an entity there whose own views differ. Asked first, so that schemas without
 * defaults are lowered once, as before.
 */
export function hasFilledDefaults(schema: SchemaNode, context: TypeContext): boolean {
  if (typeof schema.$entity === 'string') return context.entityHasDefaults?.(schema.$entity) ?? false
  if (typeof schema.$ref === 'string') return context.entityHasDefaults?.(schema.$ref) ?? false
  if (schema.properties === undefined && schema.items === undefined && schema.allOf === undefined) return false
  const entityFree = !hasReferences(schema)
  const known = entityFree ? defaultsFound.get(schema) : undefined
  if (known !== undefined) return known
  let found = false
  for (const property of Object.values(schema.properties ?? {})) {
    if (property.default !== undefined || hasFilledDefaults(property, context)) {
      found = true
      break
    }
  }
  if (!found && schema.items !== undefined) found = hasFilledDefaults(schema.items, context)
  if (!found && schema.allOf !== undefined) found = schema.allOf.some((branch) => hasFilledDefaults(branch, context))
  if (entityFree) defaultsFound.set(schema, found)
  return found
}

const OBJECT_KEYWORDS: readonly (keyof SchemaNode)[] = ['properties', 'required', 'additionalProperties']
const WHAT_A_NODE_ADMITS: readonly (keyof SchemaNode)[] = ['type', '$entity', '$ref', '$message', 'const', 'enum', 'anyOf', 'oneOf', 'allOf']

function isObjectOnly(types: SchemaTypeName[] | undefined): boolean {
  return types !== undefined && types.length === 1 && types[0] === 'object'
}

/**
 * The type of a branch of `anyOf`/`oneOf`. ajv evaluates a branch on the value its parent
 * is given, so a branch may require a property that only the parent declares (the "at
 * least one of" idiom, `anyOf: [{ required: [email] }, { required: [phone] }]`): such a
 * branch is an object with that property required, typed as the parent declares it, and
 * the intersection with the parent's type says "email or phone, at least one". A branch
 * with only object keywords and no `type` is an object branch when the parent admits only
 * objects (otherwise it also admits the parent's other types, and stays `unknown`).
 */
function branchType(branch: SchemaNode, parent: SchemaNode, context: TypeContext): TypeExpr {
  const types = typesOf(branch)
  const untypedObject =
    !WHAT_A_NODE_ADMITS.some((k) => branch[k] !== undefined) && OBJECT_KEYWORDS.some((k) => branch[k] !== undefined) && isObjectOnly(typesOf(parent))
  if (!untypedObject && !isObjectOnly(types)) return schemaToType(branch, context)
  const inherited = (branch.required ?? []).flatMap((name) => {
    const declared = own(branch.properties, name) === undefined ? own(parent.properties, name) : undefined
    return declared === undefined ? [] : [[name, declared] as const]
  })
  if (!untypedObject && inherited.length === 0) return schemaToType(branch, context)
  // own properties only, whatever their names (`__proto__` included)
  const properties = Object.fromEntries([...inherited, ...Object.entries(branch.properties ?? {})])
  return objectType({ ...branch, type: 'object', properties }, context)
}

/** Entities are not followed here: an entity branch stays its named type, intersected. */
const FOLLOWS_NO_ENTITY = (): undefined => undefined

/**
 * The type of an `allOf` node (docs/generated-code.md#schemas-become-plain-types): where its branches and
 * the keywords beside them merge into one schema exactly (plain objects whose properties
 * and additionalProperties agree, see src/jsonSchema/mergeAllOf.ts), the type of that
 * schema, one interface; otherwise the intersection of their types, each a superset of
 * its branch's values.
 */
function allOfType(schema: SchemaNode, context: TypeContext): TypeExpr {
  const { merged, inexact } = mergeAllOf(rootView(schema, null), FOLLOWS_NO_ENTITY)
  if (inexact === undefined) return lowerSchema(merged.node, context)
  const { allOf: branches = [], ...rest } = schema
  const members: TypeExpr[] = isUnconstrained(rest) ? [] : [lowerSchema(rest, context)]
  for (const branch of branches) members.push(branchType(branch, schema, context))
  const flat = members.flatMap((member) => (member.kind === 'intersection' ? member.members : [member]))
  if (flat.some((member) => member.kind === 'keyword' && member.name === 'never')) return NEVER
  const known = flat.filter((member) => !(member.kind === 'keyword' && member.name === 'unknown'))
  return known.length === 0 ? UNKNOWN : known.length === 1 ? (known[0] as TypeExpr) : { kind: 'intersection', members: known }
}
