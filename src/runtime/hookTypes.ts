// The typed surface of hooks (docs/runtime.md#hooks): code that runs around every incoming
// message, action call and outgoing message, registered on `bot.on` / `plugin.on` like handlers.
// Maps are the generated ones (tags, callable actions), so each hook is typed by its key.

import type { HandlerSignal } from './channelTypes.js'
import type { MessageType } from './messages.js'
import type { ActionShapes, Awaitable, CallInput, CreateMessageInput } from './types.js'

export type HookKind = 'beforeIncomingMessage' | 'beforeOutgoingMessage' | 'beforeCallAction' | 'afterCallAction'

export interface MessageHookArgs<M, Client, Ctx> {
  /** the message as it will be stored, before the runtime assigns its id and timestamps (a copy) */
  message: M
  client: Client
  ctx: Ctx
  /** fires when the hook's time limit is over, or (call hooks) when the call's caller cancels it */
  signal: HandlerSignal
}

/**
 * Nothing: what a hook returns when it lets the message or call through as it is. `void`
 * too, so that a hook whose body is a call of a function returning `void` or
 * `Promise<void>` (`({ message }) => log(message)`) is one.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: void is the point: what a void function returns must count as nothing
export type NoChange = undefined | void

/**
 * Returns nothing to let the message through as it is, `{ message }` to change it (same
 * type; validated again), `{ stop: true }` to stop it.
 */
export type MessageHook<M, Client, Ctx> = (args: MessageHookArgs<M, Client, Ctx>) => Awaitable<NoChange | { message: M } | { stop: true }>

// One generic signature per registrar, not an overload for '*' beside one for a key: a hook
// that returns the wrong thing is then an error at what it returns, rather than "no
// overload matches" at the registrar naming the '*' overload's complaint about the key.

/** The message type a hook registered for `T` sees: every type for '*'. */
export type HookMessageType<T extends MessageType | '*'> = T extends '*' ? MessageType : Exclude<T, '*'>

export type MessageHookRegistrar<Client, Ctx, Tags> = <T extends MessageType | '*'>(
  type: T,
  hook: MessageHook<CreateMessageInput<Tags, HookMessageType<T>>, Client, Ctx>,
) => void

/** `{ type, input }` pairs, one per key, as a call hook sees the call (without the caller's signal and time limit). */
export type HookCall<Calls extends ActionShapes<Calls>, K extends keyof Calls> = { [P in K]: { type: P; input: CallInput<Calls[P]> } }[K]

export interface BeforeCallActionArgs<Call, Client, Ctx> {
  /** `{ type, input }` as the caller wrote it, or as the hook before this one changed it (a copy) */
  call: Call
  client: Client
  ctx: Ctx
  /** fires when the hook's time limit is over, or (call hooks) when the call's caller cancels it */
  signal: HandlerSignal
}

/**
 * Returns nothing to let the call through as it is, `{ input }` to change its input
 * (validated as any input), `{ output }` to answer in place of the action, whose handler then
 * does not run (validated as its output).
 */
export type BeforeCallActionHook<Calls extends ActionShapes<Calls>, K extends keyof Calls, Client, Ctx> = (
  args: BeforeCallActionArgs<HookCall<Calls, K>, Client, Ctx>,
) => Awaitable<NoChange | { input: HookCall<Calls, K>['input'] } | { output: Calls[K]['output'] }>

export interface AfterCallActionArgs<Call, Output, Client, Ctx> {
  /** the call as the action got it (after the before hooks) */
  call: Call
  /** the action's output, or the hook before this one's (a copy) */
  output: Output
  client: Client
  ctx: Ctx
  /** fires when the hook's time limit is over, or (call hooks) when the call's caller cancels it */
  signal: HandlerSignal
}

/** Returns nothing to keep the output, `{ output }` to change it (validated as the action's output). */
export type AfterCallActionHook<Calls extends ActionShapes<Calls>, K extends keyof Calls, Client, Ctx> = (
  args: AfterCallActionArgs<HookCall<Calls, K>, Calls[K]['output'], Client, Ctx>,
) => Awaitable<NoChange | { output: Calls[K]['output'] }>

/** The calls a hook registered for `K` sees: every call for '*'. */
export type HookCallKey<Calls, K> = K extends '*' ? keyof Calls : K & keyof Calls

export type BeforeCallActionRegistrar<Calls extends ActionShapes<Calls>, Client, Ctx> = <K extends (keyof Calls & string) | '*'>(
  type: K,
  hook: BeforeCallActionHook<Calls, HookCallKey<Calls, K>, Client, Ctx>,
) => void

export type AfterCallActionRegistrar<Calls extends ActionShapes<Calls>, Client, Ctx> = <K extends (keyof Calls & string) | '*'>(
  type: K,
  hook: AfterCallActionHook<Calls, HookCallKey<Calls, K>, Client, Ctx>,
) => void

/** The hook half of `on`: one registrar per kind of hook. */
export interface HookRegistrars<Calls extends ActionShapes<Calls>, Client, Ctx, Tags> {
  /** before `receive` stores an incoming message and runs its handlers */
  beforeIncomingMessage: MessageHookRegistrar<Client, Ctx, Tags>
  /** before `client.createMessage` stores a message */
  beforeOutgoingMessage: MessageHookRegistrar<Client, Ctx, Tags>
  /** before `client.callAction` runs an action: keyed as the owner's client calls it */
  beforeCallAction: BeforeCallActionRegistrar<Calls, Client, Ctx>
  /** after the action returned (or a before hook answered), before the caller gets the output */
  afterCallAction: AfterCallActionRegistrar<Calls, Client, Ctx>
}

/** A registered hook, as the runtime sees it. */
export interface HookRegistration {
  readonly kind: HookKind
  /** the message type, the action key, or '*' */
  readonly type: string
  readonly hook: (args: never) => unknown
}
