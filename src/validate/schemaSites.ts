// Lists every schema a definition holds, with its JSON pointer and role, so that the
// passes that look at schemas (sanity, references, extension, lowering) agree on them.

import { isRecord } from '../jsonSchema/own.js'
import { escapePointerSegment, formatPointer } from '../jsonSchema/pointer.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import type { DefinitionSpec, UncheckedDefinition } from './definitionTypes.js'

export type SchemaRole = 'entity' | 'defs' | 'input' | 'output' | 'event' | 'channel-message' | 'configuration' | 'state'

export interface SchemaSite {
  role: SchemaRole
  /** pointer to the schema node itself (…/schema) */
  pointer: string
  schema: SchemaNode
  /** the member's name: entity, `$defs` entry, action, event, channel message ('channel.message'), state */
  member: string
}

// The sites are also listed for a definition whose shape has errors (its intact schemas
// are still checked for sanity), so every step guards against what the meta-schema would
// have refused: a map that is a list or a scalar, a holder without an object `schema`.
// The steps therefore read `unknown`, for a checked definition as for an unchecked one.
function entries(map: unknown): [string, unknown][] {
  return isRecord(map) ? Object.entries(map) : []
}

function site(role: SchemaRole, member: string, path: (string | number)[], holder: unknown): SchemaSite[] {
  if (!isRecord(holder) || !isRecord(holder.schema)) return []
  // an object under `schema`: a SchemaNode in a checked definition; in an unchecked one, a
  // schema the caller reads only where no shape error lies within it (see schemaSanity.ts)
  return [{ role, member, pointer: formatPointer([...path, 'schema']), schema: holder.schema as SchemaNode }]
}

/** The named schemas of `$defs` (docs/definitions.md#named-schemas-defs-and-ref): each entry is a schema itself, with no holder. */
function defsSites(defs: unknown): SchemaSite[] {
  return entries(defs).flatMap(([name, schema]) =>
    isRecord(schema) ? [{ role: 'defs' as const, member: name, pointer: formatPointer(['$defs', name]), schema: schema as SchemaNode }] : [],
  )
}

function actionSites(actions: unknown): SchemaSite[] {
  return entries(actions).flatMap(([name, action]) =>
    isRecord(action)
      ? [...site('input', name, ['actions', name, 'input'], action.input), ...site('output', name, ['actions', name, 'output'], action.output)]
      : [],
  )
}

function eventSites(events: unknown): SchemaSite[] {
  return entries(events).flatMap(([name, event]) => site('event', name, ['events', name], event))
}

/** The states of an integration, plugin or bot (docs/definitions.md#states). */
function stateSites(states: unknown): SchemaSite[] {
  return entries(states).flatMap(([name, state]) => site('state', name, ['states', name], state))
}

function channelSites(channels: unknown): SchemaSite[] {
  return entries(channels).flatMap(([channel, spec]) =>
    entries(isRecord(spec) ? spec.messages : undefined).flatMap(([message, holder]) =>
      site('channel-message', `${channel}.${message}`, ['channels', channel, 'messages', message], holder),
    ),
  )
}

const sitesBySpec = new WeakMap<DefinitionSpec | UncheckedDefinition, SchemaSite[]>()

/** Every schema of a definition (computed once per definition; several passes ask). */
export function schemaSites(spec: DefinitionSpec | UncheckedDefinition): SchemaSite[] {
  let sites = sitesBySpec.get(spec)
  if (!sites) {
    sites = findSchemaSites(spec)
    sitesBySpec.set(spec, sites)
  }
  return sites
}

function findSchemaSites(spec: DefinitionSpec | UncheckedDefinition): SchemaSite[] {
  switch (spec.kind) {
    case 'interface':
      return [
        ...defsSites(spec.$defs),
        ...entries(spec.entities).flatMap(([name, e]) => site('entity', name, ['entities', name], e)),
        ...actionSites(spec.actions),
        ...eventSites(spec.events),
        ...channelSites(spec.channels),
      ]
    case 'integration':
      return [
        ...defsSites(spec.$defs),
        ...site('configuration', 'configuration', ['configuration'], spec.configuration),
        ...entries(spec.configurations).flatMap(([name, c]) => site('configuration', name, ['configurations', name], c)),
        ...entries(spec.entities).flatMap(([name, e]) => site('entity', name, ['entities', name], e)),
        ...actionSites(spec.actions),
        ...eventSites(spec.events),
        ...channelSites(spec.channels),
        ...stateSites(spec.states),
      ]
    case 'plugin':
      return [
        ...defsSites(spec.$defs),
        ...site('configuration', 'configuration', ['configuration'], spec.configuration),
        ...actionSites(spec.actions),
        ...eventSites(spec.events),
        ...stateSites(spec.states),
      ]
    case 'bot':
      // a bot's own events and its states (docs/definitions.md#bot)
      return [...eventSites(spec.events), ...stateSites(spec.states)]
  }
}

/**
 * Where a branch of `allOf` stands: the `allOf` list itself and the branch's index. The
 * other branches hold of the same value too; they are read through this one shared view
 * (a copy of them for every branch would make the walk quadratic in the branches).
 */
export interface AllOfPlace {
  branches: readonly unknown[]
  index: number
}

/**
 * Calls `visit` on every node of a schema, depth first, with its pointer and the nodes
 * whose keywords apply to the same value as it: for a branch of `anyOf`/`oneOf`/`allOf`,
 * the node it is a branch of (and that node's own such nodes), since ajv evaluates a
 * branch on the value its parent is given; for every other node, none. A branch of
 * `allOf` is also given its place in that `allOf` (`allOf`), whose other branches hold
 * of the same value too.
 */
export function walkSchema(
  schema: SchemaNode,
  pointer: string,
  visit: (node: SchemaNode, pointer: string, enclosing: readonly SchemaNode[], allOf: AllOfPlace | undefined) => void,
  enclosing: readonly SchemaNode[] = [],
  allOfPlace: AllOfPlace | undefined = undefined,
): void {
  // beside a shape error a schema may hold anything where a node belongs (`null`, `5`,
  // `anyOf: {}`): such a place is the error's, and not walked
  if (!isRecord(schema)) return
  visit(schema, pointer, enclosing, allOfPlace)
  const properties = schema.properties
  if (isRecord(properties)) {
    for (const name of Object.keys(properties)) walkSchema(properties[name] as SchemaNode, `${pointer}/properties/${escapePointerSegment(name)}`, visit)
  }
  if (isRecord(schema.additionalProperties)) walkSchema(schema.additionalProperties as SchemaNode, `${pointer}/additionalProperties`, visit)
  if (schema.items) walkSchema(schema.items, `${pointer}/items`, visit)
  if (schema.anyOf === undefined && schema.oneOf === undefined && schema.allOf === undefined) return
  const branchEnclosing = [...enclosing, schema]
  if (Array.isArray(schema.anyOf)) schema.anyOf.forEach((branch, i) => void walkSchema(branch, `${pointer}/anyOf/${i}`, visit, branchEnclosing))
  if (Array.isArray(schema.oneOf)) schema.oneOf.forEach((branch, i) => void walkSchema(branch, `${pointer}/oneOf/${i}`, visit, branchEnclosing))
  const allOf = schema.allOf
  if (!Array.isArray(allOf)) return
  allOf.forEach((branch, index) => void walkSchema(branch, `${pointer}/allOf/${index}`, visit, branchEnclosing, { branches: allOf, index }))
}
