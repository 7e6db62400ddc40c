// @botwire/store-postgres: the message store on a PostgreSQL server, for bots that run as
// several processes on one database (docs/runtime.md#the-message-store).
import pg from 'pg'
import { openSqlStore } from '../sql/openSqlStore.js'
import { checkedSchemaName } from '../sql/schemaName.js'
import type { SqlConversationStore } from '../sql/sqlConversationStore.js'
import type { SqlMessageStore } from '../sql/sqlMessageStore.js'
import type { SqlStateStore } from '../sql/sqlStateStore.js'
import { checkedTurnLease, type SqlTurnStore } from '../sql/sqlTurnStore.js'
import { postgresDatabase } from './postgresDatabase.js'

export { MIGRATIONS, type Migration, type SchemaUpgrade } from '../sql/schema.js'
export { DEFAULT_SCHEMA } from '../sql/schemaName.js'
export type { SqlConversationStore } from '../sql/sqlConversationStore.js'
export type { SqlMessageStore } from '../sql/sqlMessageStore.js'
export type { SqlStateStore } from '../sql/sqlStateStore.js'
export { DEFAULT_TURN_LEASE_MS, type SqlTurnStore } from '../sql/sqlTurnStore.js'

export interface PostgresStoreOptions {
  /** `postgres://user:password@host:5432/database`: a secret, never logged nor put in an error */
  connectionString: string
  /**
   * how long a ticket of the line of turns lives unless renewed, in milliseconds (default 30,000):
   * a process that dies mid-turn holds its conversation up for at most this (docs/deploying.md#several-processes)
   */
  turnLeaseMs?: number
  /** the PostgreSQL schema of the store's tables, made when missing (default `botwire`): a plain lower-case identifier */
  schema?: string
  /** the most connections the store's pool opens (default 10) */
  maxConnections?: number
}

export interface PostgresStore extends SqlMessageStore {
  /** conversations and users in the same schema, over the same pool: createRuntime's `conversationStore` (closed with the store) */
  readonly conversationStore: SqlConversationStore
  /** states in the same database: createRuntime's `stateStore` (closed with the store) */
  readonly stateStore: SqlStateStore
  /** the line of turns of each conversation, in the same database: createRuntime's `turnStore` (docs/deploying.md#several-processes) */
  readonly turnStore: SqlTurnStore
}

/**
 * Connects to the server, creates the schema or upgrades it to this store's version, and
 * returns the store. Rejects with a RuntimeError: INVALID_STORE_OPTIONS for a schema name
 * that is no plain identifier, STORE_UNAVAILABLE when the server cannot be reached or its
 * schema is at a version later than this store knows. `close()` ends the pool.
 */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<PostgresStore> {
  const schema = checkedSchemaName(options.schema)
  const turnLeaseMs = checkedTurnLease(options.turnLeaseMs)
  const pool = new pg.Pool({ connectionString: options.connectionString, max: options.maxConnections ?? 10 })
  const { store, conversations, states, turns } = await openSqlStore(
    postgresDatabase(pool),
    schema,
    `the PostgreSQL store (schema '${schema}') cannot open its database`,
    turnLeaseMs,
  )
  return Object.assign(store, { conversationStore: conversations, stateStore: states, turnStore: turns })
}
