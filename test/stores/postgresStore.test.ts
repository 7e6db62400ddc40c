// The PostgreSQL store on the machine's server: the store contract with two stores (two
// pools) on one schema, each test on a schema of its own, dropped after.
import pg from 'pg'
import { openPostgresStore } from '../../src/stores/postgres/index.js'
import { postgresDatabase } from '../../src/stores/postgres/postgresDatabase.js'
import { openSqlStore } from '../../src/stores/sql/openSqlStore.js'
import { describeConversationStoreContract } from './conversationStoreContract.js'
import { dropSchema, TEST_DATABASE_URL, uniqueSchemaName, withTestDatabase } from './postgresServer.js'
import { describeStateStoreContract } from './stateStoreContract.js'
import { describeStoreContract } from './storeContract.js'

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
async function twoOnOneSchema<K extends 'conversations' | 'states'>(kind: K) {
  await withTestDatabase(async () => {})
  const schema = uniqueSchemaName()
  const first = postgresDatabase(new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 4 }))
  const second = postgresDatabase(new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 4 }))
  const store = (await openSqlStore(first, schema, 'test'))[kind]
  const other = (await openSqlStore(second, schema, 'test'))[kind]
  return {
    store,
    other,
    close: async () => {
      await Promise.all([first.close(), second.close()])
      await dropSchema(schema)
    },
  }
}

describeConversationStoreContract('PostgreSQL store', () => twoOnOneSchema('conversations'))
describeStateStoreContract('PostgreSQL store', () => twoOnOneSchema('states'))
