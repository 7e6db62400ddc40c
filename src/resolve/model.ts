// The resolved model of a workspace: every definition with its references bound.
// Plain data, built once by resolve/ and read by check/, lower/ and diff.

import { own } from '../jsonSchema/own.js'
import { defsName, defsReference, isDefsReference, isMessageReference, messageTypeOf } from '../jsonSchema/reference.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { ActionSpec, BotSpec, ChannelSpec, EventSpec, IntegrationSpec, InterfaceSpec, PluginSpec } from '../validate/definitionTypes.js'
import { messagePayloadSchema } from '../validate/messageSchemas.js'
import type { DefinitionKind } from '../validate/metaSchemas.js'

export type { DefinitionKind }

/** The schema of a definition without a configuration: an empty object. */
export const EMPTY_CONFIGURATION: SchemaNode = { type: 'object', properties: {}, additionalProperties: false }

/** `interface/llm@1.0.0`: the one key of a definition everywhere in the model. */
export type DefinitionKey = string

export function definitionKey(kind: DefinitionKind, name: string, version: string): DefinitionKey {
  return `${kind}/${name}@${version}`
}

/** An entity of a definition that owns entities (an interface or an integration). */
export interface QualifiedEntity {
  owner: DefinitionKey
  entity: string
}

/**
 * How the `$entity` names inside a schema are bound: the name as written -> the entity
 * it stands for. An interface's or integration's own schemas bind their own entity
 * names; an implemented interface's schemas bind interface names to the integration's
 * mapped entities; a plugin's bind `LOCAL.ENTITY` to the interface (plugin on its own)
 * or to the wired integration's entity (plugin instance in a bot).
 * A `$ref` is bound here too, under its pointer (`#/$defs/NAME` -> `{ owner, entity: '#/$defs/NAME' }`),
 * always to the `$defs` of the definition the schema is written in, never remapped
 * (docs/definitions.md#named-schemas-defs-and-ref): so every pass that follows a
 * reference through the scope follows both kinds alike.
 */
export type EntityScope = Record<string, QualifiedEntity>

/** The bindings of a definition's own `$defs` entries (`#/$defs/NAME`). */
export function defsScope(owner: DefinitionKey, defs: Record<string, unknown> | undefined): EntityScope {
  if (defs === undefined) return {}
  return Object.fromEntries(Object.keys(defs).map((name) => [defsReference(name), { owner, entity: defsReference(name) }]))
}

/** The owner of the standard message payloads a `$message` stands for: no definition, the same everywhere. */
export const MESSAGES_OWNER: DefinitionKey = 'messages'

/**
 * What a reference stands for, in a scope: the one function every pass that follows a
 * reference by its scope asks. `$entity` names and `$ref`s are bound by the scope; a
 * `$message` is bound everywhere to its payload, never remapped.
 */
export function bindReference(scope: EntityScope, key: string): QualifiedEntity | undefined {
  const bound = own(scope, key)
  if (bound !== undefined || !isMessageReference(key)) return bound
  return messagePayloadSchema(messageTypeOf(key)) === undefined ? undefined : { owner: MESSAGES_OWNER, entity: key }
}

/** The entity names a scope binds (without its `$defs` bindings), for messages. */
export function scopeEntityNames(scope: EntityScope): string[] {
  return Object.keys(scope).filter((key) => !isDefsReference(key))
}

export interface ScopedSchema {
  schema: SchemaNode
  scope: EntityScope
}

interface DefinitionModelBase {
  key: DefinitionKey
  name: string
  version: string
  file: SourceFile
  builtin: boolean
}

export interface InterfaceModel extends DefinitionModelBase {
  kind: 'interface'
  spec: InterfaceSpec
  scope: EntityScope
}

/** Where an integration's final member comes from. */
export type MemberOrigin = { from: 'own' } | { from: 'interface'; alias: string; interfaceKey: DefinitionKey; interfaceMember: string }

export interface FinalAction {
  name: string
  spec: ActionSpec
  title?: string
  description?: string
  scope: EntityScope
  origin: MemberOrigin
  /** pointer to the member in the integration file (own member, or the override/alias entry) */
  pointer: string
}

export interface FinalEvent {
  name: string
  spec: EventSpec
  title?: string
  description?: string
  scope: EntityScope
  origin: MemberOrigin
  pointer: string
}

export interface FinalChannel {
  name: string
  spec: ChannelSpec
  title?: string
  description?: string
  scope: EntityScope
  origin: MemberOrigin
  pointer: string
}

export interface ImplementedInterface {
  /** the integration interface alias (key of `interfaces`) */
  alias: string
  interfaceKey: DefinitionKey
  interfaceName: string
  version: string
  /** interface entity -> the integration's own entity */
  entityMap: Record<string, string>
  /** interface member name -> the integration's final name */
  actionNames: Record<string, string>
  eventNames: Record<string, string>
  channelNames: Record<string, string>
}

/**
 * An interface member whose override names one of the integration's own members of the
 * same kind: the own member stands for it (docs/definitions.md#binding-an-interface-member-to-an-own-member).
 * The BoundMembers check proves that it fits the interface member's contract.
 */
export interface MemberBinding {
  kind: 'actions' | 'events' | 'channels'
  /** the integration interface alias */
  alias: string
  interfaceKey: DefinitionKey
  interfaceMember: string
  /** the own member's name, which the override's `name` gives */
  name: string
  /** pointer to the override's `name` */
  pointer: string
  /** interface entity -> the integration's entity: how the interface member's schemas read here */
  scope: EntityScope
}

export interface IntegrationModel extends DefinitionModelBase {
  kind: 'integration'
  spec: IntegrationSpec
  scope: EntityScope
  implemented: ImplementedInterface[]
  actions: FinalAction[]
  events: FinalEvent[]
  channels: FinalChannel[]
  bindings: MemberBinding[]
}

export interface PluginDependency {
  local: string
  interfaceName: string
  range: string
  /** the lowest workspace version satisfying the range; null when none does */
  interfaceKey: DefinitionKey | null
}

export interface PluginModel extends DefinitionModelBase {
  kind: 'plugin'
  spec: PluginSpec
  dependencies: PluginDependency[]
  /** `LOCAL.ENTITY` -> the interface entity (the plugin compiled on its own) */
  scope: EntityScope
}

export interface IntegrationInstance {
  alias: string
  integrationKey: DefinitionKey
  configuration: Record<string, unknown>
}

export interface PluginWiring {
  local: string
  integrationAlias: string
  integrationInterfaceAlias: string
  integrationKey: DefinitionKey
  interfaceKey: DefinitionKey
}

export interface PluginInstance {
  alias: string
  pluginKey: DefinitionKey
  configuration: Record<string, unknown>
  wiring: PluginWiring[]
  /**
   * The plugin's schemas dereferenced for this instance: `LOCAL.ENTITY` bound to the
   * wired integration's entity (docs/definitions.md#bot). Same plugin, other wiring, other scope.
   */
  scope: EntityScope
}

export interface BotModel extends DefinitionModelBase {
  kind: 'bot'
  spec: BotSpec
  tags: string[]
  integrations: IntegrationInstance[]
  plugins: PluginInstance[]
}

export type DefinitionModel = InterfaceModel | IntegrationModel | PluginModel | BotModel

export interface Model {
  /** every definition by key, in a stable order (kind, name, version) */
  definitions: Map<DefinitionKey, DefinitionModel>
  interfaces: InterfaceModel[]
  integrations: IntegrationModel[]
  plugins: PluginModel[]
  bots: BotModel[]
}

export function requireDefinition<K extends DefinitionKind>(model: Model, key: DefinitionKey, kind: K): Extract<DefinitionModel, { kind: K }> {
  const found = model.definitions.get(key)
  if (!found || found.kind !== kind) throw new Error(`botwire internal: ${key} is not a resolved ${kind}`)
  return found as Extract<DefinitionModel, { kind: K }>
}

/** The schema of a qualified entity (or `$defs` entry), with the scope its own references are bound in. */
export function entitySchema(model: Model, entity: QualifiedEntity): ScopedSchema | undefined {
  if (entity.owner === MESSAGES_OWNER) {
    const schema = messagePayloadSchema(messageTypeOf(entity.entity))
    return schema && { schema, scope: {} }
  }
  const owner = model.definitions.get(entity.owner)
  if (!owner) return undefined
  if (isDefsReference(entity.entity)) {
    if (owner.kind === 'bot') return undefined
    const schema = own(owner.spec.$defs, defsName(entity.entity))
    return schema && { schema, scope: owner.scope }
  }
  if (owner.kind === 'interface') {
    const holder = own(owner.spec.entities, entity.entity)
    return holder && { schema: holder.schema, scope: owner.scope }
  }
  if (owner.kind === 'integration') {
    const holder = own(owner.spec.entities, entity.entity)
    return holder && { schema: holder.schema, scope: owner.scope }
  }
  return undefined
}
