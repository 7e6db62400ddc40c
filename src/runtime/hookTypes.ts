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
 * Returns nothing to let the message through as it is, `{ message }` to change it (same
 * type; validated again), `{ stop: true }` to stop it.
 */
export type MessageHook<M, Client, Ctx> = (args: MessageHookArgs<M, Client, Ctx>) => Awaitable<undefined | { message: M } | { stop: true }>

export interface MessageHookRegistrar<Client, Ctx, Tags> {
  (type: '*', hook: MessageHook<CreateMessageInput<Tags>, Client, Ctx>): void
  <T extends MessageType>(type: T, hook: MessageHook<CreateMessageInput<Tags, T>, Client, Ctx>): void
}

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
) => Awaitable<undefined | { input: HookCall<Calls, K>['input'] } | { output: Calls[K]['output'] }>

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
) => Awaitable<undefined | { output: Calls[K]['output'] }>

export interface BeforeCallActionRegistrar<Calls extends ActionShapes<Calls>, Client, Ctx> {
  (type: '*', hook: BeforeCallActionHook<Calls, keyof Calls, Client, Ctx>): void
  <K extends keyof Calls & string>(type: K, hook: BeforeCallActionHook<Calls, K, Client, Ctx>): void
}

export interface AfterCallActionRegistrar<Calls extends ActionShapes<Calls>, Client, Ctx> {
  (type: '*', hook: AfterCallActionHook<Calls, keyof Calls, Client, Ctx>): void
  <K extends keyof Calls & string>(type: K, hook: AfterCallActionHook<Calls, K, Client, Ctx>): void
}

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
