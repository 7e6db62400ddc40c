// @botwire/store-embedded: the message store in a folder, with no server: PostgreSQL
// compiled to WebAssembly (PGlite), so its statements are the PostgreSQL store's
// (docs/runtime.md#the-message-store).
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { RuntimeError } from '@botwire/runtime'
import { openSqlStore } from '../sql/openSqlStore.js'
import { checkedSchemaName } from '../sql/schemaName.js'
import type { SqlConversationStore } from '../sql/sqlConversationStore.js'
import type { SqlDatabase } from '../sql/sqlDatabase.js'
import type { SqlMessageStore } from '../sql/sqlMessageStore.js'
import type { SqlStateStore } from '../sql/sqlStateStore.js'
import { checkedTurnLease, type SqlTurnStore } from '../sql/sqlTurnStore.js'
import { openDatabaseFolder } from './databaseFolder.js'
import { lockFolder } from './folderLock.js'
import { pgliteDatabase } from './pgliteDatabase.js'

export { MIGRATIONS, type Migration, type SchemaUpgrade } from '../sql/schema.js'
export { DEFAULT_SCHEMA } from '../sql/schemaName.js'
export type { SqlConversationStore } from '../sql/sqlConversationStore.js'
export type { SqlMessageStore } from '../sql/sqlMessageStore.js'
export type { SqlStateStore } from '../sql/sqlStateStore.js'
export { DEFAULT_TURN_LEASE_MS, type SqlTurnStore } from '../sql/sqlTurnStore.js'

/** Where the store is kept when no folder is given: `.botwire/store` under the working folder. */
export const DEFAULT_FOLDER = join('.botwire', 'store')

export interface EmbeddedStoreOptions {
  /** the folder of the database, made when missing (default `.botwire/store`, from the working folder) */
  folder?: string
  /**
   * how long a ticket of the line of turns lives unless renewed, in milliseconds (default 30,000):
   * a process that dies mid-turn holds its conversation up for at most this (docs/deploying.md#several-processes)
   */
  turnLeaseMs?: number
  /** the PostgreSQL schema of the store's tables (default `botwire`): a plain lower-case identifier */
  schema?: string
}

export interface EmbeddedStore extends SqlMessageStore {
  /** the folder the store is kept in, absolute */
  readonly folder: string
  /** conversations and users in the same database: createRuntime's `conversationStore` (closed with the store) */
  readonly conversationStore: SqlConversationStore
  /** states in the same database: createRuntime's `stateStore` (closed with the store) */
  readonly stateStore: SqlStateStore
  /** the line of turns of each conversation, in the same database: createRuntime's `turnStore` (docs/deploying.md#several-processes) */
  readonly turnStore: SqlTurnStore
}

/**
 * Opens the store in its folder (a new folder gets the empty database the package ships,
 * unpacked: under a second), creates the schema or upgrades it to this store's version, and
 * returns the store. One process at a time: another process's open store makes it reject
 * with STORE_UNAVAILABLE, as do a schema at a version later than this store knows and a
 * template made by a PGlite other than the one installed. `close()` writes everything out
 * and lets the folder go.
 */
export async function openEmbeddedStore(options: EmbeddedStoreOptions = {}): Promise<EmbeddedStore> {
  const schema = checkedSchemaName(options.schema)
  const turnLeaseMs = checkedTurnLease(options.turnLeaseMs)
  const folder = resolve(options.folder ?? DEFAULT_FOLDER)
  try {
    mkdirSync(folder, { recursive: true })
  } catch (error) {
    throw new RuntimeError(
      'STORE_UNAVAILABLE',
      `the embedded store cannot make its folder '${folder}': ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  const unlock = lockFolder(folder)
  let database: SqlDatabase
  try {
    database = pgliteDatabase(await openDatabaseFolder(folder))
  } catch (error) {
    unlock()
    if (error instanceof RuntimeError) throw error
    throw new RuntimeError(
      'STORE_UNAVAILABLE',
      `the embedded store cannot open its database in '${folder}': ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  const closing: SqlDatabase = {
    query: (text, params) => database.query(text, params),
    transaction: (work) => database.transaction(work),
    close: () => database.close().finally(unlock),
  }
  // a failed open closes the database, which lets the folder go
  const { store, conversations, states, turns } = await openSqlStore(
    closing,
    schema,
    `the embedded store (schema '${schema}') cannot open its database in '${folder}'`,
    turnLeaseMs,
  )
  return Object.assign(store, { folder, conversationStore: conversations, stateStore: states, turnStore: turns })
}
