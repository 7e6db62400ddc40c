// The typed surface of states (docs/runtime.md#states): what a client's state calls take
// and give. `St` is a generated `States` map: state name -> { type, value, given }, where
// `value` is what is stored and read (defaults filled) and `given` what a writer gives
// (properties with a default may be left out).
import type { HandlerSignal } from './channelTypes.js'

export type StateType = 'conversation' | 'user' | 'bot' | 'integration'

/** One state's types, as generated `States` maps give them. */
export interface StateShape {
  type: StateType
  value: object
  given: object
}

/** The states of a definition that declares none. */
export type NoStates = Record<never, never>

/** Which state: its name, the kind of thing it is kept for (as declared) and that thing's id. */
export type StateKeyOf<St, N extends keyof St> = St[N] extends StateShape ? { type: St[N]['type']; id: string; name: N } : never

/** A state as the runtime keeps it. Timestamps are ISO 8601 (UTC) on the runtime's clock. */
export interface StateRecord<V> {
  type: StateType
  id: string
  name: string
  payload: V
  createdAt: string
  updatedAt: string
  /** when the state expires unless written again (its idle expiry); absent: never */
  expiresAt?: string
}

type Value<St, N extends keyof St> = St[N] extends StateShape ? St[N]['value'] : never
type Given<St, N extends keyof St> = St[N] extends StateShape ? St[N]['given'] : never

/**
 * State calls of a client (docs/runtime.md#states). Every payload is validated against the
 * state's schema, with its defaults filled in, before anything is stored; a refused one
 * leaves the stored value as it was. Calls on one state run one after the other.
 */
export interface StateClient<St> {
  /** The state, or `null` when there is none (never set, deleted, or expired). */
  getState<N extends keyof St & string>(key: StateKeyOf<St, N>): Promise<{ state: StateRecord<Value<St, N>> | null }>
  /** Replaces the state's value (creating it); a `null` payload deletes it, and gives `state: null`. */
  setState<N extends keyof St & string>(input: StateKeyOf<St, N> & { payload: Given<St, N> | null }): Promise<{ state: StateRecord<Value<St, N>> | null }>
  /** The state if there is one, else the given payload stored: atomic, one record however many calls race. `created`: this call stored it. */
  getOrSetState<N extends keyof St & string>(
    input: StateKeyOf<St, N> & { payload: Given<St, N> },
  ): Promise<{ state: StateRecord<Value<St, N>>; created: boolean }>
  /** Merges the given properties into the state's value (a shallow merge; into `{}` when there is none), then validates and stores the result. */
  patchState<N extends keyof St & string>(input: StateKeyOf<St, N> & { payload: Partial<Given<St, N>> }): Promise<{ state: StateRecord<Value<St, N>> }>
  /**
   * Sets this state's idle expiry in milliseconds (a positive integer), counted from now and
   * from every later write; `null` makes it never expire. NOT_FOUND when there is no such state.
   */
  setStateExpiry<N extends keyof St & string>(input: StateKeyOf<St, N> & { expiry: number | null }): Promise<{ state: StateRecord<Value<St, N>> }>
}

export interface StateExpiredArgs<V, Client, Ctx> {
  /** the state as it was when it expired */
  state: StateRecord<V>
  client: Client
  ctx: Ctx
  /** fires when the handler's time limit is over */
  signal: HandlerSignal
}

/** Returns like an event handler: awaited, otherwise ignored. */
export type StateExpiredHandler<V, Client, Ctx> = (args: StateExpiredArgs<V, Client, Ctx>) => unknown

export type StateExpiredRegistrar<St, Client, Ctx> = <N extends keyof St & string>(name: N, handler: StateExpiredHandler<Value<St, N>, Client, Ctx>) => void

/** A registered state-expiry handler, as the runtime sees it. */
export interface StateExpiredRegistration {
  readonly name: string
  readonly handler: (args: never) => unknown
}
