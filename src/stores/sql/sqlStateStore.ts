// The state store over SQL (docs/runtime.md#states), for the PostgreSQL and the embedded
// store alike. A state is kept as its JSON text under its key's JSON text (owner, type, name,
// id: any string kept exactly). `insertIfAbsent` is one INSERT ... ON CONFLICT DO NOTHING: of
// any number of calls for one key, from one process or several, the database lets one insert
// and makes the others wait for it to commit, after which they read what it stored.
import type { StateKey, StateStore, StoredState } from '@botwire/runtime'
import type { SqlDatabase } from './sqlDatabase.js'

interface StateRow {
  record: string
}

function keyText(key: StateKey): string {
  return JSON.stringify([key.owner, key.type, key.name, key.id])
}

/** How often insertIfAbsent tries again when the state it conflicted with is deleted before it reads it. */
const INSERT_ATTEMPTS = 100

export class SqlStateStore implements StateStore {
  private readonly table: string

  /** `schema` is a checked plain identifier (schemaName.ts) whose tables upgradeSchema made. */
  constructor(
    private readonly database: SqlDatabase,
    readonly schema: string,
  ) {
    this.table = `${schema}.states`
  }

  async get(key: StateKey): Promise<StoredState | undefined> {
    const { rows } = await this.database.query<StateRow>(`SELECT record FROM ${this.table} WHERE key = $1`, [keyText(key)])
    return rows[0] && (JSON.parse(rows[0].record) as StoredState)
  }

  async put(state: StoredState): Promise<void> {
    await this.database.query(`INSERT INTO ${this.table} (key, record) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET record = EXCLUDED.record`, [
      keyText(state),
      JSON.stringify(state),
    ])
  }

  async insertIfAbsent(state: StoredState): Promise<{ state: StoredState; created: boolean }> {
    const key = keyText(state)
    const text = JSON.stringify(state)
    for (let attempt = 0; attempt < INSERT_ATTEMPTS; attempt++) {
      const inserted = await this.database.query<StateRow>(
        `INSERT INTO ${this.table} (key, record) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING record`,
        [key, text],
      )
      if (inserted.rows[0]) return { state: JSON.parse(inserted.rows[0].record) as StoredState, created: true }
      const stored = await this.get(state)
      if (stored) return { state: stored, created: false }
      // deleted between the two statements: try again
    }
    throw new Error(`store: the state ${key} was inserted and deleted by others ${INSERT_ATTEMPTS} times while this call tried to insert it`)
  }

  async delete(key: StateKey): Promise<boolean> {
    const { rows } = await this.database.query<{ key: string }>(`DELETE FROM ${this.table} WHERE key = $1 RETURNING key`, [keyText(key)])
    return rows.length > 0
  }
}
