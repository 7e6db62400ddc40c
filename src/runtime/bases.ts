// The base classes that generated `Integration`, `Plugin` and `Bot` classes extend:
// they hold the resolved definition and the registered handlers.

import type { NoChannels } from './channelTypes.js'
import type { AnyIntegrationClients, AnyTags, ChannelDeliveryHandlers, TagMap, TagSet } from './conversationTypes.js'
import type { BotDefinition, IntegrationDefinition, PluginDefinition } from './definition.js'
import { HandlerRegistry } from './handlerRegistry.js'
import type { RunnableIntegration, RunnablePlugin } from './runnables.js'
import type { NoStates } from './stateTypes.js'
import type {
  ActionHandlers,
  ActionShapes,
  BotClient,
  BotContext,
  IntegrationClient,
  IntegrationContext,
  NoAlternatives,
  NoEvents,
  NoSecrets,
  NoStreams,
  PluginClient,
  PluginContext,
} from './types.js'
import type { IdentifyHandler, IntegrationWebhookHandler } from './webhookTypes.js'

/**
 * Alt: the alternative configurations, NAME -> type (`Configurations` of the generated
 * module), none by default. Ch: its channels (`Channels`), none by default. Sec: its own
 * secrets (`Secrets`), none by default. Tg: its tags (`Tags`). St: its states (`States`), none by default.
 */
export interface IntegrationOptions<
  C,
  A extends ActionShapes<A>,
  E,
  Alt = NoAlternatives,
  Ch = NoChannels,
  Sec = NoSecrets,
  Tg extends TagSet = AnyTags,
  St = NoStates,
> {
  actions: ActionHandlers<A, IntegrationContext<C, Alt, Sec>, IntegrationClient<E, Ch, Tg, St>>
  /** per channel, the delivery handlers of the messages the bot and plugins create in its conversations (docs/runtime.md#delivery) */
  channels?: ChannelDeliveryHandlers<Ch, IntegrationContext<C, Alt, Sec>, IntegrationClient<E, Ch, Tg, St>, Tg>
  /** the outside world's requests to its webhook, served by the host at `/webhooks/<alias>` (docs/deploying.md#webhooks) */
  handler?: IntegrationWebhookHandler<IntegrationContext<C, Alt, Sec>, IntegrationClient<E, Ch, Tg, St>>
}

/**
 * The options of an integration that declares an `identifier` (docs/definitions.md#identifier):
 * `identify` is required, so that the host can route a request at its shared path to the bot
 * whose configuration holds the identifier the request names.
 */
export interface IdentifiedIntegrationOptions<
  C,
  A extends ActionShapes<A>,
  E,
  Alt = NoAlternatives,
  Ch = NoChannels,
  Sec = NoSecrets,
  Tg extends TagSet = AnyTags,
  St = NoStates,
> extends IntegrationOptions<C, A, E, Alt, Ch, Sec, Tg, St> {
  /** reads from a request the identifier of the bot it is for (docs/deploying.md#identifier-routing) */
  identify: IdentifyHandler
}

/**
 * The name and version of the definition a generated class implements, as literal types: two
 * integrations with the same actions are still told apart, so createRuntime's options are
 * checked by the bot (docs/runtime.md#fail-fast-on-wiring).
 */
export interface DefinitionIdentity<Name extends string, Version extends string> {
  readonly name: Name
  readonly version: Version
}

/** Name, Version: the integration's, as literal types (generated classes give them); Ch: its channels; Sec: its own secrets; Tg: its tags (`Tags`); St: its states. */
export class IntegrationBase<
  C,
  A extends ActionShapes<A>,
  E,
  Alt = NoAlternatives,
  Name extends string = string,
  Version extends string = string,
  Ch = NoChannels,
  Sec = NoSecrets,
  Tg extends TagSet = AnyTags,
  St = NoStates,
> {
  readonly definition: IntegrationDefinition & DefinitionIdentity<Name, Version>
  readonly actions: ActionHandlers<A, IntegrationContext<C, Alt, Sec>, IntegrationClient<E, Ch, Tg, St>>
  readonly channels: ChannelDeliveryHandlers<Ch, IntegrationContext<C, Alt, Sec>, IntegrationClient<E, Ch, Tg, St>, Tg>
  readonly handler: IntegrationWebhookHandler<IntegrationContext<C, Alt, Sec>, IntegrationClient<E, Ch, Tg, St>> | undefined
  readonly identify: IdentifyHandler | undefined

  constructor(definition: IntegrationDefinition, options: IntegrationOptions<C, A, E, Alt, Ch, Sec, Tg, St>) {
    // the generated subclass passes its own definition, whose name and version Name and Version spell
    this.definition = definition as IntegrationDefinition & DefinitionIdentity<Name, Version>
    this.actions = options.actions
    this.channels = options.channels ?? {}
    this.handler = options.handler
    // required by the generated options of an integration that declares an identifier (IdentifiedIntegrationOptions)
    this.identify = (options as { identify?: IdentifyHandler }).identify
  }
}

/**
 * Ev: the plugin's own events (`Events` of the generated module), which its client emits;
 * S: `'<local>:<interface action>'` -> the channels its handler may send on
 * (`InterfaceCallChannels`), none by default; Tg: its own tags (`Tags`), which type its
 * conversation and user calls.
 */
export interface PluginOptions<
  C,
  A extends ActionShapes<A>,
  Calls extends ActionShapes<Calls>,
  Ev = NoEvents,
  S = NoStreams,
  Tg extends TagSet = AnyTags,
  St = NoStates,
> {
  actions: ActionHandlers<A, PluginContext<C>, PluginClient<Calls, Ev, S, Tg, St>>
}

/**
 * IE: `'<local>:<interface event>'` -> payload; Ev: the plugin's own events; Name, Version:
 * the plugin's, as literal types; IC: `'<local>:<interface channel>'` -> message -> payload;
 * S, Tg: as in PluginOptions.
 */
export class PluginBase<
  C,
  A extends ActionShapes<A>,
  Calls extends ActionShapes<Calls>,
  IE,
  Ev = NoEvents,
  Name extends string = string,
  Version extends string = string,
  IC = NoChannels,
  S = NoStreams,
  Tg extends TagSet = AnyTags,
  St = NoStates,
> extends HandlerRegistry<IE, PluginClient<Calls, Ev, S, Tg, St>, PluginContext<C>, Tg['message'], Calls, IC, St, Tg['conversation'], Tg['user']> {
  readonly definition: PluginDefinition & DefinitionIdentity<Name, Version>
  readonly actions: ActionHandlers<A, PluginContext<C>, PluginClient<Calls, Ev, S, Tg, St>>

  constructor(definition: PluginDefinition, options: PluginOptions<C, A, Calls, Ev, S, Tg, St>) {
    super()
    this.definition = definition as PluginDefinition & DefinitionIdentity<Name, Version>
    this.actions = options.actions
  }
}

/**
 * What createRuntime takes for a bot: integration NAME -> implementation, plugin NAME ->
 * implementation. A generated bot's `Implementations` names each integration and plugin it
 * adds with its generated class; this, the default, takes any.
 */
export interface BotImplementations {
  integrations: { readonly [name: string]: RunnableIntegration }
  plugins: { readonly [name: string]: RunnablePlugin }
}

/**
 * Events: `'<integrationAlias>:<event>'` and `'<pluginAlias>#<event>'` -> payload; Impl: what
 * createRuntime takes for it; Ch: `'<integrationAlias>:<channel>'` -> message -> payload;
 * S: `'<integrationAlias>:<action>'` -> the channels it may send on; CT, UT: the conversation
 * and user tags it may read and write (`ConversationTags`, `UserTags`).
 * St: the bot's states
 * (`States`); Ev: the bot's own events (`OwnEvents`), which its client emits by name; Ic: alias ->
 * the client `runtime.integration(alias)` gives (`IntegrationClients`).
 */
export class BotBase<
  Tags,
  Calls extends ActionShapes<Calls>,
  Events,
  Impl extends BotImplementations = BotImplementations,
  Ch = NoChannels,
  S = NoStreams,
  CT = TagMap,
  UT = TagMap,
  St = NoStates,
  Ev = NoEvents,
  Ic = AnyIntegrationClients,
> extends HandlerRegistry<Events, BotClient<Tags, Calls, S, CT, UT, St, Ev>, BotContext, Tags, Calls, Ch, St, CT, UT> {
  readonly definition: BotDefinition
  /**
   * Type only, never set: what createRuntime takes for this bot (its `Implementations`), so
   * that createRuntime's options are typed by the bot.
   */
  declare readonly implementations?: Impl
  /** Type only, never set: what `runtime.integration(alias)` gives for each alias (its `IntegrationClients`). */
  declare readonly integrationClients?: Ic

  constructor(definition: BotDefinition) {
    super()
    this.definition = definition
  }
}
