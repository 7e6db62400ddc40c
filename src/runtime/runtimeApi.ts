// What createRuntime takes and gives (docs/runtime.md#createruntimeoptions): its options and the
// running bot's interface. The running bot behind them is runningBot.ts.
import type { BotBase, BotImplementations } from './bases.js'
import type { ChannelMessageOf, NoChannels } from './channelTypes.js'
import type { Clock } from './clock.js'
import type { ConversationStore } from './conversationStore.js'
import type { AnyIntegrationClients, TagMap } from './conversationTypes.js'
import type { MessageStore } from './messageStore.js'
import type { Message, MessageType } from './messages.js'
import type { MissingSecret } from './missingSecrets.js'
import type { StateStore } from './stateStore.js'
import type { NoStates } from './stateTypes.js'
import type { TimeLimitOptions } from './timeLimits.js'
import type { TurnStore } from './turnStore.js'
import type { ActionShapes, BotClient, CreateMessageInput, EventOf, NoEvents, NoStreams } from './types.js'
import type { ValueLimitOptions } from './valueLimits.js'
import type { RequestLike, WebhookArgsBesideBot, WebhookLogger, WebhookRoute } from './webhookTypes.js'

/**
 * Impl: the bot's `Implementations` (generated), so that a name the bot does not add, or the
 * wrong integration, does not compile; Ch, S: its channels and streamable calls.
 */
export interface RuntimeOptions<
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
> {
  /** a generated `Bot` with its handlers registered */
  bot: BotBase<Tags, Calls, Events, Impl, Ch, S, CT, UT, St, Ev, Ic>
  /** integration NAME (not alias) -> its implementation, `new Integration({ actions })` */
  integrations?: Partial<NoInfer<Impl>['integrations']>
  /** plugin NAME (not alias) -> its implementation, `new Plugin({ actions })` with its handlers */
  plugins?: Partial<NoInfer<Impl>['plugins']>
  /** check at start-up that every implementation and action handler the bot needs is given (see `Runtime.verify`) */
  verify?: boolean
  /** where `{ $secret: NAME }` values come from, read at each call; default `process.env` */
  env?: { readonly [name: string]: string | undefined }
  /** where messages are kept; default a new InMemoryMessageStore */
  store?: MessageStore
  /** where conversations and users are kept; default a new InMemoryConversationStore (docs/runtime.md#conversations-and-users) */
  conversationStore?: ConversationStore
  /** the bot's identifier, `ctx.botId` in every handler; default the bot's name */
  botId?: string
  /** time limits of actions and handlers, in milliseconds (docs/runtime.md#time-limits) */
  timeLimits?: TimeLimitOptions<keyof Calls>
  /** how deep and how large a value from outside may be (docs/runtime.md#value-limits); default depth 64, 1 MiB */
  valueLimits?: ValueLimitOptions
  /** what now is and when timers fire: timestamps, time limits, state expiry, recurring events (docs/runtime.md#the-clock); default the real clock, `systemClock` */
  clock?: Clock
  /** where states are kept (docs/runtime.md#states); default a new InMemoryStateStore */
  stateStore?: StateStore
  /** the line of turns of each conversation (docs/runtime.md#one-turn-at-a-time); default a new InMemoryTurnStore, for one process */
  turnStore?: TurnStore
  /**
   * Where a failure no caller awaits goes: a recurring event's handler, a state-expiry
   * handler (docs/runtime.md#background-errors); default a line on the console's error stream
   */
  onBackgroundError?: (error: unknown) => void
}

export interface Runtime<
  Tags,
  Calls extends ActionShapes<Calls>,
  Events,
  Ch = NoChannels,
  S = NoStreams,
  CT = TagMap,
  UT = TagMap,
  St = NoStates,
  Ev = NoEvents,
  Ic = AnyIntegrationClients,
> {
  /** `ctx.botId` of every handler */
  readonly botId: string
  /** the bot's client, the same its handlers get */
  readonly client: BotClient<Tags, Calls, S, CT, UT, St, Ev>
  /** the message store in use */
  readonly store: MessageStore
  /** the state store in use */
  readonly stateStore: StateStore
  /** the turn store in use */
  readonly turnStore: TurnStore
  /**
   * Stops the runtime's background work: the recurring events' schedules and the states'
   * expiry timers, then resolves once the expiries and occurrences already running have
   * ended, at most the handlers' time limit later (docs/runtime.md#stopping-a-runtime): close
   * the stores after. What is stored stays; calls still work.
   */
  close(): Promise<void>
  /**
   * Stores an incoming message (validated like createMessage), then runs the bot's
   * handlers for its type, the bot's '*' handlers, then each plugin instance's (in the
   * order the bot adds them; per instance its handlers for the type, then '*'), one after
   * the other. Resolves with the stored message (as it is once every handler has
   * finished); rejects with a HandlerError when a handler throws (the message stays stored,
   * the remaining handlers do not run).
   */
  receive<T extends MessageType>(input: CreateMessageInput<Tags, T>): Promise<Message<T, Tags>>
  /**
   * Emits an event as the integration with that alias would (`'<alias>:<event>'`, the
   * integration's final event name), for example from a webhook: validated, then dispatched
   * like an integration's `client.emitEvent`.
   */
  emitEvent(event: EventOf<Events, IntegrationEventKey<Events>>): Promise<void>
  /**
   * Sends a channel message as the integration with that alias would outside any call
   * (`'<alias>:<channel>'`, the integration's final channel name), for example from a
   * socket: validated, then dispatched to channel handlers.
   */
  sendChannelMessage(message: ChannelMessageOf<Ch>): Promise<void>
  /**
   * The client of the integration the bot adds as `alias`, as its handlers get it, for code
   * that runs as the integration outside any call (a webhook): its conversations and users,
   * and `createMessage` for a message coming in (docs/runtime.md#incoming-messages), typed
   * with that integration's tags; an alias the bot does not add does not compile, and is
   * refused at run time (UNKNOWN_CHANNEL, as by sendChannelMessage).
   */
  integration<K extends keyof Ic & string>(alias: K): Ic[K]
  /**
   * The aliases whose given implementation has a webhook handler (docs/deploying.md#webhooks),
   * each with the value of its integration's identifier in the bot's configuration, when the
   * integration declares one. A configuration that cannot be resolved throws as an action call would.
   */
  webhooks(): WebhookRoute[]
  /**
   * Runs the webhook handler of the integration at `alias` on `req`, under the handlers' time
   * limit (TIME_LIMIT_EXCEEDED past it, and the handler's `signal` fires): resolves with what
   * it returns, a Response or undefined; rejects with what it throws. A disabled
   * integration's is INTEGRATION_DISABLED. The handler is its implementation's; or
   * `besideBot`, one written beside the bot (the host's `webhooks` option), which gets
   * `{ req, client: integration(alias), ctx: { botId, alias }, logger, signal }`.
   */
  handleWebhook(
    alias: string,
    req: RequestLike,
    logger: WebhookLogger,
    besideBot?: (args: WebhookArgsBesideBot<Ic[keyof Ic & string]>) => unknown,
  ): Promise<unknown>
  /** What the implementation of the integration at `alias` reads of `req` (a clone: the body stays unread) as its identifier. */
  identifyWebhook(alias: string, req: RequestLike): Promise<string | undefined>
  /**
   * Throws one MissingImplementationError (`missing`: a line each) when an integration or
   * plugin the bot adds was not given, or a given one lacks an action handler; returns
   * otherwise. `createRuntime({ verify: true })` calls it at start-up.
   */
  verify(): void
  /**
   * Every secret the bot needs and its environment (`env`, default `process.env`) does not set,
   * found now without running anything (docs/runtime.md#missing-secrets): per enabled
   * integration instance whose implementation is given, the `{ $secret: NAME }` values of its
   * configuration and the required secrets its integration declares; per plugin instance whose
   * implementation is given, its configuration's. Names and where they are needed, never a
   * value; empty when nothing is missing. Calls still read each secret when they run.
   */
  missingSecrets(): MissingSecret[]
}

/** The bot's integration events (`'<alias>:<event>'`): a plugin's own (`'<pluginAlias>#<event>'`) come only from the plugin. */
export type IntegrationEventKey<Events> = Exclude<keyof Events, `${string}#${string}`>

/**
 * The stores of createRuntime's options: `store` and every `*Store` option, picked from
 * RuntimeOptions so that a store option added there is one here too. `botwire serve` opens
 * them and hands them to a module's `createRuntime(stores)` (docs/deploying.md#the-stores-serve-opens).
 */
export type RuntimeStores = {
  [K in keyof RuntimeOptions<TagMap, Record<never, never>, NoEvents> as K extends 'store' | `${string}Store` ? K : never]?: RuntimeOptions<
    TagMap,
    Record<never, never>,
    NoEvents
  >[K]
}
