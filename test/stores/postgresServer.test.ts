// Without a PostgreSQL server the store tests fail, saying what they need and how to start
// it; they are never skipped (docs/testing.md, and .ci/run starts the server when it is down).
import { expect, it } from 'vitest'
import { withTestDatabase } from './postgresServer.js'

it('fails with a message that names the server (without its password) and how to start it when it cannot be reached', async () => {
  const error = await withTestDatabase(async () => 'reached', 'postgres://postgres:hunter2@127.0.0.1:1/test').catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(Error)
  const message = (error as Error).message
  expect(message).toContain('The PostgreSQL store tests need a PostgreSQL server at postgres://127.0.0.1:1/test')
  expect(message).toContain('ECONNREFUSED')
  expect(message).toContain('pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start')
  expect(message).not.toContain('hunter2')
})

it('reaches the machine’s server', async () => {
  expect(await withTestDatabase(async (client) => (await client.query<{ one: number }>('SELECT 1 AS one')).rows[0]?.one)).toBe(1)
})
