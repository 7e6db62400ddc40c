// The shapes of the four kinds once the meta-schemas have accepted a file (docs/definitions.md).
// These are the source's words as written; resolve/ binds their references.
import type { SchemaNode } from '../jsonSchema/types.js'
import type { SourceFile } from '../source/sourceFile.js'

export interface SchemaHolder {
  schema: SchemaNode
  title?: string
  description?: string
}

export interface ActionSpec {
  title?: string
  description?: string
  billable?: boolean
  cacheable?: boolean
  attributes?: Record<string, string>
  input: SchemaHolder
  output: SchemaHolder
}

export interface EventSpec extends SchemaHolder {
  attributes?: Record<string, string>
}

export interface ChannelSpec {
  title?: string
  description?: string
  messages: Record<string, SchemaHolder>
}

interface DefinitionBase {
  name: string
  title?: string
  description?: string
}

export interface InterfaceSpec extends DefinitionBase {
  kind: 'interface'
  version: string
  entities: Record<string, SchemaHolder>
  actions: Record<string, ActionSpec>
  events?: Record<string, EventSpec>
  channels?: Record<string, ChannelSpec>
}

export interface MetadataOverride {
  name?: string
  title?: string
  description?: string
}

export interface ImplementedInterfaceSpec {
  name: string
  version: string
  entities: Record<string, string>
  actions?: Record<string, MetadataOverride>
  events?: Record<string, MetadataOverride>
  channels?: Record<string, MetadataOverride>
}

export interface IntegrationSpec extends DefinitionBase {
  kind: 'integration'
  version: string
  configuration?: SchemaHolder
  entities?: Record<string, SchemaHolder>
  actions?: Record<string, ActionSpec>
  events?: Record<string, EventSpec>
  channels?: Record<string, ChannelSpec>
  interfaces?: Record<string, ImplementedInterfaceSpec>
}

export interface PluginSpec extends DefinitionBase {
  kind: 'plugin'
  version: string
  configuration?: SchemaHolder
  interfaces?: Record<string, { name: string; version: string }>
  actions?: Record<string, ActionSpec>
  events?: Record<string, EventSpec>
}

export interface BotIntegrationSpec {
  integration: string
  version: string
  configuration?: Record<string, unknown>
}

export interface BotPluginSpec {
  plugin: string
  version: string
  configuration?: Record<string, unknown>
  dependencies?: Record<string, { integrationAlias: string; integrationInterfaceAlias: string }>
}

export interface BotSpec extends DefinitionBase {
  kind: 'bot'
  version?: string
  message?: { tags?: Record<string, { title?: string; description?: string }> }
  integrations?: Record<string, BotIntegrationSpec>
  plugins?: Record<string, BotPluginSpec>
}

export type DefinitionSpec = InterfaceSpec | IntegrationSpec | PluginSpec | BotSpec

/** A definition that passed shape validation, with the file it came from. */
export interface RawDefinition<S extends DefinitionSpec = DefinitionSpec> {
  file: SourceFile
  spec: S
}
