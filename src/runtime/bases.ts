// The base classes that generated `Integration`, `Plugin` and `Bot` classes extend:
// they hold the resolved definition and the registered handlers.

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
  NoEvents,
  PluginClient,
  PluginContext,
} from './types.js'

/** Alt: the alternative configurations, NAME -> type (`Configurations` of the generated module), none by default. */
export interface IntegrationOptions<C, A extends ActionShapes<A>, E, Alt = NoAlternatives> {
  actions: ActionHandlers<A, IntegrationContext<C, Alt>, IntegrationClient<E>>
}

export class IntegrationBase<C, A extends ActionShapes<A>, E, Alt = NoAlternatives> {
  readonly definition: IntegrationDefinition
  readonly actions: ActionHandlers<A, IntegrationContext<C, Alt>, IntegrationClient<E>>

  constructor(definition: IntegrationDefinition, options: IntegrationOptions<C, A, E, Alt>) {
    this.definition = definition
    this.actions = options.actions
  }
}

/** Ev: the plugin's own events (`Events` of the generated module), which its client emits. */
export interface PluginOptions<C, A extends ActionShapes<A>, Calls extends ActionShapes<Calls>, Ev = NoEvents> {
  actions: ActionHandlers<A, PluginContext<C>, PluginClient<Calls, Ev>>
}

/** IE: `'<local>:<interface event>'` -> payload; Ev: the plugin's own events. */
export class PluginBase<C, A extends ActionShapes<A>, Calls extends ActionShapes<Calls>, IE, Ev = NoEvents> extends HandlerRegistry<
  IE,
  PluginClient<Calls, Ev>,
  PluginContext<C>,
  MessageTagMap,
  Calls
> {
  readonly definition: PluginDefinition
  readonly actions: ActionHandlers<A, PluginContext<C>, PluginClient<Calls, Ev>>

  constructor(definition: PluginDefinition, options: PluginOptions<C, A, Calls, Ev>) {
    super()
    this.definition = definition
    this.actions = options.actions
  }
}

/** Events: `'<integrationAlias>:<event>'` -> payload. */
export class BotBase<Tags, Calls extends ActionShapes<Calls>, Events> extends HandlerRegistry<Events, BotClient<Tags, Calls>, BotContext, Tags, Calls> {
  readonly definition: BotDefinition

  constructor(definition: BotDefinition) {
    super()
    this.definition = definition
  }
}
