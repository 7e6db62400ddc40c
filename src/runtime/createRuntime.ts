// createRuntime (docs/runtime.md): runs a generated bot with its plugins and integrations in one
// process. It validates messages and action/event values, routes callAction and
// emitEvent through the bot's wiring, and dispatches incoming messages to handlers. Its
// options and interface are in runtimeApi.ts, the check of the options in
// runtimeOptions.ts, the configuration each call gets in configurationValues.ts.

import { fillDefaults } from '../jsonSchema/defaults.js'
import { isRecord, own } from '../jsonSchema/own.js'
import type { BotImplementations } from './bases.js'
import { runActionHandler, runDispatchHandler } from './boundedRuns.js'
import { type ActiveCall, ChannelRouter, type StreamRequest } from './channels.js'
import type { AbortSignalLike, NoChannels } from './channelTypes.js'
import { type Env, integrationConfiguration, pluginConfiguration } from './configurationValues.js'
import type { BotDefinition, JsonSchema, JsonValue } from './definition.js'
import { HandlerError, MissingImplementationError, messageOf, UnknownTargetError, ValidationError } from './errors.js'
import { messageThroughHooks } from './hooks.js'
import { callWithHooks, type HookWiring, hookedCreateMessage, hookOwners, incomingHookOwners } from './hookWiring.js'
import { InMemoryMessageStore, type MessageStore, type StoredMessage } from './messageStore.js'
import type { Message, MessageTagMap, MessageType } from './messages.js'
import { Messaging } from './messaging.js'
import { emitPluginEvent } from './pluginEvents.js'
import type { HandlerRegistrationLike, RunnableBot, RunnableIntegration, RunnablePlugin } from './runnables.js'
import type { IntegrationEventKey, Runtime, RuntimeOptions } from './runtimeApi.js'
import { checkRuntimeOptions, type GivenOptions, list } from './runtimeOptions.js'
import { streamAction } from './streams.js'
import { limitIssue, type TimeLimitOptions, TimeLimits } from './timeLimits.js'
import type { ActionShapes, BotClient, CreateMessageInput, MessagingClient, NoStreams } from './types.js'
import { type SchemaDefinitions, validateValue } from './validation.js'
import { resolveValueLimits, type ValueLimitOptions, type ValueLimits, valueLimitIssue } from './valueLimits.js'
import { verifyWiring } from './verifyWiring.js'

export type { HandlerRegistrationLike, IntegrationEventKey, RunnableIntegration, RunnablePlugin, Runtime, RuntimeOptions }

interface ActionCall {
  type: string
  input: unknown
  signal: AbortSignalLike | undefined
  timeLimitMs: number | undefined
}

/** How one call runs: the caller's signal and time limit, and the stream it consumes. */
interface CallRequest {
  signal: AbortSignalLike | undefined
  timeLimitMs: number | undefined
  stream: StreamRequest | undefined
}

interface LooseClient extends MessagingClient<MessageTagMap> {
  callAction(call: unknown): Promise<unknown>
  streamAction(call: unknown): unknown
  /** plugin clients only: the plugin's own events */
  emitEvent?(event: unknown): Promise<void>
}

type Handler = (args: unknown) => unknown

function copy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T)
}

function processEnv(): { readonly [name: string]: string | undefined } {
  return (globalThis as unknown as { process?: { env?: { [name: string]: string | undefined } } }).process?.env ?? {}
}

/** Messages first for the type, then '*'; registration order within each. */
function messageHandlersFor(registrations: readonly HandlerRegistrationLike[], type: string): HandlerRegistrationLike[] {
  return [...registrations.filter((r) => r.type === type), ...registrations.filter((r) => r.type === '*')]
}

class Engine {
  readonly botId: string
  readonly bot: RunnableBot
  readonly definition: BotDefinition
  readonly store: MessageStore
  readonly messaging: Messaging
  readonly botClient: LooseClient
  readonly limits: TimeLimits
  /** the limits on every value that comes in (valueLimits.ts) */
  readonly valueLimits: ValueLimits
  private readonly valueLimitOptions: ValueLimitOptions | undefined
  readonly channels: ChannelRouter
  private readonly integrations: { readonly [name: string]: RunnableIntegration }
  readonly plugins: { readonly [name: string]: RunnablePlugin }
  private readonly env: { readonly [name: string]: string | undefined } | undefined
  private readonly pluginClients = new Map<string, LooseClient>()
  /** what hooks need (hookWiring.ts) */
  private readonly hooks: HookWiring

  constructor(options: {
    bot: RunnableBot
    integrations?: { readonly [name: string]: RunnableIntegration }
    plugins?: { readonly [name: string]: RunnablePlugin }
    env?: { readonly [name: string]: string | undefined }
    store?: MessageStore
    botId?: string
    timeLimits?: TimeLimitOptions
    valueLimits?: ValueLimitOptions
  }) {
    this.bot = options.bot
    this.definition = options.bot.definition
    this.integrations = options.integrations ?? {}
    this.plugins = options.plugins ?? {}
    this.env = options.env
    this.botId = options.botId ?? this.definition.name
    this.store = options.store ?? new InMemoryMessageStore()
    this.valueLimitOptions = options.valueLimits
    this.valueLimits = resolveValueLimits(options.valueLimits)
    this.messaging = new Messaging(this.store, this.definition.tags, this.definition.name, this.valueLimits)
    this.limits = new TimeLimits(options.timeLimits)
    this.channels = new ChannelRouter(this)
    this.botClient = {
      ...this.messaging.client(),
      callAction: (call) => this.botCallAction(call),
      streamAction: (call) => streamAction(call, this.channels.nextCallId(), (raw, stream) => this.botCallAction(raw, stream)),
    }
    this.hooks = {
      definition: this.definition,
      bot: this.bot,
      integrations: this.integrations,
      plugins: this.plugins,
      botId: this.botId,
      messaging: this.messaging,
      handlerLimitMs: this.limits.handlerMs,
      valueLimits: this.valueLimits,
      botClient: () => this.botClient,
      pluginClient: (alias) => this.pluginClient(alias),
      pluginConfiguration: (alias, impl) => pluginConfiguration(this.definition, alias, impl, this.secrets(), this.valueLimits),
    }
    this.botClient.createMessage = hookedCreateMessage(this.hooks, this.botClient.createMessage, undefined)
  }

  /** where `{ $secret: NAME }` values come from, read at each call */
  private secrets(): Env {
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
      botId: this.botId,
    }
  }

  // ---- implementations -------------------------------------------------------------

  private integrationImpl(alias: string, forWhat: string): RunnableIntegration {
    const wiring = own(this.definition.integrations, alias)
    if (!wiring)
      throw new UnknownTargetError(
        'UNKNOWN_ACTION',
        `${forWhat}: bot '${this.definition.name}' adds no integration '${alias}' (its integrations: ${list(Object.keys(this.definition.integrations))})`,
      )
    const impl = own(this.integrations, wiring.name)
    if (!impl) {
      throw new MissingImplementationError(
        `${forWhat}: no implementation of integration '${wiring.name}' (alias '${alias}') was given: pass createRuntime({ integrations: { '${wiring.name}': new Integration({ actions }) } })`,
      )
    }
    return impl
  }

  private pluginImpl(alias: string, forWhat: string): RunnablePlugin {
    const wiring = own(this.definition.plugins, alias)
    if (!wiring)
      throw new UnknownTargetError(
        'UNKNOWN_ACTION',
        `${forWhat}: bot '${this.definition.name}' adds no plugin '${alias}' (its plugins: ${list(Object.keys(this.definition.plugins))})`,
      )
    const impl = own(this.plugins, wiring.name)
    if (!impl) {
      throw new MissingImplementationError(
        `${forWhat}: no implementation of plugin '${wiring.name}' (instance '${alias}') was given: pass createRuntime({ plugins: { '${wiring.name}': new Plugin({ actions }) } })`,
      )
    }
    return impl
  }

  // ---- clients ---------------------------------------------------------------------

  pluginClient(alias: string): LooseClient {
    let client = this.pluginClients.get(alias)
    if (!client) {
      client = {
        ...this.messaging.client(),
        callAction: (call) => this.pluginCallAction(alias, call),
        streamAction: (call) => streamAction(call, this.channels.nextCallId(), (raw, stream) => this.pluginCallAction(alias, raw, stream)),
        emitEvent: (event) => emitPluginEvent(this, alias, event),
      }
      client.createMessage = hookedCreateMessage(this.hooks, client.createMessage, alias)
      this.pluginClients.set(alias, client)
    }
    return client
  }

  /** `call`: the action call the client is given to; its channel messages belong to it. */
  private integrationClient(alias: string, impl: RunnableIntegration, call: ActiveCall | undefined): object {
    return {
      emitEvent: (event: unknown) => this.emitIntegrationEvent(alias, event),
      sendChannelMessage: (message: unknown) => this.channels.send(alias, impl, message, call),
    }
  }

  // ---- actions ---------------------------------------------------------------------

  private checkCall(call: unknown, from: string): ActionCall {
    if (!isRecord(call) || typeof call['type'] !== 'string') {
      throw new UnknownTargetError(
        'UNKNOWN_ACTION',
        `callAction (${from}): expected { type, input }, where type is ${from === 'bot' ? "'<integrationAlias>:<action>' or '<pluginAlias>#<action>'" : "'<interface local name>:<action>'"}`,
      )
    }
    const { signal, timeLimitMs } = call
    const issues = limitIssue('timeLimitMs', timeLimitMs)
    if (signal !== undefined && !(isRecord(signal) && typeof signal['aborted'] === 'boolean' && typeof signal['addEventListener'] === 'function'))
      issues.push('signal: must be an AbortSignal')
    if (issues.length > 0) throw new ValidationError('INVALID_ARGUMENT', `callAction '${call['type']}': invalid arguments`, issues)
    // within the value limits before a hook copies it or defaults are filled in
    this.checkInputLimits(call['input'], `action '${call['type']}'`)
    return { type: call['type'], input: call['input'], signal: signal as AbortSignalLike | undefined, timeLimitMs: timeLimitMs as number | undefined }
  }

  /** INVALID_INPUT when an action's input is over a value limit (valueLimits.ts). */
  private checkInputLimits(input: unknown, label: string): void {
    const overLimit = valueLimitIssue(input, 'input', this.valueLimits)
    if (overLimit !== undefined) throw new ValidationError('INVALID_INPUT', `invalid input for ${label}`, [overLimit])
  }

  async botCallAction(rawCall: unknown, stream?: StreamRequest): Promise<unknown> {
    const call = this.checkCall(rawCall, 'bot')
    const steps = hookOwners(this.hooks, undefined).map((owner) => ({ owner, type: call.type }))
    const request: CallRequest = { signal: call.signal, timeLimitMs: call.timeLimitMs, stream }
    const hash = call.type.indexOf('#')
    if (hash > 0 && stream) {
      throw new UnknownTargetError(
        'UNKNOWN_CHANNEL',
        `streamAction '${call.type}': a plugin action sends on no channel; stream the integration actions it calls`,
      )
    }
    if (hash > 0) {
      const [alias, action, label] = [call.type.slice(0, hash), call.type.slice(hash + 1), `action '${call.type}'`]
      const target = { kind: 'plugin', alias, action, label, callType: call.type, signal: call.signal } as const
      return callWithHooks(this.hooks, steps, target, call.input, (input) => this.runPluginAction(alias, action, input, call.type, request))
    }
    const colon = call.type.indexOf(':')
    if (colon > 0) {
      const [alias, action, label] = [call.type.slice(0, colon), call.type.slice(colon + 1), `action '${call.type}'`]
      const target = { kind: 'integration', alias, action, label, callType: call.type, signal: call.signal } as const
      return callWithHooks(this.hooks, steps, target, call.input, (input) => this.runIntegrationAction(alias, action, input, call.type, label, request))
    }
    throw new UnknownTargetError('UNKNOWN_ACTION', `callAction: '${call.type}' is not '<integrationAlias>:<action>' nor '<pluginAlias>#<action>'`)
  }

  async pluginCallAction(pluginAlias: string, rawCall: unknown, stream?: StreamRequest): Promise<unknown> {
    const call = this.checkCall(rawCall, `plugin instance '${pluginAlias}'`)
    const wiring = own(this.definition.plugins, pluginAlias)
    const colon = call.type.indexOf(':')
    if (!wiring || colon <= 0) {
      throw new UnknownTargetError(
        'UNKNOWN_ACTION',
        `callAction from plugin instance '${pluginAlias}': '${call.type}' is not '<interface local name>:<action>'`,
      )
    }
    const local = call.type.slice(0, colon)
    const action = call.type.slice(colon + 1)
    const dependency = own(wiring.dependencies, local)
    if (!dependency) {
      throw new UnknownTargetError(
        'UNKNOWN_ACTION',
        `callAction from plugin instance '${pluginAlias}': it has no interface '${local}' (its interfaces: ${list(Object.keys(wiring.dependencies))})`,
      )
    }
    const finalName = own(dependency.actions, action)
    if (finalName === undefined) {
      throw new UnknownTargetError(
        'UNKNOWN_ACTION',
        `callAction from plugin instance '${pluginAlias}': interface '${local}' (${dependency.interfaceName} ${dependency.interfaceVersion}) has no action '${action}' (its actions: ${list(Object.keys(dependency.actions))})`,
      )
    }
    const target = `${dependency.integrationAlias}:${finalName}`
    // the instance's hooks see the call as it wrote it, the bot's as the integration action it runs
    const steps = hookOwners(this.hooks, pluginAlias).map((owner) => ({ owner, type: owner.name === 'bot' ? target : call.type }))
    const label = `action '${call.type}' of plugin instance '${pluginAlias}' (runs ${target})`
    // a plugin streams the interface's channel names: the integration's final names are looked up when the call starts
    const request: CallRequest = {
      signal: call.signal,
      timeLimitMs: call.timeLimitMs,
      stream: stream && { ...stream, interfaceAlias: dependency.integrationInterfaceAlias },
    }
    const hookTarget = { kind: 'integration', alias: dependency.integrationAlias, action: finalName, label, callType: call.type, signal: call.signal } as const
    return callWithHooks(this.hooks, steps, hookTarget, call.input, (input) =>
      this.runIntegrationAction(dependency.integrationAlias, finalName, input, call.type, label, request),
    )
  }

  private async runIntegrationAction(alias: string, action: string, input: unknown, callType: string, label: string, request: CallRequest): Promise<unknown> {
    const impl = this.integrationImpl(alias, label)
    const actionDef = own(impl.definition.actions, action)
    if (!actionDef) {
      throw new UnknownTargetError(
        'UNKNOWN_ACTION',
        `${label}: integration '${impl.definition.name}' ${impl.definition.version} has no action '${action}' (its actions: ${list(Object.keys(impl.definition.actions))})`,
      )
    }
    const handler = own(impl.actions as { readonly [name: string]: unknown }, action)
    if (typeof handler !== 'function') {
      throw new MissingImplementationError(`${label}: the implementation of integration '${impl.definition.name}' has no handler for action '${action}'`)
    }
    const definitions = impl.definition.definitions
    // again: a beforeCallAction hook may have given another input
    this.checkInputLimits(input, label)
    const filled = fillDefaults(input, actionDef.input, definitions)
    const inputIssues = validateValue(filled, actionDef.input, definitions, 'input', this.valueLimits)
    if (inputIssues.length > 0) throw new ValidationError('INVALID_INPUT', `invalid input for ${label}`, inputIssues)
    const { configurationType, configuration } = integrationConfiguration(this.definition, alias, impl, this.secrets(), this.valueLimits)
    const call = this.channels.startCall(alias, impl, request.stream, label)
    const args = { input: copy(filled), ctx: { configurationType, configuration, botId: this.botId }, client: this.integrationClient(alias, impl, call) }
    const limitMs = this.limits.forAction(`${alias}:${action}`, request.timeLimitMs)
    try {
      return await this.invokeAction(handler as Handler, args, actionDef.output, definitions, callType, label, { ...request, limitMs })
    } finally {
      call.ended = true
    }
  }

  private async runPluginAction(alias: string, action: string, input: unknown, callType: string, request: CallRequest): Promise<unknown> {
    const label = `action '${callType}'`
    const impl = this.pluginImpl(alias, label)
    const instance = own(this.definition.plugins, alias)
    const actionDef = instance && own(instance.actions, action)
    if (!instance || !actionDef) {
      throw new UnknownTargetError(
        'UNKNOWN_ACTION',
        `${label}: plugin instance '${alias}' (${impl.definition.name}) has no action '${action}' (its actions: ${list(Object.keys(instance?.actions ?? {}))})`,
      )
    }
    const handler = own(impl.actions as { readonly [name: string]: unknown }, action)
    if (typeof handler !== 'function') {
      throw new MissingImplementationError(`${label}: the implementation of plugin '${impl.definition.name}' has no handler for action '${action}'`)
    }
    // the instance's schemas: dereferenced with the entities of the integrations it is wired to
    const definitions = instance.definitions
    // again: a beforeCallAction hook may have given another input
    this.checkInputLimits(input, label)
    const filled = fillDefaults(input, actionDef.input, definitions)
    const inputIssues = validateValue(filled, actionDef.input, definitions, 'input', this.valueLimits)
    if (inputIssues.length > 0) throw new ValidationError('INVALID_INPUT', `invalid input for ${label}`, inputIssues)
    const configuration = pluginConfiguration(this.definition, alias, impl, this.secrets(), this.valueLimits)
    const args = { input: copy(filled), ctx: { configuration, botId: this.botId }, client: this.pluginClient(alias) }
    const limitMs = this.limits.forAction(`${alias}#${action}`, request.timeLimitMs)
    return this.invokeAction(handler as Handler, args, actionDef.output, definitions, callType, label, { ...request, limitMs })
  }

  private async invokeAction(
    handler: Handler,
    args: object,
    output: JsonSchema,
    definitions: SchemaDefinitions,
    callType: string,
    label: string,
    bound: { signal: AbortSignalLike | undefined; limitMs: number },
  ): Promise<unknown> {
    // the handler gets a signal that fires when the caller cancels or the time limit is over
    const result = await runActionHandler(handler, args, { callType, label, ...bound })
    const outputIssues = validateValue(result, output, definitions, 'output', this.valueLimits)
    if (outputIssues.length > 0) throw new ValidationError('INVALID_OUTPUT', `${label} returned an invalid output`, outputIssues)
    // the caller gets a copy, as handlers get a copy of the input: neither side can change the other's objects
    return copy(result)
  }

  // ---- dispatch ----------------------------------------------------------------------

  /** Runs a message, event or channel handler with its time limit; `args` gets the handler's `signal`. */
  async runHandler(
    handler: (args: never) => unknown,
    args: object,
    describe: () => { owner: string; registeredFor: string; messageId?: string; message: string },
  ): Promise<void> {
    await runDispatchHandler(handler, args, this.limits.handlerMs, describe)
  }

  /**
   * A plugin instance's configuration for its message or event handlers. When it cannot be
   * resolved (a secret not set, an invalid value), its handlers cannot run: that is a
   * HandlerError like a handler's own failure (with the message id for `receive`), whose
   * `cause` is the MissingSecretError or ValidationError.
   */
  dispatchConfiguration(
    alias: string,
    impl: RunnablePlugin,
    describe: () => { owner: string; registeredFor: string; messageId?: string; message: string },
  ): JsonValue {
    try {
      return pluginConfiguration(this.definition, alias, impl, this.secrets(), this.valueLimits)
    } catch (error) {
      const d = describe()
      throw new HandlerError({ ...d, message: `${d.message.replace(/ failed( on message [^ ]+)?$/, ' could not run$1')}: ${messageOf(error)}`, cause: error })
    }
  }

  async receive(input: unknown): Promise<StoredMessage> {
    const owners = incomingHookOwners(this.hooks)
    let message: StoredMessage
    if (owners.length > 0) {
      const verdict = await messageThroughHooks('beforeIncomingMessage', owners, input, this.messaging, 'receive', true, this.limits.handlerMs)
      if (verdict.stopped) return verdict.message // stored, but no handler runs
      message = verdict.message
    } else message = await this.messaging.create(input, 'receive')
    const conversation = { id: message.conversationId }
    const failed = (owner: string, type: string) => () => ({
      owner,
      registeredFor: type,
      messageId: message.id,
      message: `receive: ${owner === 'bot' ? "the bot's handler" : `the handler of plugin instance '${owner}'`} for '${type}' messages failed on message ${message.id}`,
    })
    for (const registration of messageHandlersFor(this.bot.messageHandlers, message.type)) {
      const args = { message: copy(message), client: this.botClient, ctx: { botId: this.botId }, conversation: { ...conversation } }
      await this.runHandler(registration.handler as Handler, args, failed('bot', registration.type))
    }
    for (const [alias, instance] of Object.entries(this.definition.plugins)) {
      const impl = own(this.plugins, instance.name)
      if (!impl) continue // not given: it has no handlers to run (its actions fail with MISSING_IMPLEMENTATION)
      const registrations = messageHandlersFor(impl.messageHandlers, message.type)
      if (registrations.length === 0) continue
      const ctx = { configuration: this.dispatchConfiguration(alias, impl, failed(alias, registrations[0]?.type ?? message.type)), botId: this.botId }
      for (const registration of registrations) {
        const args = { message: copy(message), client: this.pluginClient(alias), ctx, conversation: { ...conversation } }
        await this.runHandler(registration.handler as Handler, args, failed(alias, registration.type))
      }
    }
    return (await this.messaging.find(message.id)) ?? message
  }

  async emitBotEvent(event: unknown): Promise<void> {
    const type = isRecord(event) ? event['type'] : undefined
    const colon = typeof type === 'string' ? type.indexOf(':') : -1
    if (typeof type !== 'string' || colon <= 0) {
      throw new UnknownTargetError('UNKNOWN_EVENT', `emitEvent: expected { type: '<integrationAlias>:<event>', payload }`)
    }
    await this.emitIntegrationEvent(type.slice(0, colon), { type: type.slice(colon + 1), payload: (event as { [key: string]: unknown })['payload'] })
  }

  async sendBotChannelMessage(message: unknown): Promise<void> {
    const channel = isRecord(message) ? message['channel'] : undefined
    const colon = typeof channel === 'string' ? channel.indexOf(':') : -1
    if (typeof channel !== 'string' || colon <= 0) {
      throw new UnknownTargetError('UNKNOWN_CHANNEL', `sendChannelMessage: expected { channel: '<integrationAlias>:<channel>', type, payload }`)
    }
    const alias = channel.slice(0, colon)
    if (!own(this.definition.integrations, alias)) {
      throw new UnknownTargetError(
        'UNKNOWN_CHANNEL',
        `sendChannelMessage '${channel}': bot '${this.definition.name}' adds no integration '${alias}' (its integrations: ${list(Object.keys(this.definition.integrations))})`,
      )
    }
    const impl = this.integrationImpl(alias, `sendChannelMessage '${channel}'`)
    await this.channels.send(alias, impl, { ...(message as object), channel: channel.slice(colon + 1) }, undefined)
  }

  async emitIntegrationEvent(alias: string, event: unknown): Promise<void> {
    const name = isRecord(event) ? event['type'] : undefined
    if (typeof name !== 'string') throw new UnknownTargetError('UNKNOWN_EVENT', `emitEvent of integration '${alias}': expected { type, payload }`)
    const label = `event '${alias}:${name}'`
    if (!own(this.definition.integrations, alias)) {
      throw new UnknownTargetError(
        'UNKNOWN_EVENT',
        `${label}: bot '${this.definition.name}' adds no integration '${alias}' (its integrations: ${list(Object.keys(this.definition.integrations))})`,
      )
    }
    const impl = this.integrationImpl(alias, label)
    const eventDef = own(impl.definition.events, name)
    if (!eventDef) {
      throw new UnknownTargetError(
        'UNKNOWN_EVENT',
        `${label}: integration '${impl.definition.name}' ${impl.definition.version} has no event '${name}' (its events: ${list(Object.keys(impl.definition.events))})`,
      )
    }
    const rawPayload = (event as { [key: string]: unknown })['payload']
    const issues = validateValue(rawPayload, eventDef.schema, impl.definition.definitions, 'payload', this.valueLimits)
    if (issues.length > 0) throw new ValidationError('INVALID_EVENT', `invalid payload for ${label}`, issues)
    const payload = copy(rawPayload)

    const botType = `${alias}:${name}`
    for (const registration of this.bot.eventHandlers.filter((r) => r.type === botType)) {
      const args = { event: { type: botType, payload: copy(payload) }, client: this.botClient, ctx: { botId: this.botId } }
      await this.runHandler(registration.handler as Handler, args, () => ({
        owner: 'bot',
        registeredFor: botType,
        message: `emitEvent: the bot's handler for event '${botType}' failed`,
      }))
    }
    for (const [pluginAlias, instance] of Object.entries(this.definition.plugins)) {
      const impl = own(this.plugins, instance.name)
      if (!impl) continue
      for (const [local, dependency] of Object.entries(instance.dependencies)) {
        if (dependency.integrationAlias !== alias) continue
        const interfaceEvent = Object.keys(dependency.events).find((k) => dependency.events[k] === name)
        if (interfaceEvent === undefined) continue
        const pluginType = `${local}:${interfaceEvent}`
        const registrations = impl.eventHandlers.filter((r) => r.type === pluginType)
        if (registrations.length === 0) continue
        const failedEvent = () => ({
          owner: pluginAlias,
          registeredFor: pluginType,
          message: `emitEvent: the handler of plugin instance '${pluginAlias}' for event '${pluginType}' (${botType}) failed`,
        })
        const ctx = { configuration: this.dispatchConfiguration(pluginAlias, impl, failedEvent), botId: this.botId }
        for (const registration of registrations) {
          const args = { event: { type: pluginType, payload: copy(payload) }, client: this.pluginClient(pluginAlias), ctx }
          await this.runHandler(registration.handler as Handler, args, failedEvent)
        }
      }
    }
  }
}

/**
 * Runs a generated bot with its plugins and integrations (docs/runtime.md):
 *
 * ```ts
 * const runtime = createRuntime({ bot, integrations: { openai }, plugins: { 'support-assistant': assistant }, env: { OPENAI_API_KEY: 'sk-test' } })
 * await runtime.receive({ conversationId: 'c1', userId: 'u1', type: 'text', payload: { text: 'hello' }, tags: {} })
 * ```
 *
 * Throws INVALID_RUNTIME_OPTIONS when an implementation is keyed by another name than its
 * own, is of a version the bot does not use, or is of an integration or plugin the bot
 * does not add.
 */
export function createRuntime<
  Tags,
  Calls extends ActionShapes<Calls>,
  Events,
  Impl extends BotImplementations = BotImplementations,
  Ch = NoChannels,
  S = NoStreams,
>(options: RuntimeOptions<Tags, Calls, Events, Impl, Ch, S>): Runtime<Tags, Calls, Events, Ch, S> {
  const bot: RunnableBot = options.bot
  if ((bot as Partial<RunnableBot> | undefined)?.definition?.kind !== 'bot') {
    throw new ValidationError('INVALID_RUNTIME_OPTIONS', 'createRuntime: invalid options', [
      'bot: expected a generated Bot (new Bot() from the generated module)',
    ])
  }
  const engine = new Engine({
    bot,
    ...(options.integrations !== undefined && { integrations: options.integrations as BotImplementations['integrations'] }),
    ...(options.plugins !== undefined && { plugins: options.plugins as BotImplementations['plugins'] }),
    ...(options.env !== undefined && { env: options.env }),
    ...(options.store !== undefined && { store: options.store }),
    ...(options.botId !== undefined && { botId: options.botId }),
    ...(options.timeLimits !== undefined && { timeLimits: options.timeLimits as TimeLimitOptions }),
    ...(options.valueLimits !== undefined && { valueLimits: options.valueLimits }),
  })
  checkRuntimeOptions(engine.given())
  const given = { integrations: options.integrations ?? {}, plugins: options.plugins ?? {} } as BotImplementations
  const verify = () => verifyWiring(engine.definition, given.integrations, given.plugins)
  if (options.verify === true) verify()
  return {
    verify,
    botId: engine.botId,
    client: engine.botClient as unknown as BotClient<Tags, Calls, S>,
    store: engine.store,
    // the stored message has the input's type, T
    receive: async <T extends MessageType>(input: CreateMessageInput<Tags, T>) => (await engine.receive(input)) as unknown as Message<T, Tags>,
    emitEvent: (event) => engine.emitBotEvent(event),
    sendChannelMessage: (message) => engine.sendBotChannelMessage(message),
  }
}
