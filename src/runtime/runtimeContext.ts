// What the parts of a running bot share (runningBot.ts holds it): the wiring, the
// implementations given, the clients, the limits, and bounded handler runs. Routing,
// action runs and dispatch each take it as their first argument, so they import this
// interface and never the class, and no two of them import each other in a circle.

import type { ChannelRouter } from './channels.js'
import type { Env } from './configurationValues.js'
import type { ConversationOperations, Conversations } from './conversations.js'
import type { BotDefinition, JsonValue } from './definition.js'
import type { HookWiring } from './hookWiring.js'
import type { MessageStore } from './messageStore.js'
import type { MessageTagMap } from './messages.js'
import type { Messaging } from './messaging.js'
import type { RunnableBot, RunnableIntegration, RunnablePlugin } from './runnables.js'
import type { LooseStateClient } from './states.js'
import type { TimeLimits } from './timeLimits.js'
import type { TurnStore } from './turnStore.js'
import type { MessagingClient } from './types.js'
import type { ValueLimits } from './valueLimits.js'

/** The bot's and each plugin instance's client, before the generated types narrow it. */
export interface LooseClient extends MessagingClient<MessageTagMap>, ConversationOperations {
  callAction(call: unknown): Promise<unknown>
  streamAction(call: unknown): unknown
  /** plugin clients only: the plugin's own events */
  emitEvent?(event: unknown): Promise<void>
}

/** A handler as the runtime calls it: its arguments are checked where it is registered. */
export type Handler = (args: unknown) => unknown

/** Who a failed handler belongs to and what it was running, for its HandlerError. */
export interface HandlerFailure {
  owner: string
  registeredFor: string
  messageId?: string
  message: string
}

export interface RuntimeContext {
  readonly botId: string
  readonly bot: RunnableBot
  readonly definition: BotDefinition
  readonly integrations: { readonly [name: string]: RunnableIntegration }
  readonly plugins: { readonly [name: string]: RunnablePlugin }
  readonly store: MessageStore
  /** the line of turns of each conversation (turnStore.ts) */
  readonly turns: TurnStore
  /** where a failure no caller awaits goes */
  readonly backgroundError: (error: unknown) => void
  readonly messaging: Messaging
  /** conversations and users (conversations.ts) */
  readonly conversations: Conversations
  readonly botClient: LooseClient
  readonly limits: TimeLimits
  /** the limits on every value that comes in (valueLimits.ts) */
  readonly valueLimits: ValueLimits
  readonly channels: ChannelRouter
  /** what hooks need (hookWiring.ts) */
  readonly hooks: HookWiring
  pluginClient(alias: string): LooseClient
  /** the state calls of the integration the bot adds as `alias` (docs/runtime.md#states) */
  integrationStates(alias: string, impl: RunnableIntegration): LooseStateClient
  /** where `{ $secret: NAME }` values come from, read at each call */
  secrets(): Env
  /** Runs a message, event or channel handler with its time limit; `args` gets the handler's `signal`. */
  runHandler(handler: (args: never) => unknown, args: object, describe: () => HandlerFailure): Promise<void>
  /** A plugin instance's configuration for its message or event handlers, or the HandlerError saying why they cannot run. */
  dispatchConfiguration(alias: string, impl: RunnablePlugin, describe: () => HandlerFailure): JsonValue
}
