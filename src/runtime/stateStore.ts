// Where the runtime keeps states and claims scheduled work (docs/runtime.md#states,
// #recurring-events). `StateStore` is the interface a persistent store implements;
// `InMemoryStateStore` is the default, embedded one.
//
// The runtime does all checking (names, types, ids, payloads against their schemas,
// timestamps, expiry); a store only keeps records. What a store guarantees, for any number
// of callers on it (in this process or, for a shared store, in several processes):
// - `update` is atomic: it runs `change` on the state it holds and stores what `change`
//   gives back as one step, the key locked meanwhile (SQL: a transaction holding the row,
//   SELECT ... FOR UPDATE), so two read-modify-writes of one state never lose either's
//   change; when `change` throws, nothing is written and the stored state stays as it was;
// - `insertIfAbsent` is atomic: of any number of calls for one key, however they overlap,
//   exactly one stores its record, and every call gets back the record that is stored;
// - expiry is conditional and atomic: `deleteIfExpired` and `deleteExpired` delete a state
//   only when its `expiresAt` has passed, and of several callers only the one that deleted a
//   state gets it back (it runs the owner's on.stateExpired handlers; the others do not);
// - `claimOccurrence` is atomic: of all the calls for one occurrence of scheduled work,
//   exactly one is told it claimed it;
// - records are copied in and out: a store keeps no reference to an object it is given,
//   and hands out none of its own.
import type { JsonValue } from './definition.js'
import { copyJson } from './jsonCopies.js'
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

/** What `update`'s `change` does with the state it was given. */
export interface StateChange<T> {
  /** the state to store under the key in its place; null: delete it; absent: leave it as it is */
  write?: StoredState | null
  /** what `update` gives back */
  result: T
}

/** How long a claimed occurrence is remembered (one hour): a claim for an occurrence that long before the latest one claimed is refused. */
export const OCCURRENCE_CLAIMS_KEPT_MS = 3_600_000

export interface StateStore {
  /**
   * True when runtimes in other processes may use the store too (a database): each runtime
   * then sweeps it for expired states (deleteExpired) every EXPIRY_SWEEP_MS, so that a state
   * whose writer is gone still expires. Absent or false: the runtimes that write its states
   * are the ones that expire them, on their own timers (the in-memory store).
   */
  readonly shared?: boolean
  /** The state with that key, or undefined. */
  get(key: StateKey): Awaitable<StoredState | undefined>
  /** Stores the state, replacing the one with its key (a blind write: the runtime writes through `update`). */
  put(state: StoredState): Awaitable<void>
  /** Stores the state unless one with its key is stored (atomic); gives the stored one and whether it is this. */
  insertIfAbsent(state: StoredState): Awaitable<{ state: StoredState; created: boolean }>
  /**
   * Runs `change` on the state stored under `key` (a copy; undefined when there is none) and
   * writes what it asks for, atomically: no other write of that key comes between the read
   * and the write, whoever makes it. `change` is synchronous; when it throws, nothing is
   * written and `update` rejects (or throws) with its error.
   */
  update<T>(key: StateKey, change: (current: StoredState | undefined) => StateChange<T>): Awaitable<T>
  /** Removes the state; false when there was none. */
  delete(key: StateKey): Awaitable<boolean>
  /** Removes the state when it has expired at `now` (its expiresAt is not later); gives it back to the one caller that removed it. */
  deleteIfExpired(key: StateKey, now: string): Awaitable<StoredState | undefined>
  /**
   * Removes up to `limit` states expired at `now` and gives them back, oldest expiry first;
   * states another caller is removing at the same time are skipped (SQL: FOR UPDATE SKIP
   * LOCKED), so each expired state is given to one caller.
   */
  deleteExpired(now: string, limit: number): Awaitable<StoredState[]>
  /**
   * Claims the occurrence at `at` (ISO 8601) of scheduled work `work` (a recurring event:
   * `event <label>`): true for exactly one of all the calls with that work and time. An
   * occurrence more than OCCURRENCE_CLAIMS_KEPT_MS before the latest one claimed of that
   * work is refused (its claim may be forgotten).
   */
  claimOccurrence(work: string, at: string): Awaitable<boolean>
}

/** A record as the in-memory store keeps it: its payload a copy of its own, never handed out. */
type KeptState = StoredState

/** A state with another payload, its fields set in one order (objects of one shape: spreading records of several shapes is slower). */
function withPayload(state: StoredState, payload: StoredState['payload']): StoredState {
  const { owner, type, id, name, createdAt, updatedAt, expiry, expiresAt } = state
  // one literal per shape: a field added later would cost the object a second allocation for it
  if (expiry === undefined && expiresAt === undefined) return { owner, type, id, name, payload, createdAt, updatedAt }
  if (expiry !== undefined && expiresAt !== undefined) return { owner, type, id, name, payload, createdAt, updatedAt, expiry, expiresAt }
  const made: StoredState = { owner, type, id, name, payload, createdAt, updatedAt }
  if (expiry !== undefined) made.expiry = expiry
  if (expiresAt !== undefined) made.expiresAt = expiresAt
  return made
}

// the payload copied in and out as a JSON round trip would (copyJson: a walk, for the plain values states hold)
function keep(state: StoredState): KeptState {
  return withPayload(state, copyJson(state.payload))
}

function giveOut(kept: KeptState): StoredState {
  return withPayload(kept, copyJson(kept.payload))
}

// The fields of the last key stateKeyText made the text of, and that text: the runtime hands
// the store the key it made the text of. Kept as strings, not a copy of the key (an object per call).
let lastOwner = ''
let lastType = ''
let lastId = ''
let lastName = ''
let lastPrefix = '|||'
let lastText = '|||'

/**
 * One string per key. The owner (`bot`, `#alias`, `:alias`), the type and the name never
 * hold a `|` (aliases and names are identifiers or hyphenated words), and the id, which may
 * hold anything, comes last: two keys never give one string.
 */
export function stateKeyText(key: StateKey): string {
  // comparing the fields is cheaper than making the text (and hashing it anew); a key changed since still gets its own text
  const { owner, type, id, name } = key
  if (owner !== lastOwner || name !== lastName || type !== lastType) {
    // another state (or another owner's): its text up to the id, kept for the next key of the same state
    lastPrefix = `${owner}|${type}|${name}|`
    lastOwner = owner
    lastType = type
    lastName = name
  } else if (id === lastId) return lastText
  lastText = lastPrefix + id
  lastId = id
  return lastText
}

/** The default store: everything in memory, lost when the process ends. Every call runs at once (synchronously), so each is atomic. */
export class InMemoryStateStore implements StateStore {
  private readonly states = new Map<string, KeptState>()
  /** the keys of the states that have an expiry: what a sweep looks at */
  private readonly expiring = new Set<string>()
  /** per scheduled work, the occurrences claimed (ms), pruned to the last OCCURRENCE_CLAIMS_KEPT_MS */
  private readonly claims = new Map<string, { latest: number; times: Set<number> }>()

  get(key: StateKey): StoredState | undefined {
    const state = this.states.get(stateKeyText(key))
    return state && giveOut(state)
  }

  put(state: StoredState): void {
    this.set(stateKeyText(state), keep(state))
  }

  /**
   * Stores `state` under `text`. A state of the same fields is written into the record kept
   * for it: a state is rewritten at every patch, and a new record each time would live just
   * long enough (until the next write of that state) to be moved to the old generation and
   * collected there, which costs the garbage collector more than a short-lived object.
   */
  private rewrite(text: string, state: StoredState): void {
    const kept = this.states.get(text)
    if (
      kept === undefined ||
      (kept.expiry === undefined) !== (state.expiry === undefined) ||
      (kept.expiresAt === undefined) !== (state.expiresAt === undefined)
    ) {
      this.set(text, keep(state))
      return
    }
    // the key's fields are the text's: only the rest changes
    kept.payload = copyJson(state.payload)
    kept.createdAt = state.createdAt
    kept.updatedAt = state.updatedAt
    if (state.expiry !== undefined) kept.expiry = state.expiry
    if (state.expiresAt !== undefined) kept.expiresAt = state.expiresAt
  }

  private set(text: string, kept: KeptState): void {
    this.states.set(text, kept)
    if (kept.expiresAt === undefined) this.expiring.delete(text)
    else this.expiring.add(text)
  }

  private remove(text: string): boolean {
    this.expiring.delete(text)
    return this.states.delete(text)
  }

  insertIfAbsent(state: StoredState): { state: StoredState; created: boolean } {
    const key = stateKeyText(state)
    const stored = this.states.get(key)
    if (stored) return { state: giveOut(stored), created: false }
    const kept = keep(state)
    this.set(key, kept)
    return { state: giveOut(kept), created: true }
  }

  update<T>(key: StateKey, change: (current: StoredState | undefined) => StateChange<T>): T {
    const text = stateKeyText(key)
    const stored = this.states.get(text)
    const { write, result } = change(stored && giveOut(stored))
    if (write === null) this.remove(text)
    else if (write !== undefined) this.rewrite(text, write)
    return result
  }

  delete(key: StateKey): boolean {
    return this.remove(stateKeyText(key))
  }

  deleteIfExpired(key: StateKey, now: string): StoredState | undefined {
    const text = stateKeyText(key)
    const stored = this.states.get(text)
    // ISO 8601 UTC timestamps of one format compare as strings in time order
    if (stored?.expiresAt === undefined || stored.expiresAt > now) return undefined
    this.remove(text)
    return giveOut(stored)
  }

  deleteExpired(now: string, limit: number): StoredState[] {
    const expired: KeptState[] = []
    for (const text of this.expiring) {
      const stored = this.states.get(text)
      if (stored?.expiresAt !== undefined && stored.expiresAt <= now) expired.push(stored)
    }
    expired.sort((a, b) => ((a.expiresAt as string) < (b.expiresAt as string) ? -1 : 1))
    return expired.slice(0, limit).map((stored) => {
      this.remove(stateKeyText(stored))
      return giveOut(stored)
    })
  }

  claimOccurrence(work: string, at: string): boolean {
    const time = Date.parse(at)
    let claimed = this.claims.get(work)
    if (!claimed) {
      claimed = { latest: time, times: new Set() }
      this.claims.set(work, claimed)
    }
    if (claimed.times.has(time) || time < claimed.latest - OCCURRENCE_CLAIMS_KEPT_MS) return false
    claimed.times.add(time)
    if (time > claimed.latest) {
      claimed.latest = time
      // claims come in time order (nearly): the old ones are at the front
      for (const old of claimed.times) {
        if (old >= time - OCCURRENCE_CLAIMS_KEPT_MS) break
        claimed.times.delete(old)
      }
    }
    return true
  }

  /** How many states are stored. */
  get size(): number {
    return this.states.size
  }
}
