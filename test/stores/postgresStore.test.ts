// The PostgreSQL store on the machine's server: the store contract with two stores (two
// pools) on one schema, each test on a schema of its own, dropped after.
import pg from 'pg'
import { openPostgresStore } from '../../src/stores/postgres/index.js'
import { postgresDatabase } from '../../src/stores/postgres/postgresDatabase.js'
import { openSqlStore } from '../../src/stores/sql/openSqlStore.js'
import type { SqlDatabase } from '../../src/stores/sql/sqlDatabase.js'
import { describeConversationStoreContract } from './conversationStoreContract.js'
import { dropSchema, TEST_DATABASE_URL, uniqueSchemaName, withTestDatabase } from './postgresServer.js'
import { describeStateStoreContract } from './stateStoreContract.js'
import { describeStoreContract } from './storeContract.js'
import { describeTurnStoreContract } from './turnStoreContract.js'

describeStoreContract('PostgreSQL store', async () => {
  await withTestDatabase(async () => {}) // a clear failure when there is no server
  const schema = uniqueSchemaName()
  const store = await openPostgresStore({ connectionString: TEST_DATABASE_URL, schema })
  const other = await openPostgresStore({ connectionString: TEST_DATABASE_URL, schema, maxConnections: 4 })
  return {
    store,
    other,
    close: async () => {
      await Promise.all([store.close(), other.close()])
      await dropSchema(schema)
    },
  }
})

/** Two stores of `kind` on one new schema, over two pools, as two processes would have. */
async function twoOnOneSchema<K extends 'conversations' | 'states' | 'turns'>(kind: K, turnLeaseMs?: number) {
  await withTestDatabase(async () => {})
  const schema = uniqueSchemaName()
  const first = postgresDatabase(new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 4 }))
  const second = postgresDatabase(new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 4 }))
  let dead = false
  const killable: SqlDatabase = { ...first, query: (text, params) => (dead ? Promise.reject(new Error('killed')) : first.query(text, params)) }
  const store = (await openSqlStore(killable, schema, 'test', turnLeaseMs))[kind]
  const other = (await openSqlStore(second, schema, 'test', turnLeaseMs))[kind]
  return {
    store,
    other,
    close: async () => {
      await Promise.all([first.close(), second.close()])
      await dropSchema(schema)
    },
    kill: () => {
      dead = true
    },
  }
}

describeConversationStoreContract('PostgreSQL store', () => twoOnOneSchema('conversations'))
describeStateStoreContract('PostgreSQL store', () => twoOnOneSchema('states'))
describeTurnStoreContract(
  'PostgreSQL store',
  () => twoOnOneSchema('turns'),
  (leaseMs) => twoOnOneSchema('turns', leaseMs),
)
