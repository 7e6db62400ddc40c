// Channels (docs/runtime.md#channels-and-streaming): an integration sends typed messages on
// its channels (final names); each is validated against its schema, handed to the stream of
// the call that sent it when its caller streams that message, then dispatched to the bot's
// handlers for '<alias>:<channel>' and to each plugin instance wired to that integration,
// under the interface's own channel name (as events are routed).
import { isRecord, own } from '../jsonSchema/own.js'
import { quoted } from '../jsonSchema/quoting.js'
import type { ChunkQueue } from './chunkQueue.js'
import type { BotDefinition, ChannelDefinition, JsonValue } from './definition.js'
import { UnknownTargetError, ValidationError } from './errors.js'
import { copyValue } from './jsonCopies.js'
import type { ChannelRegistrationLike, RunnableIntegration, RunnablePlugin } from './runnables.js'
import { validateValue } from './validation.js'
import type { ValueLimits } from './valueLimits.js'

/** Which channel message of a call its caller consumes (`streamAction`). */
export interface StreamRequest {
  /** the call's id, given to the caller before the call starts */
  id: string
  /** the channel as the caller named it: the integration's final name, or the interface's for a plugin */
  channel: string
  message: string
  queue: ChunkQueue<unknown>
  /** for a plugin's call: the integration's alias of the interface, whose channel names it uses */
  interfaceAlias?: string
}

/** One running integration action: channel messages its handler sends carry its id. */
export class ActiveCall {
  ended = false
  /**
   * The channel messages (`channel` and `type`) this call has sent one of marked complete
   * (`isComplete: true`, the `llm` chunk's convention): the call's sequence of them is over.
   */
  private readonly completed = new Set<string>()

  constructor(
    readonly id: string,
    /** the integration's final channel name and the message the caller streams, if any */
    readonly stream: { channel: string; message: string; queue: ChunkQueue<unknown> } | undefined,
  ) {}

  /** Whether this call already sent a message of this kind marked complete. */
  hasCompleted(channel: string, type: string): boolean {
    return this.completed.has(`${channel}\u0000${type}`)
  }

  /** Notes a message this call sends; one whose payload says `isComplete: true` ends its kind's sequence. */
  noteSent(channel: string, type: string, payload: unknown): void {
    if (isRecord(payload) && payload['isComplete'] === true) this.completed.add(`${channel}\u0000${type}`)
  }
}

interface Described {
  owner: string
  registeredFor: string
  message: string
}

/** What the router needs of the engine: its wiring, clients, plugin contexts and bounded handler runs. */
export interface ChannelHost {
  readonly botId: string
  readonly definition: BotDefinition
  readonly bot: { readonly channelHandlers?: readonly ChannelRegistrationLike[] }
  readonly botClient: object
  readonly valueLimits: ValueLimits
  readonly plugins: { readonly [name: string]: RunnablePlugin }
  pluginClient(alias: string): object
  dispatchConfiguration(alias: string, impl: RunnablePlugin, describe: () => Described): JsonValue
  runHandler(handler: (args: never) => unknown, args: object, describe: () => Described): Promise<void>
}

function list(names: readonly string[]): string {
  return names.length > 0 ? names.join(', ') : 'none'
}

/** The channel and message definitions, or UNKNOWN_CHANNEL naming what exists. */
function channelMessage(impl: RunnableIntegration, alias: string, channel: string, type: string, label: string): ChannelDefinition['messages'][string] {
  const def = impl.definition
  const channelDef = own(def.channels ?? {}, channel)
  if (!channelDef) {
    throw new UnknownTargetError(
      'UNKNOWN_CHANNEL',
      `${label}: integration '${alias}' (${def.name} ${def.version}) has no channel '${channel}' (its channels: ${list(Object.keys(def.channels ?? {}))})`,
    )
  }
  const messageDef = own(channelDef.messages, type)
  if (!messageDef) {
    throw new UnknownTargetError(
      'UNKNOWN_CHANNEL',
      `${label}: channel '${channel}' of integration '${alias}' (${def.name} ${def.version}) has no message '${type}' (its messages: ${list(Object.keys(channelDef.messages))})`,
    )
  }
  return messageDef
}

export class ChannelRouter {
  private calls = 0

  constructor(private readonly host: ChannelHost) {}

  /** Unique within the runtime; opaque to callers. */
  nextCallId(): string {
    this.calls++
    return `call-${this.calls}`
  }

  /**
   * A new call of one of `alias`'s actions, with the stream its caller asked for, checked
   * (UNKNOWN_CHANNEL before the handler runs) and translated to the integration's final
   * channel name.
   */
  startCall(alias: string, impl: RunnableIntegration, stream: StreamRequest | undefined, label: string): ActiveCall {
    if (!stream) return new ActiveCall(this.nextCallId(), undefined)
    const id = stream.id
    let channel = stream.channel
    if (stream.interfaceAlias !== undefined) {
      const names = own(impl.definition.interfaces, stream.interfaceAlias)?.channels ?? {}
      const final = own(names, stream.channel)
      if (final === undefined) {
        throw new UnknownTargetError(
          'UNKNOWN_CHANNEL',
          `${label}: the interface has no channel '${stream.channel}' (its channels: ${list(Object.keys(names))})`,
        )
      }
      channel = final
    }
    channelMessage(impl, alias, channel, stream.message, label)
    return new ActiveCall(id, { channel, message: stream.message, queue: stream.queue })
  }

  /**
   * Sends `raw` (`{ channel, type, payload }`, the integration's final channel name) as
   * integration `alias`; `call`: the action call it was sent from, if any. Resolves once
   * every handler has finished.
   */
  async send(alias: string, impl: RunnableIntegration, raw: unknown, call: ActiveCall | undefined): Promise<void> {
    const from = `sendChannelMessage of integration '${alias}'`
    if (!isRecord(raw) || typeof raw['channel'] !== 'string' || typeof raw['type'] !== 'string') {
      throw new UnknownTargetError('UNKNOWN_CHANNEL', `${from}: expected { channel, type, payload }`)
    }
    const channel = raw['channel']
    const type = raw['type']
    const { schema } = channelMessage(impl, alias, channel, type, from)
    const issues = validateValue(raw['payload'], schema, impl.definition.definitions, 'payload', this.host.valueLimits)
    if (issues.length > 0) {
      throw new ValidationError('INVALID_CHANNEL_MESSAGE', `invalid payload for message '${type}' on channel '${alias}:${channel}'`, issues)
    }
    // after the message marked complete, the call's sequence of that message is over: a
    // late one is refused (to the sender) rather than delivered as if it came before the end
    if (call?.hasCompleted(channel, type)) {
      throw new ValidationError('INVALID_CHANNEL_MESSAGE', `${from}: message '${type}' on channel '${alias}:${channel}' sent after the one marked complete`, [
        `call ${call.id} already sent a '${type}' with isComplete: true, the last of its sequence; nothing was delivered`,
      ])
    }
    call?.noteSent(channel, type, raw['payload'])
    const payload = copyValue(raw['payload'])
    const stream = call?.stream
    if (stream && !call.ended && stream.channel === channel && stream.message === type) stream.queue.push(copyValue(payload))
    await this.dispatch(alias, impl, channel, type, payload, call ? call.id : null)
  }

  private async dispatch(alias: string, impl: RunnableIntegration, channel: string, type: string, payload: unknown, callId: string | null): Promise<void> {
    const host = this.host
    const botKey = `${alias}:${channel}`
    for (const registration of host.bot.channelHandlers ?? []) {
      if (registration.channel !== botKey || registration.type !== type) continue
      const args = { message: { channel: botKey, type, payload: copyValue(payload), callId }, client: host.botClient, ctx: { botId: host.botId } }
      await host.runHandler(registration.handler, args, () => ({
        owner: 'bot',
        registeredFor: `${botKey} ${type}`,
        message: `sendChannelMessage: the bot's handler for message '${type}' on channel '${botKey}' failed`,
      }))
    }
    for (const [pluginAlias, instance] of Object.entries(host.definition.plugins)) {
      const plugin = own(host.plugins, instance.name)
      if (!plugin?.channelHandlers || plugin.channelHandlers.length === 0) continue
      for (const [local, dependency] of Object.entries(instance.dependencies)) {
        if (dependency.integrationAlias !== alias) continue
        const names = own(impl.definition.interfaces, dependency.integrationInterfaceAlias)?.channels ?? {}
        const interfaceChannel = Object.keys(names).find((k) => names[k] === channel)
        if (interfaceChannel === undefined) continue
        const pluginKey = `${local}:${interfaceChannel}`
        const registrations = plugin.channelHandlers.filter((r) => r.channel === pluginKey && r.type === type)
        if (registrations.length === 0) continue
        const describe = () => ({
          owner: pluginAlias,
          registeredFor: `${pluginKey} ${type}`,
          message: `sendChannelMessage: the handler of plugin instance '${pluginAlias}' for message '${type}' on channel '${pluginKey}' (${botKey}) failed`,
        })
        const ctx = { configuration: host.dispatchConfiguration(pluginAlias, plugin, describe), botId: host.botId }
        for (const registration of registrations) {
          const args = { message: { channel: pluginKey, type, payload: copyValue(payload), callId }, client: host.pluginClient(pluginAlias), ctx }
          await host.runHandler(registration.handler, args, describe)
        }
      }
    }
  }
}

/**
 * Channel handlers registered for channel messages that cannot happen: they would never run.
 * The bot's `'<alias>:<channel>'` against the integration's final names, a plugin's
 * `'<local>:<channel>'` against the interface's, each when the integration's implementation
 * is given (the bot's definition does not list channels).
 */
export function unknownChannelRegistrations(
  bot: { readonly definition: BotDefinition; readonly channelHandlers?: readonly ChannelRegistrationLike[] },
  integrations: { readonly [name: string]: RunnableIntegration },
  plugins: { readonly [name: string]: RunnablePlugin },
): string[] {
  const issues: string[] = []
  const integrationOf = (alias: string): RunnableIntegration | undefined => {
    const added = own(bot.definition.integrations, alias)
    const impl = added && own(integrations, added.name)
    return impl?.definition?.kind === 'integration' ? impl : undefined
  }
  const check = (at: string, impl: RunnableIntegration, alias: string, channel: string, type: string): void => {
    try {
      channelMessage(impl, alias, channel, type, at)
    } catch (error) {
      issues.push((error as Error).message)
    }
  }
  for (const { channel, type } of bot.channelHandlers ?? []) {
    const colon = channel.indexOf(':')
    const alias = channel.slice(0, colon)
    const at = `bot.on.channel(${quoted(channel)}, ${quoted(type)})`
    if (!own(bot.definition.integrations, alias)) {
      issues.push(`${at}: bot '${bot.definition.name}' adds no integration '${alias}' (its integrations: ${list(Object.keys(bot.definition.integrations))})`)
      continue
    }
    const impl = integrationOf(alias)
    if (impl) check(at, impl, alias, channel.slice(colon + 1), type)
  }
  const seen = new Set<string>()
  for (const instance of Object.values(bot.definition.plugins)) {
    const plugin = own(plugins, instance.name)
    if (plugin?.definition?.kind !== 'plugin' || !Array.isArray(plugin.channelHandlers) || seen.has(instance.name)) continue
    seen.add(instance.name)
    for (const { channel, type } of plugin.channelHandlers as readonly ChannelRegistrationLike[]) {
      const colon = channel.indexOf(':')
      const local = channel.slice(0, colon)
      const at = `plugin '${instance.name}' on.channel(${quoted(channel)}, ${quoted(type)})`
      const dependency = own(instance.dependencies, local)
      if (!dependency) {
        issues.push(`${at}: the plugin has no interface '${local}' (its interfaces: ${list(Object.keys(instance.dependencies))})`)
        continue
      }
      const impl = integrationOf(dependency.integrationAlias)
      if (!impl) continue
      const names = own(impl.definition.interfaces, dependency.integrationInterfaceAlias)?.channels ?? {}
      const final = own(names, channel.slice(colon + 1))
      if (final === undefined) {
        issues.push(
          `${at}: interface '${local}' (${dependency.interfaceName} ${dependency.interfaceVersion}) has no channel '${channel.slice(colon + 1)}' (its channels: ${list(Object.keys(names))})`,
        )
      } else check(at, impl, dependency.integrationAlias, final, type)
    }
  }
  return issues
}
