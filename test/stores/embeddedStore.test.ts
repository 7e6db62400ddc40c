// The embedded store (PGlite) passes the store contract. A new PGlite database takes seconds
// to make, so the file opens one and each test works in a schema of its own on it (as each
// PostgreSQL test does on the server); `other` is a second store object on that database.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll } from 'vitest'
import { pgliteDatabase } from '../../src/stores/embedded/pgliteDatabase.js'
import { openSqlStore } from '../../src/stores/sql/openSqlStore.js'
import type { SqlDatabase } from '../../src/stores/sql/sqlDatabase.js'
import { describeConversationStoreContract } from './conversationStoreContract.js'
import { describeStoreContract } from './storeContract.js'

const folder = mkdtempSync(join(tmpdir(), 'botwire-embedded-contract-'))
let pglite: PGlite
let schemas = 0
beforeAll(async () => {
  pglite = await PGlite.create(folder)
})
afterAll(async () => {
  await pglite.close()
  rmSync(folder, { recursive: true, force: true })
})

describeStoreContract('embedded store (PGlite)', async () => {
  const shared = pgliteDatabase(pglite)
  // the stores under test close this, not the database the file shares
  const database: SqlDatabase = { query: shared.query, transaction: shared.transaction, close: async () => {} }
  const schema = `contract_${++schemas}`
  const { store } = await openSqlStore(database, schema, 'test')
  const { store: other } = await openSqlStore(database, schema, 'test')
  return { store, other, close: async () => {} }
})

describeConversationStoreContract('embedded store (PGlite)', async () => {
  const shared = pgliteDatabase(pglite)
  const schema = `conversations_${++schemas}`
  const { conversations: store } = await openSqlStore(shared, schema, 'test')
  const { conversations: other } = await openSqlStore(shared, schema, 'test')
  return { store, other, close: async () => {} }
})
