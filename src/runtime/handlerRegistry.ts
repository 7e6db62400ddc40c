// Registers message, event and channel handlers and hooks; shared by the Bot and Plugin base classes.

import { shown } from '../jsonSchema/quoting.js'
import type { ChannelHandler, ChannelRegistrar, ChannelRegistration, NoChannels } from './channelTypes.js'
import type { TagMap } from './conversationTypes.js'
import { ValidationError } from './errors.js'
import { hookRegistrars } from './hooks.js'
import type { HookRegistrars, HookRegistration } from './hookTypes.js'
import { MESSAGE_TYPES, type Message, type MessageType } from './messages.js'
import type { NoStates, StateExpiredHandler, StateExpiredRegistrar, StateExpiredRegistration } from './stateTypes.js'
import type { ActionShapes, EventHandler, EventOf, EventRegistration, MessageHandler, MessageRegistration } from './types.js'

/** CT, UT: the conversation and user tags the owner reads, which type its handlers' `conversation` and `user`. */
export interface MessageRegistrar<Client, Ctx, Tags, CT = TagMap, UT = TagMap> {
  (type: '*', handler: MessageHandler<Message<MessageType, Tags>, Client, Ctx, CT, UT>): void
  <T extends MessageType>(type: T, handler: MessageHandler<Message<T, Tags>, Client, Ctx, CT, UT>): void
}

export type EventRegistrar<E, Client, Ctx> = <K extends keyof E & string>(type: K, handler: EventHandler<EventOf<E, K>, Client, Ctx>) => void

/**
 * Calls: what the owner's client calls (`callAction` keys), which its call hooks are keyed by;
 * Ch: `'<alias>:<channel>'` -> message -> payload, the channels handlers can be registered for;
 * CT, UT: the conversation and user tags the owner reads (docs/runtime.md#conversations-and-users).
 */
export class HandlerRegistry<
  E,
  Client,
  Ctx,
  Tags,
  Calls extends ActionShapes<Calls> = Record<never, never>,
  Ch = NoChannels,
  St = NoStates,
  CT = TagMap,
  UT = TagMap,
> {
  readonly messageHandlers: MessageRegistration<Client, Ctx, Tags>[] = []
  readonly eventHandlers: EventRegistration<Client, Ctx>[] = []
  readonly channelHandlers: ChannelRegistration<Client, Ctx>[] = []
  /** `on.stateExpired` handlers (docs/runtime.md#state-expiry) */
  readonly stateExpiredHandlers: StateExpiredRegistration[] = []
  /** hooks (docs/runtime.md#hooks), registered with `on.beforeIncomingMessage` and the like */
  readonly hooks: HookRegistration[] = []

  /**
   * The types check every registration; these checks are for JavaScript callers and casts,
   * whose mistakes would otherwise be handlers that silently never run. Event names are
   * checked against the definitions when the runtime is created (createRuntime).
   */
  readonly on: {
    message: MessageRegistrar<Client, Ctx, Tags, CT, UT>
    event: EventRegistrar<E, Client, Ctx>
    channel: ChannelRegistrar<Ch, Client, Ctx>
    stateExpired: StateExpiredRegistrar<St, Client, Ctx>
  } & HookRegistrars<Calls, Client, Ctx, Tags> = {
    // the registrars' checks do not depend on the maps, which only the types use
    ...(hookRegistrars(this.hooks) as unknown as HookRegistrars<Calls, Client, Ctx, Tags>),
    message: (type: MessageType | '*', handler: MessageHandler<never, Client, Ctx, never, never>): void => {
      const issues: string[] = []
      if (type !== '*' && !(MESSAGE_TYPES as readonly unknown[]).includes(type))
        issues.push(`type: must be '*' or one of ${MESSAGE_TYPES.join(', ')}, not ${shown(type)}`)
      if (typeof handler !== 'function') issues.push('handler: must be a function')
      if (issues.length > 0) throw new ValidationError('INVALID_ARGUMENT', 'on.message: invalid arguments', issues)
      this.messageHandlers.push({ type, handler: handler as MessageRegistration<Client, Ctx, Tags>['handler'] })
    },
    event: (type: string, handler: EventHandler<never, Client, Ctx>): void => {
      const issues: string[] = []
      // a plain name is one of the bot's own events (docs/runtime.md#the-bots-own-events)
      if (typeof type !== 'string' || !/^([^:#]+[:#]|[A-Za-z_][A-Za-z0-9_]*$)/.test(type))
        issues.push(`type: must be '<alias>:<event>', '<pluginAlias>#<event>' or the name of one of the bot's own events, not ${shown(type)}`)
      if (typeof handler !== 'function') issues.push('handler: must be a function')
      if (issues.length > 0) throw new ValidationError('INVALID_ARGUMENT', 'on.event: invalid arguments', issues)
      this.eventHandlers.push({ type, handler: handler as EventRegistration<Client, Ctx>['handler'] })
    },
    channel: (channel: string, type: string, handler: ChannelHandler<never, Client, Ctx>): void => {
      const issues: string[] = []
      if (typeof channel !== 'string' || channel.indexOf(':') <= 0) issues.push(`channel: must be '<alias>:<channel>', not ${shown(channel)}`)
      if (typeof type !== 'string' || type === '') issues.push(`type: must be a message name, not ${shown(type)}`)
      if (typeof handler !== 'function') issues.push('handler: must be a function')
      if (issues.length > 0) throw new ValidationError('INVALID_ARGUMENT', 'on.channel: invalid arguments', issues)
      this.channelHandlers.push({ channel, type, handler: handler as ChannelRegistration<Client, Ctx>['handler'] })
    },
    stateExpired: (name: string, handler: StateExpiredHandler<never, Client, Ctx>): void => {
      const issues: string[] = []
      if (typeof name !== 'string' || name === '') issues.push(`name: must be the name of a state, not ${shown(name)}`)
      if (typeof handler !== 'function') issues.push('handler: must be a function')
      if (issues.length > 0) throw new ValidationError('INVALID_ARGUMENT', 'on.stateExpired: invalid arguments', issues)
      this.stateExpiredHandlers.push({ name, handler })
    },
  }
}
