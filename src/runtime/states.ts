// The state calls of the bot's, plugin instances' and integrations' clients
// (docs/runtime.md#states), and state expiry on the runtime's clock (#state-expiry).
//
// Each call names a state declared by its owner (the bot, a plugin instance, an
// integration) with the type it was declared with; a payload is validated against the
// state's schema, defaults filled in, before anything is stored, so a refused one leaves
// the stored value as it was. Every write is one StateStore.update: the store reads, lets
// the call validate and merge, and writes as one atomic step, so getOrSetState and
// patchState lose nothing to concurrent calls, of this runtime or of other processes on a
// shared store (stateStore.ts). Calls on one state of this runtime also run one after the
// other (a queue per key). Expiry deletes conditionally in the store: only the runtime
// whose deletion took a state runs its handlers.
import { isRecord } from '../jsonSchema/own.js'
import { shown } from '../jsonSchema/quoting.js'
import { andThen, isThenable } from './awaitable.js'
import type { BackgroundWork } from './backgroundWork.js'
import { type Clock, type ClockTimer, isoTimestamp } from './clock.js'
import { type DeclaredState, DeclaredStates, payloadIssues, withDefaults } from './declaredStates.js'
import type { JsonSchema, JsonValue, StateDefinition } from './definition.js'
import { RuntimeError, ValidationError } from './errors.js'
import { handleExpiredBatch } from './expiredBatch.js'
import { mergeInto } from './jsonCopies.js'
import { type StateChange, type StateKey, type StateStore, type StoredState, stateKeyText } from './stateStore.js'
import type { StateRecord } from './stateTypes.js'
import type { Awaitable } from './types.js'
import { refusedIfUnreadable } from './unreadableArguments.js'
import type { SchemaDefinitions } from './validation.js'
import type { ValueLimits } from './valueLimits.js'

/** Whose states: the bot, a plugin instance or an integration, with what its calls need. */
export interface StateOwner {
  /** as in StateKey: `bot`, `#<alias>`, `:<alias>` */
  readonly owner: string
  /** who it is, in messages: `bot 'x'`, `plugin instance 'y'` */
  readonly label: string
  readonly states: { readonly [name: string]: StateDefinition }
  /** the definitions section the state's schema refers into */
  definitionsFor(schema: JsonSchema): SchemaDefinitions
  /** runs its `on.stateExpired` handlers for a state that expired */
  expired?(state: StateRecord<unknown>): Promise<void>
}

/** The state calls as the runtime gives them, before generated types narrow them. */
export interface LooseStateClient {
  getState(key: unknown): Promise<{ state: StateRecord<unknown> | null }>
  setState(input: unknown): Promise<{ state: StateRecord<unknown> | null }>
  getOrSetState(input: unknown): Promise<{ state: StateRecord<unknown>; created: boolean }>
  patchState(input: unknown): Promise<{ state: StateRecord<unknown> }>
  setStateExpiry(input: unknown): Promise<{ state: StateRecord<unknown> }>
}

interface Named {
  key: StateKey
  /** stateKeyText(key), computed once per call */
  text: string
  declared: DeclaredState
}

function record(state: StoredState): StateRecord<unknown> {
  const { type, id, name, payload, createdAt, updatedAt, expiresAt } = state
  // one literal per shape: a field added later would cost the object a second allocation for it
  return expiresAt === undefined ? { type, id, name, payload, createdAt, updatedAt } : { type, id, name, payload, createdAt, updatedAt, expiresAt }
}

/**
 * The caller's argument `key` when it is an own property (as `own` finds it). Read with
 * Reflect.get rather than `given[key]`: a handler's arguments are often a spread with a
 * property added (`{ ...key, payload }`), which V8 (node 20) gives a map of its own per
 * object, so that every property access site that sees them turns megamorphic and misses its
 * cache at each call (about 0.1 µs a read); Reflect.get reads through no such cache
 * (docs/decisions.md, "State calls read their arguments without inline caches").
 */
function argument(given: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(given, key) ? Reflect.get(given, key) : undefined
}

/** The change that writes `state` and gives it back (StateStore.update). */
function writing(state: StoredState): StateChange<StoredState> {
  return { write: state, result: state }
}

/** How often each runtime sweeps its state store for expired states (docs/runtime.md#state-expiry). */
export const EXPIRY_SWEEP_MS = 1000
/** How many expired states one sweep query deletes; a full batch is followed by another at once. */
const SWEEP_BATCH = 100

function isExpiry(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0
}

export class States {
  /** per state key, the tail of the queue of calls on it */
  private readonly queues = new Map<string, Promise<unknown>>()
  /** per state key, its expiry timer and when it fires */
  private readonly timers = new Map<string, { timer: ClockTimer; at: string }>()
  private closed = false
  private sweeper: ClockTimer | undefined
  /** every owner a client was made for, by StateKey.owner: whose handlers a sweep runs */
  private readonly owners = new Map<string, StateOwner>()
  /** each owner's states as declared, with their compiled validators (declaredStates.ts) */
  private readonly declared = new DeclaredStates()

  constructor(
    private readonly store: StateStore,
    private readonly clock: Clock,
    private readonly valueLimits: ValueLimits,
    /** where a failure that no caller awaits goes: an expiry handler's (docs/runtime.md#background-errors) */
    private readonly backgroundError: (error: unknown) => void,
    /** the expiries in flight, which the runtime's close waits for */
    private readonly work: BackgroundWork,
  ) {}

  /** The state calls of one owner's client. */
  client(owner: StateOwner): LooseStateClient {
    this.owners.set(owner.owner, owner)
    // the bodies of the calls a handler makes most, made once per client rather than per call;
    // a store's answer that comes at once is gone on from without a closure (andThen's)
    const getOrSet = (named: Named, given: Record<string, unknown>): Awaitable<{ state: StateRecord<unknown>; created: boolean }> => {
      const existing = this.store.get(named.key)
      return isThenable(existing)
        ? Promise.resolve(existing).then((found) => this.getOrSet(owner, named, given, found))
        : this.getOrSet(owner, named, given, existing)
    }
    const patch = (named: Named, given: Record<string, unknown>): Awaitable<{ state: StateRecord<unknown> }> => {
      const changes = argument(given, 'payload')
      if (!isRecord(changes)) throw new ValidationError('INVALID_STATE', `patchState of ${this.describe(owner, named)}`, ['payload: must be an object'])
      // read, merged and written as one step in the store: a concurrent patch of another field is never lost
      return this.change(owner, named, (current) => {
        // one reading of the clock: the state is live at the instant the patch is stamped with
        const now = this.clock.now()
        const kept = this.liveState(current, now)
        // the store's copy of the payload is this call's own (StateStore.update): the changes merge into it, keys in the order a spread gives
        const merged = kept ? mergeInto(kept.payload, changes) : { ...changes }
        return writing(this.stored(owner, named, merged, kept, 'patchState', now))
      })
    }
    return {
      getState: (key) => this.run(owner, 'getState', key, (named) => andThen(this.store.get(named.key), (state) => ({ state: this.live(state) }))),
      setState: (input) =>
        this.run(owner, 'setState', input, (named, given) => {
          const payload = argument(given, 'payload')
          if (payload !== null) {
            return this.change(owner, named, (current) => {
              const now = this.clock.now()
              return writing(this.stored(owner, named, payload, this.liveState(current, now), 'setState', now))
            })
          }
          return andThen(this.store.delete(named.key), () => {
            this.disarm(named.key)
            return { state: null }
          })
        }),
      getOrSetState: (input) => this.run(owner, 'getOrSetState', input, getOrSet),
      patchState: (input) => this.run(owner, 'patchState', input, patch),
      setStateExpiry: (input) =>
        this.run(owner, 'setStateExpiry', input, (named, given) => {
          const expiry = argument(given, 'expiry')
          if (expiry !== null && !isExpiry(expiry)) {
            throw new ValidationError('INVALID_ARGUMENT', `setStateExpiry of ${this.describe(owner, named)}`, [
              `expiry: must be a positive integer of milliseconds or null, not ${shown(expiry)}`,
            ])
          }
          return this.change(owner, named, (current) => {
            const stored = this.liveState(current)
            if (!stored) throw new RuntimeError('NOT_FOUND', `setStateExpiry: there is no ${this.describe(owner, named)}`)
            const next: StoredState = { ...stored }
            delete next.expiry
            delete next.expiresAt
            if (expiry !== null) Object.assign(next, { expiry, expiresAt: isoTimestamp(this.clock.now() + expiry) })
            return writing(next)
          })
        }),
    }
  }

  /**
   * Writes the state `next` makes of the stored one, as one step in the store (StateStore.update):
   * when `next` throws (a payload that does not fit), nothing is written. Arms its expiry.
   */
  private change(
    owner: StateOwner,
    named: Named,
    next: (current: StoredState | undefined) => StateChange<StoredState>,
  ): Awaitable<{ state: StateRecord<unknown> }> {
    const written = this.store.update(named.key, next)
    return isThenable(written) ? Promise.resolve(written).then((state) => this.armed(owner, named, state)) : this.armed(owner, named, written)
  }

  /** A state just written, its expiry armed, as the caller gets it. */
  private armed(owner: StateOwner, named: Named, state: StoredState): { state: StateRecord<unknown> } {
    this.arm(owner, state, named.text)
    return { state: record(state) }
  }

  /** getOrSetState once the store answered: the living state, or one made and written when there is none. */
  private getOrSet(
    owner: StateOwner,
    named: Named,
    given: Record<string, unknown>,
    existing: StoredState | undefined,
  ): Awaitable<{ state: StateRecord<unknown>; created: boolean }> {
    if (existing && this.isLive(existing)) return { state: record(existing), created: false }
    // one past its expiry whose timer has not run yet is gone: replaced, as one step in the store
    return andThen(
      this.store.update(named.key, (current): StateChange<{ state: StoredState; created: boolean }> => {
        if (current && this.isLive(current)) return { result: { state: current, created: false } }
        const state = this.stored(owner, named, argument(given, 'payload'), undefined, 'getOrSetState')
        return { write: state, result: { state, created: true } }
      }),
      (result) => {
        if (result.created) this.arm(owner, result.state, named.text)
        return { state: record(result.state), created: result.created }
      },
    )
  }

  /** Cancels every expiry timer and the sweep (one in flight ends its batch); later calls still work, and arm no timer. */
  close(): void {
    this.closed = true
    this.sweeper?.cancel()
    for (const { timer } of this.timers.values()) timer.cancel()
    this.timers.clear()
  }

  private describe(owner: StateOwner, named: Named): string {
    return `state '${named.key.name}' (${named.key.type} '${named.key.id}') of ${owner.label}`
  }

  /**
   * Checks the key against the owner's states, then runs `body` after the calls queued on
   * that key. With nothing queued the call starts at once; when the store answers
   * synchronously (the in-memory one) it also ends at once, in the same turn, so no other
   * call can come between its read and its write and nothing is queued for the next one
   * (docs/decisions.md#state-calls-on-a-synchronous-store-end-in-the-turn-they-start).
   */
  private run<T>(owner: StateOwner, operation: string, input: unknown, body: (named: Named, given: Record<string, unknown>) => Awaitable<T>): Promise<T> {
    let named: Named
    const given = input as Record<string, unknown>
    let started = false
    let answer: Awaitable<T> | undefined
    try {
      named = this.named(owner, operation, input)
      // most calls find no queue at all: no lookup of the key's text then
      if (this.queues.size === 0 || !this.queues.has(named.text)) {
        started = true
        answer = body(named, given)
      }
    } catch (error) {
      return Promise.reject(refusedIfUnreadable(error, input, operation, ['type', 'id', 'name', 'payload', 'expiry']))
    }
    if (started && !isThenable(answer)) return Promise.resolve(answer as T)
    const text = named.text
    const previous = this.queues.get(text)
    const result = started ? Promise.resolve(answer as Awaitable<T>) : (previous ?? Promise.resolve()).then(() => body(named, given))
    const tail = result.then(
      () => undefined,
      () => undefined,
    )
    this.queues.set(text, tail)
    void tail.then(() => {
      if (this.queues.get(text) === tail) this.queues.delete(text)
    })
    return result
  }

  private named(owner: StateOwner, operation: string, input: unknown): Named {
    if (!isRecord(input)) throw new ValidationError('INVALID_ARGUMENT', `${operation}: expected { type, id, name, ... }`, [])
    // read as argument() reads: no inline cache to miss on an argument object of a map of its own
    const type = Reflect.get(input, 'type')
    const id = Reflect.get(input, 'id')
    const name = Reflect.get(input, 'name')
    const declared = typeof name === 'string' ? this.declared.find(owner, name) : undefined
    if (typeof name !== 'string' || !declared) {
      const known = Object.keys(owner.states)
      throw new RuntimeError(
        'UNKNOWN_STATE',
        `${operation}: ${owner.label} has no state ${shown(name)} (its states: ${known.length > 0 ? known.join(', ') : 'none'})`,
      )
    }
    const definition = declared.definition
    if (type !== definition.type || typeof id !== 'string' || id === '') {
      const issues: string[] = []
      if (type !== definition.type) issues.push(`type: state '${name}' is kept per ${definition.type}, not ${shown(type)}`)
      if (typeof id !== 'string' || id === '') issues.push(`id: must be a non-empty string, not ${shown(id)}`)
      throw new ValidationError('INVALID_ARGUMENT', `${operation} of state '${name}' of ${owner.label}`, issues)
    }
    const key: StateKey = { owner: owner.owner, type: definition.type, id: id as string, name }
    return { key, text: stateKeyText(key), declared }
  }

  private isLive(state: StoredState, now = this.clock.now()): boolean {
    // ISO 8601 UTC timestamps of one format compare as strings in time order
    return state.expiresAt === undefined || state.expiresAt > isoTimestamp(now)
  }

  /** A stored state as the caller sees it; one past its expiry (its timer not yet run) is gone. */
  private live(state: StoredState | undefined): StateRecord<unknown> | null {
    return state && this.isLive(state) ? record(state) : null
  }

  /** The stored state when it is living; undefined when there is none or it is past its expiry. */
  private liveState(state: StoredState | undefined, now = this.clock.now()): StoredState | undefined {
    return state && this.isLive(state, now) ? state : undefined
  }

  /** The record to store: the payload validated (defaults filled), timestamps and expiry on the clock. */
  private stored(owner: StateOwner, named: Named, payload: unknown, kept: StoredState | undefined, operation: string, now = this.clock.now()): StoredState {
    const filled = withDefaults(named.declared, payload)
    const issues = payloadIssues(named.declared, filled, this.valueLimits)
    if (issues.length > 0) throw new ValidationError('INVALID_STATE', `${operation}: invalid payload for ${this.describe(owner, named)}`, issues)
    const at = isoTimestamp(now)
    // the store copies what it is given (stateStore.ts): the filled value needs no copy of its own
    const { owner: whose, type, id, name } = named.key
    const payloadFilled = filled as { [key: string]: JsonValue }
    const createdAt = kept?.createdAt ?? at
    // a living state keeps its own expiry (its definition's, or what setStateExpiry set); a new one takes its definition's
    const expiry = kept ? kept.expiry : named.declared.definition.expiry
    // one literal per shape (see record)
    if (expiry === undefined) return { owner: whose, type, id, name, payload: payloadFilled, createdAt, updatedAt: at }
    return { owner: whose, type, id, name, payload: payloadFilled, createdAt, updatedAt: at, expiry, expiresAt: isoTimestamp(now + expiry) }
  }

  private disarm(key: StateKey): void {
    const text = stateKeyText(key)
    this.timers.get(text)?.timer.cancel()
    this.timers.delete(text)
  }

  /**
   * Arms the expiry timer of a state just written. A write only moves a state's expiry
   * later, so a timer already armed for an earlier time is kept, and looks again when it
   * fires (one timer per state, not one per write); an earlier expiry arms anew.
   */
  private arm(owner: StateOwner, state: StoredState, text = stateKeyText(state)): void {
    if (state.expiresAt === undefined) {
      this.disarm(state)
      return
    }
    if (this.closed) return
    const armed = this.timers.get(text)
    if (armed && armed.at <= state.expiresAt) return
    const due = Date.parse(state.expiresAt)
    armed?.timer.cancel()
    const key: StateKey = { owner: state.owner, type: state.type, id: state.id, name: state.name }
    const timer = this.clock.setTimer(() => this.work.track(this.expire(owner, key, text)), due - this.clock.now(), { keepAlive: false })
    this.timers.set(text, { timer, at: state.expiresAt })
  }

  /**
   * An expiry timer fired: the state is deleted when it is past its expiry, and only the
   * caller whose deletion took it (this runtime's timer, or any runtime's sweep) runs its
   * owner's handlers; one written since is armed for its new expiry.
   */
  private async expire(owner: StateOwner, key: StateKey, text: string): Promise<void> {
    this.timers.delete(text)
    try {
      const expired = await this.store.deleteIfExpired(key, isoTimestamp(this.clock.now()))
      if (expired) {
        await owner.expired?.(record(expired))
        return
      }
      const stored = await this.store.get(key)
      if (stored) this.arm(owner, stored)
    } catch (error) {
      this.backgroundError(error)
    }
  }

  /**
   * Sweeps a shared store (StateStore.shared) for expired states every EXPIRY_SWEEP_MS on the
   * clock, until close: a state whose writer is gone (its timer with it)
   * still expires, on whichever runtime's sweep deletes it first. The handlers run are those
   * of the owner a client was made for (the caller makes every owner's client first).
   */
  startSweeping(): void {
    if (this.store.shared !== true) return
    const sweep = async (): Promise<void> => {
      try {
        for (;;) {
          const expired = await this.store.deleteExpired(isoTimestamp(this.clock.now()), SWEEP_BATCH)
          const handle = async (state: StoredState): Promise<void> => {
            this.disarm(state)
            await this.owners.get(state.owner)?.expired?.(record(state))
          }
          await handleExpiredBatch(expired, handle, () => this.closed, this.backgroundError)
          if (expired.length < SWEEP_BATCH || this.closed) break
        }
      } catch (error) {
        // the runtime's close waits for a sweep in flight: its store is still open
        this.backgroundError(error)
      }
      next()
    }
    const next = (): void => {
      if (this.closed) return
      this.sweeper = this.clock.setTimer(() => this.work.track(sweep()), EXPIRY_SWEEP_MS, { keepAlive: false })
    }
    next()
  }
}
