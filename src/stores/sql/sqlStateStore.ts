// The state store over SQL (docs/runtime.md#states), for the PostgreSQL and the embedded
// store alike. A state is kept as its JSON text under its key's JSON text (owner, type, name,
// id: any string kept exactly), with its expiry in `expires_at` (indexed) for the sweep.
// - `insertIfAbsent` is one INSERT ... ON CONFLICT DO NOTHING: of any number of calls for one
//   key, from one process or several, the database lets one insert and makes the others wait
//   for it to commit, after which they read what it stored;
// - `update` is one transaction holding the row (SELECT ... FOR UPDATE), or inserting it when
//   there is none (and trying again when another caller inserted it meanwhile);
// - expiry deletes with a condition on `expires_at`, so that of several callers one deletes;
//   the sweep skips rows another caller holds (FOR UPDATE SKIP LOCKED);
// - a claimed occurrence is a row of `occurrences`: the primary key lets one INSERT win.
import { OCCURRENCE_CLAIMS_KEPT_MS, type StateChange, type StateKey, type StateStore, type StoredState } from '@botwire/runtime'
import type { SqlConnection, SqlDatabase } from './sqlDatabase.js'
import { storageKey } from './storageKey.js'

interface StateRow {
  record: string
}

function keyText(key: StateKey): string {
  return JSON.stringify([key.owner, key.type, key.name, key.id])
}

function parsed(row: StateRow): StoredState {
  return JSON.parse(row.record) as StoredState
}

/** How often insertIfAbsent and update try again when the state they met is deleted or inserted by another caller in between. */
const ATTEMPTS = 100

/** What an attempt of `update` found: its result, or that another caller inserted the state first. */
type Attempt<T> = { done: true; result: T } | { done: false }

export class SqlStateStore implements StateStore {
  /** several processes may use the database: each runtime sweeps it for expired states */
  readonly shared = true
  private readonly table: string
  private readonly occurrences: string

  /** `schema` is a checked plain identifier (schemaName.ts) whose tables upgradeSchema made. */
  constructor(
    private readonly database: SqlDatabase,
    readonly schema: string,
  ) {
    this.table = `${schema}.states`
    this.occurrences = `${schema}.occurrences`
  }

  async get(key: StateKey): Promise<StoredState | undefined> {
    const { rows } = await this.database.query<StateRow>(`SELECT record FROM ${this.table} WHERE key = $1`, [keyText(key)])
    return rows[0] && parsed(rows[0])
  }

  async put(state: StoredState): Promise<void> {
    await this.database.query(
      `INSERT INTO ${this.table} (key, record, expires_at) VALUES ($1, $2, $3)
        ON CONFLICT (key) DO UPDATE SET record = EXCLUDED.record, expires_at = EXCLUDED.expires_at`,
      [keyText(state), JSON.stringify(state), state.expiresAt ?? null],
    )
  }

  /** Inserts the state unless its key is taken; true when it did. */
  private async insert(connection: SqlConnection, state: StoredState): Promise<StoredState | undefined> {
    const inserted = await connection.query<StateRow>(
      `INSERT INTO ${this.table} (key, record, expires_at) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING RETURNING record`,
      [keyText(state), JSON.stringify(state), state.expiresAt ?? null],
    )
    return inserted.rows[0] && parsed(inserted.rows[0])
  }

  async insertIfAbsent(state: StoredState): Promise<{ state: StoredState; created: boolean }> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const inserted = await this.insert(this.database, state)
      if (inserted) return { state: inserted, created: true }
      const stored = await this.get(state)
      if (stored) return { state: stored, created: false }
      // deleted between the two statements: try again
    }
    throw new Error(`store: the state ${keyText(state)} was inserted and deleted by others ${ATTEMPTS} times while this call tried to insert it`)
  }

  async update<T>(key: StateKey, change: (current: StoredState | undefined) => StateChange<T>): Promise<T> {
    const text = keyText(key)
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const outcome = await this.database.transaction(async (connection): Promise<Attempt<T>> => {
        const { rows } = await connection.query<StateRow>(`SELECT record FROM ${this.table} WHERE key = $1 FOR UPDATE`, [text])
        const current = rows[0] && parsed(rows[0])
        // a throw rolls the transaction back: nothing written
        const { write, result } = change(current)
        if (write === undefined) return { done: true, result }
        if (write === null) {
          if (current) await connection.query(`DELETE FROM ${this.table} WHERE key = $1`, [text])
          return { done: true, result }
        }
        if (current) {
          await connection.query(`UPDATE ${this.table} SET record = $2, expires_at = $3 WHERE key = $1`, [text, JSON.stringify(write), write.expiresAt ?? null])
          return { done: true, result }
        }
        // none to lock: insert, unless another caller inserted it since the read (then read and lock that one)
        return (await this.insert(connection, write)) ? { done: true, result } : { done: false }
      })
      if (outcome.done) return outcome.result
    }
    throw new Error(`store: the state ${text} was inserted and deleted by others ${ATTEMPTS} times while this call tried to update it`)
  }

  async delete(key: StateKey): Promise<boolean> {
    const { rows } = await this.database.query<{ key: string }>(`DELETE FROM ${this.table} WHERE key = $1 RETURNING key`, [keyText(key)])
    return rows.length > 0
  }

  async deleteIfExpired(key: StateKey, now: string): Promise<StoredState | undefined> {
    const { rows } = await this.database.query<StateRow>(`DELETE FROM ${this.table} WHERE key = $1 AND expires_at <= $2 RETURNING record`, [keyText(key), now])
    return rows[0] && parsed(rows[0])
  }

  async deleteExpired(now: string, limit: number): Promise<StoredState[]> {
    const { rows } = await this.database.query<StateRow>(
      `DELETE FROM ${this.table} WHERE key IN (
        SELECT key FROM ${this.table} WHERE expires_at <= $1 ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED
      ) RETURNING record`,
      [now, limit],
    )
    // ISO 8601 UTC timestamps of one format compare as strings in time order
    return rows.map(parsed).sort((a, b) => ((a.expiresAt ?? '') < (b.expiresAt ?? '') ? -1 : 1))
  }

  async claimOccurrence(work: string, at: string): Promise<boolean> {
    // claims older than the retention are forgotten; one that old is refused rather than claimed again
    const { rows } = await this.database.query<{ work: string }>(
      `WITH forgotten AS (
        DELETE FROM ${this.occurrences} WHERE work = $1 AND at < $2::timestamptz - $3 * interval '1 millisecond'
      )
      INSERT INTO ${this.occurrences} (work, at)
        SELECT $1, $2::timestamptz WHERE NOT EXISTS (
          SELECT 1 FROM ${this.occurrences} WHERE work = $1 AND at > $2::timestamptz + $3 * interval '1 millisecond'
        )
      ON CONFLICT DO NOTHING RETURNING work`,
      [storageKey(work), at, OCCURRENCE_CLAIMS_KEPT_MS],
    )
    return rows.length > 0
  }
}
