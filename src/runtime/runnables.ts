// What createRuntime needs of the generated bot's parts: the implementations of its
// integrations and plugins, and the handlers registered on them.
import type { BotDefinition, IntegrationDefinition, PluginDefinition } from './definition.js'
import type { HookRegistration } from './hookTypes.js'
import type { StateExpiredRegistration } from './stateTypes.js'

/** A registered handler, as the runtime sees it (any client, context and message type). */
export interface HandlerRegistrationLike {
  readonly type: string
  readonly handler: (args: never) => unknown
}

/** A registered channel handler, as the runtime sees it. */
export interface ChannelRegistrationLike {
  readonly channel: string
  readonly type: string
  readonly handler: (args: never) => unknown
}

/** What createRuntime needs of an integration implementation (a generated `Integration`). */
export interface RunnableIntegration {
  readonly definition: IntegrationDefinition
  /** final action name -> handler */
  readonly actions: object
  /** channel -> { messages: message type -> delivery handler }; absent on implementations made before delivery existed */
  readonly channels?: object
  /** its webhook handler (docs/deploying.md#webhooks); absent or undefined when it has none */
  readonly handler?: ((args: never) => unknown) | undefined
  /** reads a request's identifier, for an integration that declares one */
  readonly identify?: ((args: never) => unknown) | undefined
}

/** What createRuntime needs of a plugin implementation (a generated `Plugin`). */
export interface RunnablePlugin {
  readonly definition: PluginDefinition
  /** action name -> handler */
  readonly actions: object
  readonly messageHandlers: readonly HandlerRegistrationLike[]
  readonly eventHandlers: readonly HandlerRegistrationLike[]
  readonly channelHandlers?: readonly ChannelRegistrationLike[]
  /** absent on implementations made before hooks existed */
  readonly hooks?: readonly HookRegistration[]
  /** `on.stateExpired` handlers; absent on implementations made before states existed */
  readonly stateExpiredHandlers?: readonly StateExpiredRegistration[]
}

/** What createRuntime needs of the bot (a generated `Bot` with its handlers registered). */
export interface RunnableBot {
  readonly definition: BotDefinition
  readonly messageHandlers: readonly HandlerRegistrationLike[]
  readonly eventHandlers: readonly HandlerRegistrationLike[]
  readonly channelHandlers?: readonly ChannelRegistrationLike[]
  readonly hooks?: readonly HookRegistration[]
  readonly stateExpiredHandlers?: readonly StateExpiredRegistration[]
}
