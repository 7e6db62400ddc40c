// The PostgreSQL server the store tests use: the machine's (127.0.0.1:5432, user postgres,
// database test; BOTWIRE_TEST_DATABASE_URL to use another). .ci/run starts it when it is not
// running; a test that cannot reach it fails and says so, it is never skipped. Each test
// works in a schema of its own, dropped after it.
import { randomBytes } from 'node:crypto'
import pg from 'pg'

export const TEST_DATABASE_URL = process.env.BOTWIRE_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/** A schema name no other test (nor another run at the same time) uses. */
export function uniqueSchemaName(): string {
  return `bw_test_${process.pid}_${randomBytes(5).toString('hex')}`
}

/** Runs `work` with one connection to the test database; throws a clear error when the server cannot be reached. */
export async function withTestDatabase<T>(work: (client: pg.Client) => Promise<T>, url = TEST_DATABASE_URL): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  try {
    await client.connect()
  } catch (error) {
    throw new Error(
      `The PostgreSQL store tests need a PostgreSQL server at ${url.replace(/\/\/[^@]*@/, '//')} (trust auth, user postgres, database test), and it cannot be reached: ${String(error)}. Start it: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start (.ci/run does).`,
    )
  }
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

export function dropSchema(schema: string): Promise<void> {
  return withTestDatabase(async (client) => {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  })
}
