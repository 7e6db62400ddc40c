// The `definition` constant every generated module exports: plain JSON Schemas (entity
// references lowered to `$ref: '#/definitions/<key>'`) and, for bots, the wiring.
// Declared interfaces rather than deep `as const`, so that type-checking stays cheap.

import type { JsonSchema, JsonValue } from '../jsonSchema/types.js'

export type { JsonSchema, JsonValue }

/** `x-` keys: annotations carried from the definition unchanged (docs/definitions.md#annotations-x--keys). */
export interface Annotated {
  [annotation: `x-${string}`]: JsonValue
}

export interface Documented extends Annotated {
  title?: string
  description?: string
}

export interface ActionDefinition extends Documented {
  billable: boolean
  cacheable: boolean
  attributes: { [name: string]: string }
  input: JsonSchema
  output: JsonSchema
}

export interface EventDefinition extends Documented {
  attributes: { [name: string]: string }
  schema: JsonSchema
  /** when the runtime emits the event by itself (docs/definitions.md#recurring-events); absent when it does not */
  recurrence?: RecurrenceDefinition
}

/** Declared tag keys: key -> its title, description and annotations (docs/definitions.md#tags). */
export interface TagDeclarations extends Annotated {
  tags: { [key: string]: Documented }
}

export interface ChannelDefinition extends Documented {
  messages: { [name: string]: Documented & { schema: JsonSchema } }
  /** the tags of the conversations that live on the channel (`{ tags: {} }` when none) */
  conversation: TagDeclarations
  /** the tags of the messages exchanged on the channel (`{ tags: {} }` when none) */
  message: TagDeclarations
}

/** A value the runtime keeps per conversation, user, bot or integration (docs/definitions.md#states). */
export interface StateDefinition extends Documented {
  type: 'conversation' | 'user' | 'bot' | 'integration'
  schema: JsonSchema
  /** milliseconds of idle time after which the state is deleted; absent: never */
  expiry?: number
}

/** A recurring event's schedule: a five-field cron expression (UTC) and the payload of each occurrence. */
export interface RecurrenceDefinition {
  cron: string
  payload: JsonValue
}

interface DefinitionBase extends Documented {
  name: string
  version: string
  /** entity schemas, the targets of every `$ref` in this definition */
  definitions: { [key: string]: JsonSchema }
}

export interface InterfaceDefinition extends DefinitionBase {
  kind: 'interface'
  /** entity name -> key in `definitions` */
  entities: { [name: string]: string }
  actions: { [name: string]: ActionDefinition }
  events: { [name: string]: EventDefinition }
  channels: { [name: string]: ChannelDefinition }
}

export interface ImplementedInterfaceDefinition extends Annotated {
  name: string
  version: string
  /** interface entity -> integration entity */
  entities: { [name: string]: string }
  /** interface member name -> the integration's final name */
  actions: { [name: string]: string }
  events: { [name: string]: string }
  channels: { [name: string]: string }
}

/** An alternative configuration of an integration. */
export interface ConfigurationDefinition extends Documented {
  schema: JsonSchema
}

export interface IntegrationDefinition extends DefinitionBase {
  kind: 'integration'
  /** the default configuration */
  configuration: JsonSchema
  /** the alternative configurations, by name; absent when it declares none */
  configurations?: { [name: string]: ConfigurationDefinition }
  entities: { [name: string]: string }
  /** final names: own members and implemented interfaces' members */
  actions: { [name: string]: ActionDefinition }
  events: { [name: string]: EventDefinition }
  channels: { [name: string]: ChannelDefinition }
  interfaces: { [alias: string]: ImplementedInterfaceDefinition }
  /** the integration's own deployment secrets, by environment variable name: given to its implementation as `ctx.secrets.NAME` (docs/definitions.md#integration-metadata) */
  secrets: { [name: string]: Documented & { optional: boolean } }
  /** the icon's path, relative to the definition file, as written */
  icon?: string
  /** the readme's path, relative to the definition file, as written */
  readme?: string
  attributes: { [name: string]: string }
  /** the tags of the integration's users */
  user: TagDeclarations
  states: { [name: string]: StateDefinition }
  /** the key of its configuration whose value tells the bots apart at its shared webhook (docs/definitions.md#identifier); absent when it declares none */
  identifier?: Documented & { configuration: string }
}

export interface PluginInterfaceDefinition extends Annotated {
  name: string
  /** the range the plugin asks for */
  version: string
  /** the version the plugin is compiled against (lowest satisfying) */
  resolvedVersion: string
}

export interface PluginDefinition extends DefinitionBase {
  kind: 'plugin'
  configuration: JsonSchema
  interfaces: { [local: string]: PluginInterfaceDefinition }
  actions: { [name: string]: ActionDefinition }
  events: { [name: string]: EventDefinition }
  /** the plugin's own tags, unprefixed (the bot sees them as '<alias>#<key>') */
  user: TagDeclarations
  conversation: TagDeclarations
  message: TagDeclarations
  states: { [name: string]: StateDefinition }
}

/** A configuration value as the bot gives it; secrets stay `{ $secret: NAME }`. */
export type ConfigurationValue = { [key: string]: JsonValue }

export interface BotIntegrationDefinition extends Annotated {
  name: string
  version: string
  /** the alternative configuration the bot chose (docs/definitions.md#alternative-configurations); absent: the default */
  configurationType?: string
  configuration: ConfigurationValue
  /** false: the integration is off in this bot (docs/runtime.md#disabled-integrations); true when the bot does not say */
  enabled: boolean
  /** the integration's user tags, unprefixed (the bot sees them as '<alias>:<key>') */
  user: TagDeclarations
  /** the integration's channels (final names) with their conversation and message tags, unprefixed */
  channels: { [name: string]: { conversation: TagDeclarations; message: TagDeclarations } }
}

export interface PluginDependencyWiring extends Annotated {
  integrationAlias: string
  integrationInterfaceAlias: string
  interfaceName: string
  interfaceVersion: string
  /** interface action/event name -> the integration's final name */
  actions: { [name: string]: string }
  events: { [name: string]: string }
}

export interface BotPluginDefinition extends Annotated {
  name: string
  version: string
  configuration: ConfigurationValue
  dependencies: { [local: string]: PluginDependencyWiring }
  /** the plugin's schemas dereferenced for this instance (docs/definitions.md#bot) */
  definitions: { [key: string]: JsonSchema }
  actions: { [name: string]: ActionDefinition }
  events: { [name: string]: EventDefinition }
  /** the plugin's own tags, unprefixed, as in its definition */
  user: TagDeclarations
  conversation: TagDeclarations
  message: TagDeclarations
  /** the plugin's states, for this instance (kept apart from other instances' at run time) */
  states: { [name: string]: StateDefinition }
}

/** The bot's `message` settings (the same shape as every tag declaration). */
export type MessageSettingsDefinition = TagDeclarations

export interface BotDefinition extends Documented {
  kind: 'bot'
  name: string
  version: string
  tags: string[]
  /** the bot's `message` settings as written (absent when it has none): each tag's title, description and annotations */
  message?: MessageSettingsDefinition
  integrations: { [alias: string]: BotIntegrationDefinition }
  plugins: { [alias: string]: BotPluginDefinition }
  /** the bot's `user` and `conversation` settings as written (absent when it has none) */
  user?: TagDeclarations
  conversation?: TagDeclarations
  states: { [name: string]: StateDefinition }
  /** the bot's own events */
  events: { [name: string]: EventDefinition }
}

export type AnyDefinition = InterfaceDefinition | IntegrationDefinition | PluginDefinition | BotDefinition
