// The base classes that generated `Integration`, `Plugin` and `Bot` classes extend:
// they hold the resolved definition and the registered handlers.

import type { NoChannels } from './channelTypes.js'
import type { BotDefinition, IntegrationDefinition, PluginDefinition } from './definition.js'
import { HandlerRegistry } from './handlerRegistry.js'
import type { MessageTagMap } from './messages.js'
import type {
  ActionHandlers,
  ActionShapes,
  BotClient,
  BotContext,
  IntegrationClient,
  IntegrationContext,
  NoAlternatives,
  NoStreams,
  PluginClient,
  PluginContext,
} from './types.js'

/**
 * Alt: the alternative configurations, NAME -> type (`Configurations` of the generated
 * module), none by default. Ch: its channels (`Channels`), none by default.
 */
export interface IntegrationOptions<C, A extends ActionShapes<A>, E, Alt = NoAlternatives, Ch = NoChannels> {
  actions: ActionHandlers<A, IntegrationContext<C, Alt>, IntegrationClient<E, Ch>>
}

export class IntegrationBase<C, A extends ActionShapes<A>, E, Alt = NoAlternatives, Ch = NoChannels> {
  readonly definition: IntegrationDefinition
  readonly actions: ActionHandlers<A, IntegrationContext<C, Alt>, IntegrationClient<E, Ch>>

  constructor(definition: IntegrationDefinition, options: IntegrationOptions<C, A, E, Alt, Ch>) {
    this.definition = definition
    this.actions = options.actions
  }
}

/** S: `'<local>:<interface action>'` -> the channels its handler may send on (`InterfaceCallChannels`), none by default. */
export interface PluginOptions<C, A extends ActionShapes<A>, Calls extends ActionShapes<Calls>, S = NoStreams> {
  actions: ActionHandlers<A, PluginContext<C>, PluginClient<Calls, S>>
}

/** IE: `'<local>:<interface event>'` -> payload; IC: `'<local>:<interface channel>'` -> message -> payload. */
export class PluginBase<C, A extends ActionShapes<A>, Calls extends ActionShapes<Calls>, IE, IC = NoChannels, S = NoStreams> extends HandlerRegistry<
  IE,
  PluginClient<Calls, S>,
  PluginContext<C>,
  MessageTagMap,
  IC
> {
  readonly definition: PluginDefinition
  readonly actions: ActionHandlers<A, PluginContext<C>, PluginClient<Calls, S>>

  constructor(definition: PluginDefinition, options: PluginOptions<C, A, Calls, S>) {
    super()
    this.definition = definition
    this.actions = options.actions
  }
}

/**
 * Events: `'<integrationAlias>:<event>'` -> payload; Ch: `'<integrationAlias>:<channel>'` ->
 * message -> payload; S: `'<integrationAlias>:<action>'` -> the channels it may send on.
 */
export class BotBase<Tags, Calls extends ActionShapes<Calls>, Events, Ch = NoChannels, S = NoStreams> extends HandlerRegistry<
  Events,
  BotClient<Tags, Calls, S>,
  BotContext,
  Tags,
  Ch
> {
  readonly definition: BotDefinition

  constructor(definition: BotDefinition) {
    super()
    this.definition = definition
  }
}
