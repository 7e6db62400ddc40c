// What opening a SQL store does, whichever the database: check the schema name, bring the
// schema to this store's version, and hand out the store; the database is closed again when
// any of it fails, so a failed open leaves no connection behind, and the error says what
// failed without the driver's error object (it may hold a connection string).
import { RuntimeError } from '@botwire/runtime'
import { type SchemaUpgrade, upgradeSchema } from './schema.js'
import { SqlConversationStore } from './sqlConversationStore.js'
import type { SqlDatabase } from './sqlDatabase.js'
import { SqlMessageStore } from './sqlMessageStore.js'
import { SqlStateStore } from './sqlStateStore.js'
import { DEFAULT_TURN_LEASE_MS, SqlTurnStore } from './sqlTurnStore.js'

export interface OpenedSqlStore {
  store: SqlMessageStore
  /** conversations and users, on the same database and schema */
  conversations: SqlConversationStore
  /** states, on the same database and schema */
  states: SqlStateStore
  /** the line of turns of each conversation, on the same database and schema */
  turns: SqlTurnStore
  upgrade: SchemaUpgrade
}

/** Upgrades `schema` (checked) on the database and returns its store; closes the database when that fails. `turnLeaseMs`: checked (checkedTurnLease). */
export async function openSqlStore(database: SqlDatabase, schema: string, describe: string, turnLeaseMs = DEFAULT_TURN_LEASE_MS): Promise<OpenedSqlStore> {
  try {
    const upgrade = await upgradeSchema(database, schema)
    return {
      store: new SqlMessageStore(database, schema),
      conversations: new SqlConversationStore(database, schema),
      states: new SqlStateStore(database, schema),
      turns: new SqlTurnStore(database, schema, turnLeaseMs),
      upgrade,
    }
  } catch (error) {
    await database.close().catch(() => undefined)
    if (error instanceof RuntimeError) throw error
    // no `cause`: a driver's error may hold what it was given (a URL's `input`, with its password)
    const code = (error as { code?: unknown }).code
    const said = error instanceof Error ? error.message : String(error)
    throw new RuntimeError('STORE_UNAVAILABLE', `${describe}: ${said}${typeof code === 'string' ? ` (${code})` : ''}`)
  }
}
