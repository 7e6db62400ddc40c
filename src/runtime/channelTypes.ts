// The typed surface of channels, cancellation and time limits (docs/runtime.md#channels-and-streaming,
// #time-limits); `streamAction`'s types are in types.ts, beside callAction's. Like types.ts,
// maps are type parameters the generated code supplies, so every check is an indexed access.

/** channel name -> message name -> payload (a generated `Channels` map). */
export type ChannelShapes<Ch> = { [C in keyof Ch]: { [M in keyof Ch[C]]: object } }

/** The channel map of a module without channels. */
export type NoChannels = Record<never, never>

/** `{ channel, type, payload }`, one member per channel message: a name cannot travel with another's payload. */
export type ChannelMessageOf<Ch> = {
  [C in keyof Ch]: { [M in keyof Ch[C]]: { channel: C; type: M; payload: Ch[C][M] } }[keyof Ch[C]]
}[keyof Ch]

/**
 * What a channel handler gets: the channel as it registered for it, the message name, its own
 * copy of the payload, and the id of the action call that sent it (`null`: sent outside any
 * call, `runtime.sendChannelMessage`).
 */
export interface ChannelMessage<C, M, P> {
  channel: C
  type: M
  payload: P
  callId: string | null
}

export interface ChannelHandlerArgs<Msg, Client, Ctx> {
  message: Msg
  client: Client
  ctx: Ctx
  /** fires when the handler's time limit is over */
  signal: HandlerSignal
}

/** Returns like a message handler: awaited, otherwise ignored. */
export type ChannelHandler<Msg, Client, Ctx> = (args: ChannelHandlerArgs<Msg, Client, Ctx>) => unknown

/** `on.channel('<alias>:<channel>', '<message>', handler)`; Ch: `'<alias>:<channel>'` -> message -> payload. */
export type ChannelRegistrar<Ch, Client, Ctx> = <C extends keyof Ch & string, M extends keyof Ch[C] & string>(
  channel: C,
  type: M,
  handler: ChannelHandler<ChannelMessage<C, M, Ch[C][M]>, Client, Ctx>,
) => void

export interface ChannelRegistration<Client, Ctx> {
  channel: string
  type: string
  handler: ChannelHandler<ChannelMessage<string, string, object>, Client, Ctx>
}

/**
 * What the runtime needs of an AbortSignal. A real one (`new AbortController().signal`)
 * fits; spelled out because the runtime's types compile without DOM or Node types.
 */
export interface AbortSignalLike {
  readonly aborted: boolean
  readonly reason: unknown
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void
  removeEventListener(type: 'abort', listener: () => void): void
}

/**
 * The signal handlers get: the platform's `AbortSignal` where its types are loaded (Node's
 * or the DOM's, so that it can be passed to `fetch`), else `AbortSignalLike`.
 */
export type HandlerSignal = typeof globalThis extends { AbortSignal: { prototype: infer S } } ? S : AbortSignalLike

/** What every call may add to `{ type, input }`. */
export interface CallOptions {
  /** cancels the call: it rejects with a CancelledError and the handler's `signal` fires */
  signal?: AbortSignalLike | undefined
  /** this call's time limit in milliseconds, over the action's and the runtime's */
  timeLimitMs?: number | undefined
}

/** The integration client's half for channels. Ch: the integration's `Channels`. */
export interface ChannelSender<Ch> {
  /**
   * Sends a message on one of the integration's channels (its final names), validated
   * against the channel message's schema. Sent from an action handler, it belongs to that
   * call: its caller may be streaming it.
   */
  sendChannelMessage(message: ChannelMessageOf<Ch>): Promise<void>
}
