// The state calls of the bot's, plugin instances' and integrations' clients
// (docs/runtime.md#states), and state expiry on the runtime's clock (#state-expiry).
//
// Each call names a state declared by its owner (the bot, a plugin instance, an
// integration) with the type it was declared with; a payload is validated against the
// state's schema, defaults filled in, before anything is stored, so a refused one leaves
// the stored value as it was. Calls on one state run one after the other (a queue per
// key), which makes getOrSetState and patchState safe against this runtime's own
// concurrent calls; getOrSetState is also atomic in the store (stateStore.ts).
import { fillDefaults } from '../jsonSchema/defaults.js'
import { isRecord, own } from '../jsonSchema/own.js'
import { shown } from '../jsonSchema/quoting.js'
import type { Clock, ClockTimer } from './clock.js'
import type { JsonSchema, JsonValue, StateDefinition } from './definition.js'
import { RuntimeError, ValidationError } from './errors.js'
import { type StateKey, type StateStore, type StoredState, stateKeyText } from './stateStore.js'
import type { StateRecord } from './stateTypes.js'
import { type SchemaDefinitions, validateValue } from './validation.js'
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
  definition: StateDefinition
}

function record(state: StoredState): StateRecord<unknown> {
  const { type, id, name, payload, createdAt, updatedAt, expiresAt } = state
  return { type, id, name, payload, createdAt, updatedAt, ...(expiresAt === undefined ? {} : { expiresAt }) }
}

function isExpiry(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0
}

export class States {
  /** per state key, the tail of the queue of calls on it */
  private readonly queues = new Map<string, Promise<unknown>>()
  private readonly timers = new Map<string, ClockTimer>()
  private closed = false

  constructor(
    private readonly store: StateStore,
    private readonly clock: Clock,
    private readonly valueLimits: ValueLimits,
    /** where a failure that no caller awaits goes: an expiry handler's (docs/runtime.md#background-errors) */
    private readonly backgroundError: (error: unknown) => void,
  ) {}

  /** The state calls of one owner's client. */
  client(owner: StateOwner): LooseStateClient {
    return {
      getState: (key) => this.run(owner, 'getState', key, async (named) => ({ state: this.live(await this.store.get(named.key)) })),
      setState: (input) =>
        this.run(owner, 'setState', input, async (named, given) => {
          const payload = own(given, 'payload')
          if (payload === null) {
            await this.store.delete(named.key)
            this.disarm(named.key)
            return { state: null }
          }
          return { state: await this.write(owner, named, payload, 'setState') }
        }),
      getOrSetState: (input) =>
        this.run(owner, 'getOrSetState', input, async (named, given) => {
          const existing = await this.store.get(named.key)
          if (existing && this.isLive(existing)) return { state: record(existing), created: false }
          const state = this.stored(owner, named, own(given, 'payload'), undefined, 'getOrSetState')
          // one past its expiry whose timer has not run yet is gone
          if (existing) await this.store.delete(named.key)
          const result = await this.store.insertIfAbsent(state)
          if (result.created) this.arm(owner, result.state)
          return { state: record(result.state), created: result.created }
        }),
      patchState: (input) =>
        this.run(owner, 'patchState', input, async (named, given) => {
          const patch = own(given, 'payload')
          if (!isRecord(patch)) throw new ValidationError('INVALID_STATE', `patchState of ${this.describe(owner, named)}`, ['payload: must be an object'])
          const previous = this.live(await this.store.get(named.key))
          const merged = { ...(isRecord(previous?.payload) ? previous.payload : {}), ...patch }
          return { state: await this.write(owner, named, merged, 'patchState') }
        }),
      setStateExpiry: (input) =>
        this.run(owner, 'setStateExpiry', input, async (named, given) => {
          const expiry = own(given, 'expiry')
          if (expiry !== null && !isExpiry(expiry)) {
            throw new ValidationError('INVALID_ARGUMENT', `setStateExpiry of ${this.describe(owner, named)}`, [
              `expiry: must be a positive integer of milliseconds or null, not ${shown(expiry)}`,
            ])
          }
          const stored = await this.store.get(named.key)
          if (!stored || !this.isLive(stored)) throw new RuntimeError('NOT_FOUND', `setStateExpiry: there is no ${this.describe(owner, named)}`)
          const next: StoredState = { ...stored }
          delete next.expiry
          delete next.expiresAt
          if (expiry !== null) Object.assign(next, { expiry, expiresAt: new Date(this.clock.now() + expiry).toISOString() })
          await this.store.put(next)
          this.arm(owner, next)
          return { state: record(next) }
        }),
    }
  }

  /** Cancels every expiry timer; later calls still work, and arm no timer. */
  close(): void {
    this.closed = true
    for (const timer of this.timers.values()) timer.cancel()
    this.timers.clear()
  }

  private describe(owner: StateOwner, named: Named): string {
    return `state '${named.key.name}' (${named.key.type} '${named.key.id}') of ${owner.label}`
  }

  /** Checks the key against the owner's states, then runs `body` after the calls queued on that key. */
  private run<T>(owner: StateOwner, operation: string, input: unknown, body: (named: Named, given: Record<string, unknown>) => Promise<T>): Promise<T> {
    let named: Named
    try {
      named = this.named(owner, operation, input)
    } catch (error) {
      return Promise.reject(error)
    }
    const text = stateKeyText(named.key)
    const previous = this.queues.get(text) ?? Promise.resolve()
    const result = previous.then(() => body(named, input as Record<string, unknown>))
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
    const issues: string[] = []
    if (!isRecord(input)) throw new ValidationError('INVALID_ARGUMENT', `${operation}: expected { type, id, name, ... }`, [])
    const { type, id, name } = input as { type?: unknown; id?: unknown; name?: unknown }
    const definition = typeof name === 'string' ? own(owner.states, name) : undefined
    if (typeof name !== 'string' || !definition) {
      const known = Object.keys(owner.states)
      throw new RuntimeError(
        'UNKNOWN_STATE',
        `${operation}: ${owner.label} has no state ${shown(name)} (its states: ${known.length > 0 ? known.join(', ') : 'none'})`,
      )
    }
    if (type !== definition.type) issues.push(`type: state '${name}' is kept per ${definition.type}, not ${shown(type)}`)
    if (typeof id !== 'string' || id === '') issues.push(`id: must be a non-empty string, not ${shown(id)}`)
    if (issues.length > 0) throw new ValidationError('INVALID_ARGUMENT', `${operation} of state '${name}' of ${owner.label}`, issues)
    return { key: { owner: owner.owner, type: definition.type, id: id as string, name }, definition }
  }

  private isLive(state: StoredState): boolean {
    return state.expiresAt === undefined || Date.parse(state.expiresAt) > this.clock.now()
  }

  /** A stored state as the caller sees it; one past its expiry (its timer not yet run) is gone. */
  private live(state: StoredState | undefined): StateRecord<unknown> | null {
    return state && this.isLive(state) ? record(state) : null
  }

  /** The record to store: the payload validated (defaults filled), timestamps and expiry on the clock. */
  private stored(owner: StateOwner, named: Named, payload: unknown, kept: StoredState | undefined, operation: string): StoredState {
    const schema = named.definition.schema
    const definitions = owner.definitionsFor(schema)
    const filled = fillDefaults(payload, schema, definitions)
    const issues = validateValue(filled, schema, definitions, 'payload', this.valueLimits)
    if (issues.length > 0) throw new ValidationError('INVALID_STATE', `${operation}: invalid payload for ${this.describe(owner, named)}`, issues)
    const now = this.clock.now()
    const at = new Date(now).toISOString()
    const state: StoredState = {
      ...named.key,
      payload: JSON.parse(JSON.stringify(filled)) as { [key: string]: JsonValue },
      createdAt: kept?.createdAt ?? at,
      updatedAt: at,
    }
    // a living state keeps its own expiry (its definition's, or what setStateExpiry set); a new one takes its definition's
    const expiry = kept ? kept.expiry : named.definition.expiry
    if (expiry !== undefined) Object.assign(state, { expiry, expiresAt: new Date(now + expiry).toISOString() })
    return state
  }

  private async write(owner: StateOwner, named: Named, payload: unknown, operation: string): Promise<StateRecord<unknown>> {
    const stored = await this.store.get(named.key)
    const state = this.stored(owner, named, payload, stored && this.isLive(stored) ? stored : undefined, operation)
    await this.store.put(state)
    this.arm(owner, state)
    return record(state)
  }

  private disarm(key: StateKey): void {
    const text = stateKeyText(key)
    this.timers.get(text)?.cancel()
    this.timers.delete(text)
  }

  /** (Re)arms the expiry timer of a state just written. */
  private arm(owner: StateOwner, state: StoredState): void {
    this.disarm(state)
    if (this.closed || state.expiresAt === undefined) return
    const text = stateKeyText(state)
    const delay = Date.parse(state.expiresAt) - this.clock.now()
    const timer = this.clock.setTimer(() => void this.expire(owner, state), delay, { keepAlive: false })
    this.timers.set(text, timer)
  }

  /** A state's idle time has passed: delete it (unless written since) and run its owner's handlers. */
  private async expire(owner: StateOwner, armed: StoredState): Promise<void> {
    const text = stateKeyText(armed)
    this.timers.delete(text)
    try {
      const expired = await this.run(owner, 'expiry', armed, async (named) => {
        const stored = await this.store.get(named.key)
        if (!stored || this.isLive(stored) || stored.updatedAt !== armed.updatedAt || stored.expiresAt !== armed.expiresAt) return undefined
        await this.store.delete(named.key)
        return record(stored)
      })
      if (expired && owner.expired) await owner.expired(expired)
    } catch (error) {
      this.backgroundError(error)
    }
  }
}
