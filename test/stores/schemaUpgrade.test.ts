// The SQL stores own their schema: made on first open, brought up to date on the next, one
// version at a time, and refused when a newer store has moved it past what this one knows
// (docs/runtime.md#creating-and-upgrading-the-schema). On the machine's PostgreSQL, each test
// in a schema of its own, dropped after.
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { openPostgresStore } from '../../src/stores/postgres/index.js'
import { postgresDatabase } from '../../src/stores/postgres/postgresDatabase.js'
import { MIGRATIONS, type Migration, upgradeSchema } from '../../src/stores/sql/schema.js'
import { rejection } from '../support/rejection.js'
import { dropSchema, TEST_DATABASE_URL, uniqueSchemaName, withTestDatabase } from './postgresServer.js'
import { storedMessage } from './storeContract.js'

const made: string[] = []
afterEach(async () => {
  for (const schema of made.splice(0)) await dropSchema(schema)
})

function schemaForTest(): string {
  const schema = uniqueSchemaName()
  made.push(schema)
  return schema
}

/** The versions recorded in the schema, and the tables it holds. */
function schemaState(schema: string): Promise<{ versions: number[]; tables: string[] }> {
  return withTestDatabase(async (client) => {
    const versions = await client.query<{ version: number }>(`SELECT version FROM ${schema}.botwire_schema ORDER BY version`)
    const tables = await client.query<{ name: string }>('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1', [schema])
    return { versions: versions.rows.map((r) => r.version), tables: tables.rows.map((r) => r.name) }
  })
}

/** Upgrades with a list of migrations of the test's (a later release's, say), through the store's own upgrade path. */
async function upgradeWith(schema: string, migrations: readonly Migration[]) {
  const database = postgresDatabase(new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2 }))
  try {
    return await upgradeSchema(database, schema, migrations)
  } finally {
    await database.close()
  }
}

/** The version this store knows (versions may skip a number another change holds), and what a next release adds after it: a table (as scheduled work will be). */
const LATEST = MIGRATIONS.at(-1)?.version ?? 0
const NEXT_VERSION: Migration = {
  version: LATEST + 1,
  description: 'scheduled work',
  statements: (schema) => [`CREATE TABLE ${schema}.scheduled (id TEXT PRIMARY KEY, created_at TEXT NOT NULL)`],
}
/** a new schema records each step it was made by */
const ALL_VERSIONS = MIGRATIONS.map((m) => m.version)
const TABLES = ['botwire_schema', 'conversations', 'messages', 'occurrences', 'states', 'turns', 'users']

describe('the schema of the SQL stores', () => {
  it('is made on first open at the last version, and opening again changes nothing', async () => {
    const schema = schemaForTest()
    const store = await openPostgresStore({ connectionString: TEST_DATABASE_URL, schema })
    await store.insert(storedMessage('a', 'c'))
    await store.close()
    expect(await schemaState(schema)).toEqual({ versions: ALL_VERSIONS, tables: TABLES })
    const again = await openPostgresStore({ connectionString: TEST_DATABASE_URL, schema })
    expect((await again.get('a'))?.message.id).toBe('a')
    await again.close()
    expect((await schemaState(schema)).versions).toEqual(ALL_VERSIONS)
  })

  it('upgrades a database left at version 1, keeping its messages; a store that knows only the versions before then refuses it', async () => {
    const schema = schemaForTest()
    expect(await upgradeWith(schema, MIGRATIONS.slice(0, 1))).toEqual({ from: 0, to: 1 })
    expect(await schemaState(schema)).toEqual({ versions: [1], tables: ['botwire_schema', 'messages'] })
    await withTestDatabase((client) =>
      client.query(`INSERT INTO ${schema}.messages (id, conversation_id, message) VALUES ($1, $2, $3)`, [
        '"kept"',
        '"c"',
        JSON.stringify(storedMessage('kept', 'c')),
      ]),
    )

    const store = await openPostgresStore({ connectionString: TEST_DATABASE_URL, schema })
    expect((await store.get('kept'))?.message).toEqual(storedMessage('kept', 'c'))
    await store.close()
    expect(await schemaState(schema)).toEqual({ versions: ALL_VERSIONS, tables: TABLES })

    expect(await upgradeWith(schema, [...MIGRATIONS, NEXT_VERSION])).toEqual({ from: LATEST, to: LATEST + 1 })
    expect(await upgradeWith(schema, [...MIGRATIONS, NEXT_VERSION])).toEqual({ from: LATEST + 1, to: LATEST + 1 })

    const error = await rejection(openPostgresStore({ connectionString: TEST_DATABASE_URL, schema }))
    expect(error).toMatchObject({ code: 'STORE_UNAVAILABLE' })
    expect(String(error)).toContain(`the database's schema '${schema}' is at version ${LATEST + 1}, later than this store knows (${LATEST})`)
    await withTestDatabase(async (client) => {
      const { rows } = await client.query(`SELECT seq, id FROM ${schema}.messages`)
      expect(rows).toEqual([{ seq: '1', id: '"kept"' }])
    })
  })

  it("upgrades a database left at version 3, reading each kept state's expiry into the column the sweep uses", async () => {
    const schema = schemaForTest()
    expect(await upgradeWith(schema, MIGRATIONS.slice(0, 3))).toEqual({ from: 0, to: 3 })
    const odd = 'a\u0000b\ud800"}'
    const at = '2030-01-01T00:00:00.000Z'
    const expiring = {
      owner: 'bot',
      type: 'user',
      id: odd,
      name: 'profile',
      payload: { expiresAt: 'not this', [odd]: odd },
      createdAt: at,
      updatedAt: at,
      expiry: 60_000,
      expiresAt: '2030-01-01T00:01:00.000Z',
    }
    const lasting = { ...expiring, id: 'lasting', expiry: undefined, expiresAt: undefined }
    await withTestDatabase(async (client) => {
      for (const state of [expiring, lasting])
        await client.query(`INSERT INTO ${schema}.states (key, record) VALUES ($1, $2)`, [
          JSON.stringify(['bot', 'user', 'profile', state.id]),
          JSON.stringify(state),
        ])
    })
    const store = await openPostgresStore({ connectionString: TEST_DATABASE_URL, schema })
    try {
      expect(await schemaState(schema)).toEqual({ versions: ALL_VERSIONS, tables: TABLES })
      expect(await store.stateStore.deleteExpired('2030-01-01T00:00:59.999Z', 10)).toEqual([])
      expect(await store.stateStore.deleteExpired('2040-01-01T00:00:00.000Z', 10)).toEqual([expiring])
      expect((await store.stateStore.get({ owner: 'bot', type: 'user', id: 'lasting', name: 'profile' }))?.id).toBe('lasting')
    } finally {
      await store.close()
    }
  })

  it('applies a step whole or not at all: a failing statement leaves the database at the version before', async () => {
    const schema = schemaForTest()
    await upgradeWith(schema, MIGRATIONS)
    const broken: Migration = {
      version: LATEST + 1,
      description: 'broken',
      statements: (s) => [`CREATE TABLE ${s}.half (id TEXT)`, 'SELECT * FROM no_such_table'],
    }
    await expect(upgradeWith(schema, [...MIGRATIONS, broken])).rejects.toThrow(/no_such_table/)
    expect(await schemaState(schema)).toEqual({ versions: ALL_VERSIONS, tables: TABLES })
  })

  it('is made once when several processes open a new schema at the same moment', async () => {
    const schema = schemaForTest()
    const stores = await Promise.all([1, 2, 3, 4].map(() => openPostgresStore({ connectionString: TEST_DATABASE_URL, schema, maxConnections: 2 })))
    await Promise.all(stores.map((store, i) => store.insert(storedMessage(`m${i}`, 'c'))))
    expect((await stores[0]?.list({ conversationId: 'c', limit: 10 }))?.length).toBe(4)
    await Promise.all(stores.map((store) => store.close()))
    expect((await schemaState(schema)).versions).toEqual(ALL_VERSIONS)
  })
})

describe('opening the PostgreSQL store', () => {
  it('refuses a schema name that is no plain identifier, before connecting', async () => {
    for (const schema of ['Botwire', 'bot-wire', 'a; DROP SCHEMA public', '', '1st', 'pg_botwire', 'x'.repeat(64)]) {
      const error = await rejection(openPostgresStore({ connectionString: 'postgres://nobody@127.0.0.1:1/none', schema }))
      expect(error, schema).toMatchObject({ code: 'INVALID_STORE_OPTIONS' })
    }
  })

  it('fails with STORE_UNAVAILABLE when the server cannot be reached, and never says the connection string', async () => {
    const error = await rejection(openPostgresStore({ connectionString: 'postgres://botwire:pw-s3cret-value@127.0.0.1:1/test' }))
    expect(error).toMatchObject({ code: 'STORE_UNAVAILABLE' })
    expect(String(error)).toMatch(/cannot open its database: .*ECONNREFUSED/)
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain('s3cret')
    expect((error as Error).cause).toBeUndefined()
  })
})
