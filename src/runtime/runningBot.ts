// One running bot: the state createRuntime builds once (the wiring, the implementations
// given, the store and messaging, the clients, the time and value limits, the channel
// router, what hooks need) and the two handler services every dispatch uses. What it does
// with them lives beside it, one concern a file: actionRouting.ts and actionRuns.ts
// (callAction), messageDispatch.ts (receive), eventDispatch.ts (integration events),
// pluginEvents.ts (plugin events), botChannelMessages.ts and channels.ts (channels).

import { own } from '../jsonSchema/own.js'
import { botCallAction, pluginCallAction } from './actionRouting.js'
import { BackgroundWork } from './backgroundWork.js'
import { runDispatchHandler } from './boundedRuns.js'
import { ChannelRouter } from './channels.js'
import { type Clock, systemClock } from './clock.js'
import { type Env, pluginConfiguration } from './configurationValues.js'
import { type ConversationStore, InMemoryConversationStore } from './conversationStore.js'
import { Conversations } from './conversations.js'
import type { BotDefinition, IntegrationDefinition, JsonValue } from './definition.js'
import { deliveringCreateMessage, placeMessage } from './delivery.js'
import { HandlerError, messageOf, UnknownTargetError } from './errors.js'
import { emitBotEvent, emitIntegrationEvent } from './eventDispatch.js'
import { type HookWiring, hookedCreateMessage } from './hookWiring.js'
import { integrationClient, type LooseIntegrationClient } from './integrationClient.js'
import { InMemoryMessageStore, type MessageStore } from './messageStore.js'
import { Messaging } from './messaging.js'
import { emitOwnEvent } from './ownEvents.js'
import { emitPluginEvent } from './pluginEvents.js'
import { withOwnMessageTags } from './pluginMessageTags.js'
import { recurringEvents, type Schedules, startSchedules } from './recurrences.js'
import type { RunnableBot, RunnableIntegration, RunnablePlugin } from './runnables.js'
import type { HandlerFailure, LooseClient, RuntimeContext } from './runtimeContext.js'
import type { GivenOptions } from './runtimeOptions.js'
import { botStateOwner, integrationStateOwner, pluginStateOwner } from './stateOwners.js'
import { InMemoryStateStore, type StateStore } from './stateStore.js'
import { type LooseStateClient, States } from './states.js'
import { streamAction } from './streams.js'
import { tagView } from './tagViews.js'
import { type TimeLimitOptions, TimeLimits } from './timeLimits.js'
import { InMemoryTurnStore, type TurnStore } from './turnStore.js'
import { resolveValueLimits, type ValueLimitOptions, type ValueLimits } from './valueLimits.js'

function processEnv(): { readonly [name: string]: string | undefined } {
  return (globalThis as unknown as { process?: { env?: { [name: string]: string | undefined } } }).process?.env ?? {}
}

export interface RunningBotOptions {
  bot: RunnableBot
  integrations?: { readonly [name: string]: RunnableIntegration }
  plugins?: { readonly [name: string]: RunnablePlugin }
  env?: { readonly [name: string]: string | undefined }
  store?: MessageStore
  conversationStore?: ConversationStore
  botId?: string
  timeLimits?: TimeLimitOptions
  valueLimits?: ValueLimitOptions
  clock?: Clock
  stateStore?: StateStore
  turnStore?: TurnStore
  onBackgroundError?: (error: unknown) => void
}

/** Where a background failure goes when createRuntime is given no `onBackgroundError`: the console's error stream, never nowhere. */
function reportBackgroundError(error: unknown): void {
  const console = (globalThis as unknown as { console?: { error(...data: unknown[]): void } }).console
  console?.error(`@botwire/runtime: a background task failed (recurring event or state expiry): ${messageOf(error)}`)
}

export class RunningBot implements RuntimeContext {
  readonly botId: string
  readonly bot: RunnableBot
  readonly definition: BotDefinition
  readonly store: MessageStore
  readonly turns: TurnStore
  readonly messaging: Messaging
  readonly conversations: Conversations
  readonly botClient: LooseClient
  readonly limits: TimeLimits
  readonly clock: Clock
  readonly valueLimits: ValueLimits
  private readonly valueLimitOptions: ValueLimitOptions | undefined
  private readonly clockOption: unknown
  readonly channels: ChannelRouter
  readonly integrations: { readonly [name: string]: RunnableIntegration }
  readonly plugins: { readonly [name: string]: RunnablePlugin }
  private readonly env: { readonly [name: string]: string | undefined } | undefined
  private readonly pluginClients = new Map<string, LooseClient>()
  private readonly integrationStateClients = new Map<string, LooseStateClient>()
  readonly hooks: HookWiring
  readonly stateStore: StateStore
  readonly states: States
  readonly backgroundError: (error: unknown) => void
  /** the expiries and occurrences in flight, which close waits for */
  private readonly background = new BackgroundWork()
  private schedules: Schedules | undefined

  constructor(options: RunningBotOptions) {
    this.bot = options.bot
    this.definition = options.bot.definition
    this.integrations = options.integrations ?? {}
    this.plugins = options.plugins ?? {}
    this.env = options.env
    this.botId = options.botId ?? this.definition.name
    this.clock = options.clock ?? systemClock
    this.clockOption = options.clock
    this.store = options.store ?? new InMemoryMessageStore()
    this.turns = options.turnStore ?? new InMemoryTurnStore()
    this.valueLimitOptions = options.valueLimits
    this.valueLimits = resolveValueLimits(options.valueLimits)
    // the bot's own message tags, each integration's channel message tags as '<alias>:<key>' and each plugin instance's as '<alias>#<key>'
    const messageTags = [...tagView(this.definition, { kind: 'bot' }, 'message').toStored.keys()]
    this.messaging = new Messaging(this.store, messageTags, this.definition.name, this.valueLimits, this.clock)
    this.messaging.place = (message, operation) => placeMessage(this, message, operation)
    this.conversations = new Conversations(options.conversationStore ?? new InMemoryConversationStore(), this.definition, this.clock, this.valueLimits)
    this.limits = new TimeLimits(options.timeLimits, this.clock)
    this.channels = new ChannelRouter(this)
    this.backgroundError = options.onBackgroundError ?? reportBackgroundError
    this.stateStore = options.stateStore ?? new InMemoryStateStore()
    this.states = new States(this.stateStore, this.clock, this.valueLimits, this.backgroundError, this.background)
    this.botClient = {
      ...this.messaging.client(),
      ...this.conversations.client({ kind: 'bot' }),
      ...this.states.client(botStateOwner(this)),
      emitEvent: (event) => emitBotEvent(this, event),
      callAction: (call) => botCallAction(this, call),
      streamAction: (call) => streamAction(call, this.channels.nextCallId(), (raw, stream) => botCallAction(this, raw, stream)),
    }
    this.hooks = {
      definition: this.definition,
      bot: this.bot,
      integrations: this.integrations,
      plugins: this.plugins,
      botId: this.botId,
      messaging: this.messaging,
      handlerLimitMs: this.limits.handlerMs,
      clock: this.limits.clock,
      valueLimits: this.valueLimits,
      botClient: () => this.botClient,
      pluginClient: (alias) => this.pluginClient(alias),
      pluginConfiguration: (alias, impl) => pluginConfiguration(this.definition, alias, impl, this.secrets(), this.valueLimits),
    }
    this.botClient.createMessage = deliveringCreateMessage(this, hookedCreateMessage(this.hooks, this.botClient.createMessage, undefined))
  }

  secrets(): Env {
    return this.env ?? processEnv()
  }

  /** what the options check looks at */
  given(): GivenOptions {
    return {
      bot: this.bot,
      integrations: this.integrations,
      plugins: this.plugins,
      limits: this.limits,
      valueLimits: this.valueLimitOptions,
      clock: this.clockOption,
      botId: this.botId,
    }
  }

  /** Plugin instance `alias`'s client, made once. */
  pluginClient(alias: string): LooseClient {
    let client = this.pluginClients.get(alias)
    if (!client) {
      client = {
        ...this.messaging.client(),
        ...this.conversations.client({ kind: 'plugin', alias }),
        callAction: (call) => pluginCallAction(this, alias, call),
        streamAction: (call) => streamAction(call, this.channels.nextCallId(), (raw, stream) => pluginCallAction(this, alias, raw, stream)),
        emitEvent: (event) => emitPluginEvent(this, alias, event),
        ...this.states.client(pluginStateOwner(this, alias)),
      }
      client.createMessage = deliveringCreateMessage(this, hookedCreateMessage(this.hooks, client.createMessage, alias))
      withOwnMessageTags(client, tagView(this.definition, { kind: 'plugin', alias }, 'message'))
      this.pluginClients.set(alias, client)
    }
    return client
  }

  /** The client of the integration the bot adds as `alias`, for code that runs as the integration outside any call (a webhook). */
  integrationClient(alias: string): LooseIntegrationClient {
    const wiring = own(this.definition.integrations, alias)
    if (!wiring) {
      throw new UnknownTargetError(
        'UNKNOWN_CHANNEL',
        `integration: bot '${this.definition.name}' adds no integration '${alias}' (its integrations: ${Object.keys(this.definition.integrations).join(', ') || 'none'})`,
      )
    }
    return integrationClient(this, alias, own(this.integrations, wiring.name), undefined, true)
  }

  integrationStates(alias: string, impl: RunnableIntegration): LooseStateClient {
    let client = this.integrationStateClients.get(alias)
    if (!client) {
      client = this.states.client(integrationStateOwner(alias, impl))
      this.integrationStateClients.set(alias, client)
    }
    return client
  }

  /**
   * Starts the recurring events' schedules (docs/runtime.md#recurring-events; INVALID_RECURRENCE
   * when one cannot be parsed) and the sweep for expired states (docs/runtime.md#state-expiry).
   */
  startSchedules(): void {
    const aliases = Object.keys(this.definition.integrations)
    const events = recurringEvents(this.definition, (alias) => this.integrationDefinition(alias)?.events, aliases, {
      own: (name, payload) => emitOwnEvent(this, name, payload),
      plugin: (alias, name, payload) => emitPluginEvent(this, alias, { type: name, payload }),
      integration: (alias, name, payload) => emitIntegrationEvent(this, alias, { type: name, payload }),
    })
    this.schedules = startSchedules(events, this.clock, this.stateStore, this.backgroundError, (work) => this.background.track(work))
    // every plugin instance's state owner is known before the first sweep runs its handlers
    for (const alias of Object.keys(this.definition.plugins)) this.pluginClient(alias)
    this.states.startSweeping()
  }

  /**
   * Stops the recurring events' schedules, the states' expiry timers and sweep, then waits for
   * the background work already started (an expiry, a sweep, an occurrence), at most the
   * handlers' time limit; what is stored stays.
   */
  async close(): Promise<void> {
    this.schedules?.stop()
    this.states.close()
    await this.background.settled(this.limits.clock, this.limits.handlerMs)
  }

  private integrationDefinition(alias: string): IntegrationDefinition | undefined {
    const wiring = own(this.definition.integrations, alias)
    const impl = wiring && own(this.integrations, wiring.name)
    return impl?.definition?.kind === 'integration' ? impl.definition : undefined
  }

  async runHandler(handler: (args: never) => unknown, args: object, describe: () => HandlerFailure): Promise<void> {
    await runDispatchHandler(handler, args, this.limits.handlerMs, this.limits.clock, describe)
  }

  /**
   * When the configuration cannot be resolved (a secret not set, an invalid value), the
   * instance's handlers cannot run: that is a HandlerError like a handler's own failure
   * (with the message id for `receive`), whose `cause` is the MissingSecretError or
   * ValidationError.
   */
  dispatchConfiguration(alias: string, impl: RunnablePlugin, describe: () => HandlerFailure): JsonValue {
    try {
      return pluginConfiguration(this.definition, alias, impl, this.secrets(), this.valueLimits)
    } catch (error) {
      const failure = describe()
      throw new HandlerError({
        ...failure,
        message: `${failure.message.replace(/ failed( on message [^ ]+)?$/, ' could not run$1')}: ${messageOf(error)}`,
        cause: error,
      })
    }
  }
}
