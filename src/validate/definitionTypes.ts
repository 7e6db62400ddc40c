// The shapes of the four kinds once the meta-schemas have accepted a file (see
// docs/definitions.md), under the names the passes use. These are the source's words as
// written; resolve/ binds their references.
//
// The types are not written here: they are generated from the meta-schemas in schemas/
// (definitionTypes.generated.ts, `npm run compile:types`), the same schemas the shape
// validators are compiled from, so a key added to a meta-schema is a key of its type.
// One override, made at generation time: a schema node (the meta-schema's `schema`
// definition) is the core's SchemaNode (src/jsonSchema/types.ts), the type every pass
// that reads a schema uses, rather than a second type generated from the meta-schema's
// description of a node. It is added to an in-memory copy of the meta-schemas
// (scripts/definitionTypesSource.ts), not written into the shipped files, which editors
// read and ajv's strict mode checks.

import type { SourceFile } from '../source/sourceFile.js'
import type * as generated from './definitionTypes.generated.js'

export type { BotSpec, DefinitionSpec, IntegrationSpec, InterfaceSpec, MetadataOverride, PluginSpec } from './definitionTypes.generated.js'

/**
 * A schema with its title and description: an entity, an action's input or output, a
 * channel message or a configuration (the meta-schemas give each its own definition,
 * all of one shape); an event is one too, with attributes beside.
 */
export type SchemaHolder = generated.Entity | generated.ActionInput | generated.ActionOutput | generated.ChannelMessage | generated.Configuration

export type ActionSpec = generated.Action
/** An event; on integrations, plugins and bots it may recur (docs/definitions.md#recurring-events). */
export type EventSpec = generated.RecurringEvent
export type RecurrenceSpec = generated.Recurrence
/** A state of a bot or plugin (with an optional expiry), or of an integration (docs/definitions.md#states). */
export type StateSpec = generated.State | generated.IntegrationState
export type ChannelSpec = generated.Channel
/** `user`, `conversation` or `message` settings: declared tag keys (docs/definitions.md#tags) */
export type TagSettings = generated.TagSettings
/** One interface an integration implements (an entry of its `interfaces`). */
export type ImplementedInterfaceSpec = generated.InterfaceImplementation
/** An integration added to a bot (an entry of its `integrations`). */
export type BotIntegrationSpec = generated.IntegrationInstance
/** A plugin added to a bot (an entry of its `plugins`). */
export type BotPluginSpec = generated.PluginInstance

/**
 * A definition's value whose kind is known but whose other parts are unchecked: a file
 * with shape errors, whose intact schemas are still checked for sanity. A pass given one
 * guards every step of what it reads (see schemaSites.ts).
 */
export type UncheckedDefinition = Record<string, unknown> & { kind: generated.DefinitionSpec['kind'] }

/** A definition that passed shape validation, with the file it came from. */
export interface RawDefinition<S extends generated.DefinitionSpec = generated.DefinitionSpec> {
  file: SourceFile
  spec: S
}
