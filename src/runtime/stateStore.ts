// Where the runtime keeps states (docs/runtime.md#states). `StateStore` is the interface a
// persistent store implements; `InMemoryStateStore` is the default, embedded one.
//
// The runtime does all checking (names, types, ids, payloads against their schemas,
// timestamps, expiry); a store only keeps records. What a store guarantees:
// - `insertIfAbsent` is atomic: of any number of calls for one key, however they overlap
//   (in this process or, for a shared store, in several), exactly one stores its record,
//   and every call gets back the record that is stored;
// - records are copied in and out: a store keeps no reference to an object it is given,
//   and hands out none of its own;
// - `put` replaces the whole record; `delete` removes it. Within one process the runtime
//   runs the calls on one key one after the other, so a read-merge-write (`patchState`) is
//   never interleaved with another call on that key of the same runtime.
import type { JsonValue } from './definition.js'
import type { StateType } from './stateTypes.js'
import type { Awaitable } from './types.js'

/**
 * Which state: `owner` is whose it is (`bot`, a plugin instance `#<alias>`, an integration
 * `:<alias>`: plugin instances' and integrations' states are kept apart), then the kind of
 * thing it is kept for, that thing's id, and the state's name.
 */
export interface StateKey {
  owner: string
  type: StateType
  id: string
  name: string
}

/** A state as stored. Timestamps are ISO 8601 (UTC). */
export interface StoredState extends StateKey {
  payload: { [key: string]: JsonValue }
  createdAt: string
  updatedAt: string
  /** the idle time after which it expires, in milliseconds; absent: never */
  expiry?: number
  /** when it expires: `updatedAt` plus `expiry` */
  expiresAt?: string
}

export interface StateStore {
  /** The state with that key, or undefined. */
  get(key: StateKey): Awaitable<StoredState | undefined>
  /** Stores the state, replacing the one with its key. */
  put(state: StoredState): Awaitable<void>
  /** Stores the state unless one with its key is stored (atomic); gives the stored one and whether it is this. */
  insertIfAbsent(state: StoredState): Awaitable<{ state: StoredState; created: boolean }>
  /** Removes the state; false when there was none. */
  delete(key: StateKey): Awaitable<boolean>
}

/** A record as the in-memory store keeps it: the payload as JSON text, so that a copy out is one parse. */
type KeptState = Omit<StoredState, 'payload'> & { payload: string }

function keep(state: StoredState): KeptState {
  return { ...state, payload: JSON.stringify(state.payload) }
}

function giveOut(kept: KeptState): StoredState {
  return { ...kept, payload: JSON.parse(kept.payload) as StoredState['payload'] }
}

/**
 * One string per key. The owner (`bot`, `#alias`, `:alias`), the type and the name never
 * hold a `|` (aliases and names are identifiers or hyphenated words), and the id, which may
 * hold anything, comes last: two keys never give one string.
 */
export function stateKeyText(key: StateKey): string {
  return `${key.owner}|${key.type}|${key.name}|${key.id}`
}

/** The default store: everything in memory, lost when the process ends. */
export class InMemoryStateStore implements StateStore {
  private readonly states = new Map<string, KeptState>()

  get(key: StateKey): StoredState | undefined {
    const state = this.states.get(stateKeyText(key))
    return state && giveOut(state)
  }

  put(state: StoredState): void {
    this.states.set(stateKeyText(state), keep(state))
  }

  insertIfAbsent(state: StoredState): { state: StoredState; created: boolean } {
    const key = stateKeyText(state)
    const stored = this.states.get(key)
    if (stored) return { state: giveOut(stored), created: false }
    const kept = keep(state)
    this.states.set(key, kept)
    return { state: giveOut(kept), created: true }
  }

  delete(key: StateKey): boolean {
    return this.states.delete(stateKeyText(key))
  }

  /** How many states are stored. */
  get size(): number {
    return this.states.size
  }
}
