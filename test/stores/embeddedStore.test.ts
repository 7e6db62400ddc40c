// The embedded store (PGlite) passes the store contract. A new PGlite database takes seconds
// to make, so the file opens one (a copy of the empty one test/support/emptyEmbeddedFolder.ts
// keeps) and each test works in a schema of its own on it (as each PostgreSQL test does on
// the server); `other` is a second store object on that database.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll } from 'vitest'
import { pgliteDatabase } from '../../src/stores/embedded/pgliteDatabase.js'
import { openSqlStore } from '../../src/stores/sql/openSqlStore.js'
import type { SqlDatabase } from '../../src/stores/sql/sqlDatabase.js'
import { emptyEmbeddedFolder } from '../support/emptyEmbeddedFolder.js'
import { describeConversationStoreContract } from './conversationStoreContract.js'
import { describeStateStoreContract } from './stateStoreContract.js'
import { describeStoreContract } from './storeContract.js'
import { describeTurnStoreContract } from './turnStoreContract.js'

const folder = mkdtempSync(join(tmpdir(), 'botwire-embedded-contract-'))
let pglite: PGlite
let schemas = 0
beforeAll(async () => {
  pglite = await PGlite.create(join(await emptyEmbeddedFolder(folder), 'pgdata'))
})
afterAll(async () => {
  await pglite.close()
  rmSync(folder, { recursive: true, force: true })
})

describeStoreContract('embedded store (PGlite)', () => twoOnOneSchema('store'))

/** Two store objects of `kind` on one new schema of the shared database (closed with the file's database). */
async function twoOnOneSchema<K extends 'store' | 'conversations' | 'states' | 'turns'>(kind: K, turnLeaseMs?: number) {
  const shared = pgliteDatabase(pglite)
  // the stores under test close this, not the database the file shares
  const database: SqlDatabase = { query: shared.query, transaction: shared.transaction, close: async () => {} }
  let dead = false
  const killable: SqlDatabase = { ...database, query: (text, params) => (dead ? Promise.reject(new Error('killed')) : database.query(text, params)) }
  const schema = `contract_${++schemas}`
  const store = (await openSqlStore(killable, schema, 'test', turnLeaseMs))[kind]
  const other = (await openSqlStore(database, schema, 'test', turnLeaseMs))[kind]
  return {
    store,
    other,
    close: async () => {},
    kill: () => {
      dead = true
    },
  }
}

describeConversationStoreContract('embedded store (PGlite)', () => twoOnOneSchema('conversations'))
describeStateStoreContract('embedded store (PGlite)', () => twoOnOneSchema('states'))
describeTurnStoreContract(
  'embedded store (PGlite)',
  () => twoOnOneSchema('turns'),
  (leaseMs) => twoOnOneSchema('turns', leaseMs),
)
