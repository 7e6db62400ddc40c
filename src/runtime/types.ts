// The typed surface that generated classes build on: action shapes, handlers, clients.
// Maps are type parameters supplied by generated code (plain interfaces with literal
// keys), so every check is an indexed access, never a deep conditional type.
import type { CallOptions, ChannelSender, ChannelShapes, HandlerSignal, NoChannels } from './channelTypes.js'
import type {
  AnyTags,
  ConversationClient,
  ConversationOf,
  IncomingMessages,
  IntegrationConversationClient,
  TagMap,
  TagSet,
  UserOf,
} from './conversationTypes.js'
import type { Message, MessagePayloads, MessageType } from './messages.js'
import type { NoStates, StateClient } from './stateTypes.js'

/**
 * One action's types. `input` is what its handler reads; `callInput`, where the action's
 * defaults make them differ, what a caller gives (defaulted properties optional).
 */
export interface ActionShape {
  input: object
  output: object
  callInput?: object
}

/** What a caller gives an action: its `callInput` where it has one, else its `input`. */
export type CallInput<S extends ActionShape> = S extends { callInput: infer I } ? I : S['input']

/** A map of action name -> shape (generated `Actions` interfaces satisfy it). */
export type ActionShapes<A> = { [K in keyof A]: ActionShape }

/** A map of event name -> payload. */
export type EventPayloads<E> = { [K in keyof E]: object }

export type Awaitable<T> = T | Promise<T>

export interface ActionHandlerArgs<I, Ctx, Client> {
  input: I
  ctx: Ctx
  client: Client
  /** fires when the call is cancelled by its caller or its time limit is over (docs/runtime.md#time-limits) */
  signal: HandlerSignal
}

export type ActionHandler<S extends ActionShape, Ctx, Client> = (args: ActionHandlerArgs<S['input'], Ctx, Client>) => Awaitable<S['output']>

/** An implementation for every action of A. */
export type ActionHandlers<A extends ActionShapes<A>, Ctx, Client> = { [K in keyof A]: ActionHandler<A[K], Ctx, Client> }

/** `{ type, input }` pairs, one per key: a union, so a key cannot travel with another key's input. */
export type ActionCall<Calls extends ActionShapes<Calls>, K extends keyof Calls> = { [P in K]: { type: P; input: CallInput<Calls[P]> } & CallOptions }[K]

/** `{ type, payload }` pairs, one per event. */
export type EventOf<E, K extends keyof E = keyof E> = { [P in K]: { type: P; payload: E[P] } }[K]

// ---- streamed calls (docs/runtime.md#channels-and-streaming)

/** call key -> the channels its handler may send on (channel -> message -> payload). */
export type StreamShapes<S> = { [K in keyof S]: ChannelShapes<S[K]> }

/** The streams of a client that can stream no call. */
export type NoStreams = Record<never, never>

/** `streamAction`'s argument: the call, and which of its channel messages to consume. */
export type StreamCall<Calls extends ActionShapes<Calls>, S, K extends keyof Calls & keyof S, C extends keyof S[K], M extends keyof S[K][C]> = {
  type: K
  input: CallInput<Calls[K]>
  channel: C
  message: M
} & CallOptions

/**
 * A streamed call: `chunks` yields the payloads of the named channel message that this
 * call's handler sends, in order, and ends when the call ends (throwing the call's error
 * when it fails); `result` is the action's output, as `callAction` would give it.
 */
export interface ActionStream<P, O> {
  /** the call's id, `message.callId` for channel handlers */
  readonly callId: string
  readonly chunks: AsyncIterable<P>
  readonly result: Promise<O>
}

export interface ActionStreamer<Calls extends ActionShapes<Calls>, S> {
  streamAction<K extends keyof Calls & keyof S & string, C extends keyof S[K] & string, M extends keyof S[K][C] & string>(
    call: StreamCall<Calls, S, K, C, M>,
  ): ActionStream<S[K][C][M], Calls[K]['output']>
}

export interface ActionCaller<Calls extends ActionShapes<Calls>> {
  callAction<K extends keyof Calls>(call: ActionCall<Calls, K>): Promise<Calls[K]['output']>
}

/**
 * The configuration an integration's handlers get, with the name of the configuration it
 * follows: `configurationType` is `null` for the default `C`, else a key of `Alt` (the
 * alternative configurations, NAME -> type), so that checking it narrows `configuration`.
 */
export type ConfigurationChoice<C, Alt> =
  | { configurationType: null; configuration: C }
  | { [K in keyof Alt]: { configurationType: K; configuration: Alt[K] } }[keyof Alt]

/** Alt of an integration without alternative configurations. */
export type NoAlternatives = Record<never, never>

/** Sec of an integration that declares no secrets. */
export type NoSecrets = Record<never, never>

/** Sec: the integration's own secrets (`Secrets` of the generated module), NAME -> value, none by default. */
export type IntegrationContext<C, Alt = NoAlternatives, Sec = NoSecrets> = ConfigurationChoice<C, Alt> & {
  botId: string
  /** the integration's own deployment secrets, read from the environment (docs/runtime.md#integration-secrets) */
  secrets: Sec
}

/** Ch: the integration's channels (`Channels`), none by default; Tg: its tags (`Tags`), any by default; St: its states (`States`), none by default. */
export interface IntegrationClient<E, Ch = NoChannels, Tg extends TagSet = AnyTags, St = NoStates>
  extends ChannelSender<Ch>,
    StateClient<St>,
    IntegrationConversationClient<Tg['conversation'], Tg['user']>,
    IncomingMessages<Tg['message']> {
  emitEvent(event: EventOf<E>): Promise<void>
}

export interface PluginContext<C> {
  configuration: C
  botId: string
}

/**
 * `createMessage` input: a union over message types (T, all of them by default), tags
 * limited to the declared keys. Each member pairs a type with its own payload, so a `type`
 * only known as `MessageType` cannot carry a payload that fits just one of them.
 */
export type CreateMessageInput<Tags, T extends MessageType = MessageType> = {
  [K in T]: { conversationId: string; userId: string; type: K; payload: MessagePayloads[K]; tags: Tags }
}[T]

export interface MessagingClient<Tags> {
  /**
   * T is inferred from the argument's `type`: the stored message comes back as that type (a union when `type` is one).
   * `stopped`: a beforeOutgoingMessage hook stopped it, and it was not stored (docs/runtime.md#hooks).
   */
  createMessage<T extends MessageType>(input: CreateMessageInput<Tags, T>): Promise<{ message: Message<T, Tags>; stopped?: true }>
  getMessage(input: { id: string }): Promise<{ message: Message<MessageType, Tags> }>
  listMessages(input: {
    conversationId: string
    limit?: number | undefined
    nextToken?: string | undefined
  }): Promise<{ messages: Message<MessageType, Tags>[]; meta: { nextToken?: string } }>
  /** merges the given tags into the message's; a tag given as '' is removed */
  updateMessage(input: { id: string; tags: Tags }): Promise<{ message: Message<MessageType, Tags> }>
  deleteMessage(input: { id: string }): Promise<void>
}

/**
 * S: call key -> the channels its handler may send on, for `streamAction` (docs/runtime.md#channels-and-streaming);
 * CT, UT: the conversation and user tags the bot may read and write (docs/definitions.md#tags).
 * St: the bot's states (`States`); Ev: the bot's own events (`OwnEvents`), which it emits by name.
 */
export interface BotClient<Tags, Calls extends ActionShapes<Calls>, S = NoStreams, CT = TagMap, UT = TagMap, St = NoStates, Ev = NoEvents>
  extends MessagingClient<Tags>,
    ConversationClient<CT, UT>,
    ActionCaller<Calls>,
    ActionStreamer<Calls, S>,
    StateClient<St>,
    OwnEventEmitter<Ev> {}

/**
 * Ev: the plugin's own events, name -> payload (docs/runtime.md#plugin-events); none by
 * default. S: call key -> the channels its handler may send on, for `streamAction`.
 */
export interface PluginClient<Calls extends ActionShapes<Calls>, Ev = NoEvents, S = NoStreams, Tg extends TagSet = AnyTags, St = NoStates>
  extends MessagingClient<Tg['message']>,
    ConversationClient<Tg['conversation'], Tg['user']>,
    ActionCaller<Calls>,
    ActionStreamer<Calls, S>,
    PluginEventEmitter<Ev>,
    StateClient<St> {}

export interface BotContext {
  botId: string
}

/**
 * The conversation of a message: its id, and, when it lives on an integration's channel, that
 * record (docs/runtime.md#conversations-and-users); CT: its tags as the handler's owner reads
 * them (the bot's `ConversationTags`, a plugin's own).
 */
export interface Conversation<CT = TagMap> extends Partial<Omit<ConversationOf<CT>, 'id'>> {
  id: string
}

/** CT, UT: the conversation and user tags the handler's owner reads (its `ConversationTags`, `UserTags`). */
export interface MessageHandlerArgs<M, Client, Ctx, CT = TagMap, UT = TagMap> {
  message: M
  client: Client
  ctx: Ctx
  conversation: Conversation<CT>
  /** the sender, when it is a stored user (a message an integration's `createMessage` put in) */
  user?: UserOf<UT> | undefined
  /** fires when the handler's time limit is over */
  signal: HandlerSignal
}

/**
 * What a handler returns is awaited and otherwise ignored: returning a promise (an
 * expression-bodied `({ client }) => client.callAction(...)`) is the same as awaiting it,
 * and its rejection fails the handler as a throw does. `unknown`, not `void | Promise<void>`:
 * a union return type would refuse handlers that return a value.
 */
export type MessageHandler<M, Client, Ctx, CT = TagMap, UT = TagMap> = (args: MessageHandlerArgs<M, Client, Ctx, CT, UT>) => unknown

export interface EventHandlerArgs<Ev, Client, Ctx> {
  event: Ev
  client: Client
  ctx: Ctx
  /** fires when the handler's time limit is over */
  signal: HandlerSignal
}

/** Returns like a MessageHandler: awaited, otherwise ignored. */
export type EventHandler<Ev, Client, Ctx> = (args: EventHandlerArgs<Ev, Client, Ctx>) => unknown

/** A registration: the message type or '*', and its handler. */
export interface MessageRegistration<Client, Ctx, Tags> {
  type: MessageType | '*'
  handler: MessageHandler<Message<MessageType, Tags>, Client, Ctx>
}

export interface EventRegistration<Client, Ctx> {
  type: string
  handler: EventHandler<{ type: string; payload: object }, Client, Ctx>
}

/** The events of a plugin that declares none. */
export type NoEvents = Record<never, never>

/**
 * What a plugin's client adds for its own events (docs/runtime.md#plugin-events): it emits
 * them by their names in the plugin, payloads typed in the plugin's own terms; the runtime
 * validates each against the emitting instance's dereferenced schema.
 */
export interface PluginEventEmitter<Ev> {
  emitEvent(event: EventOf<Ev>): Promise<void>
}

/**
 * What a bot's client adds for its own events (docs/runtime.md#the-bots-own-events): it emits
 * them by name; the runtime validates the payload and runs the bot's `on.event` handlers.
 */
export interface OwnEventEmitter<Ev> {
  emitEvent(event: EventOf<Ev>): Promise<void>
}
