// The PostgreSQL store on the machine's server: the store contract with two stores (two
// pools) on one schema, each test on a schema of its own, dropped after.
import { openPostgresStore } from '../../src/stores/postgres/index.js'
import { dropSchema, TEST_DATABASE_URL, uniqueSchemaName, withTestDatabase } from './postgresServer.js'
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
