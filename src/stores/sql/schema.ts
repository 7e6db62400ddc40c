// The tables of the SQL stores, and how a database is brought to the version this store
// knows. Each migration is a step from the version before it; a database records the
// version it is at in `<schema>.botwire_schema`, and opening a store applies the steps it
// lacks, in one transaction, under a lock that makes a second process opening the same
// schema at once wait and then find it done. A later version is one more entry in
// MIGRATIONS.
import { RuntimeError } from '@botwire/runtime'
import type { SqlDatabase } from './sqlDatabase.js'

export interface Migration {
  /** the version the database is at once this step is applied: 1, 2, ... in order */
  version: number
  /** what the step adds, for people reading the table */
  description: string
  /** the statements, for tables in `schema` (a checked plain identifier) */
  statements(schema: string): string[]
}

/** The largest seq a safe integer allows: the sequence stops there rather than give a seq JavaScript cannot hold. */
const MAX_SEQ = Number.MAX_SAFE_INTEGER

/** The first columns of every table of records: the seq the database hands out, and the record's id (its JSON text). */
const SEQ_AND_ID = `seq BIGINT GENERATED ALWAYS AS IDENTITY (MAXVALUE ${MAX_SEQ}) PRIMARY KEY,
        id TEXT NOT NULL UNIQUE`

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'messages',
    statements: (schema) => [
      // `id` and `conversation_id` hold the runtime's strings as JSON text (storageKey): PostgreSQL
      // text cannot hold U+0000, and lone surrogates would otherwise all become U+FFFD and collide
      `CREATE TABLE ${schema}.messages (
        ${SEQ_AND_ID},
        conversation_id TEXT NOT NULL,
        message TEXT NOT NULL
      )`,
      `CREATE INDEX messages_by_conversation ON ${schema}.messages (conversation_id, seq)`,
    ],
  },
  {
    version: 2,
    description: 'conversations and users',
    // `record` is the record's JSON text (what comes out); `tags` the same tags with each key
    // and value as its JSON text (storageKey), for matching with @> on a GIN index
    statements: (schema) => [
      `CREATE TABLE ${schema}.conversations (
        ${SEQ_AND_ID},
        integration TEXT NOT NULL,
        channel TEXT NOT NULL,
        tags JSONB NOT NULL,
        record TEXT NOT NULL
      )`,
      `CREATE INDEX conversations_by_tags ON ${schema}.conversations USING GIN (tags jsonb_path_ops)`,
      `CREATE INDEX conversations_by_channel ON ${schema}.conversations (integration, channel, seq)`,
      `CREATE TABLE ${schema}.users (
        ${SEQ_AND_ID},
        tags JSONB NOT NULL,
        record TEXT NOT NULL
      )`,
      `CREATE INDEX users_by_tags ON ${schema}.users USING GIN (tags jsonb_path_ops)`,
    ],
  },
  {
    version: 3,
    description: 'states',
    // `key` is the JSON text of [owner, type, name, id]; `record` the state's JSON text
    statements: (schema) => [`CREATE TABLE ${schema}.states (key TEXT PRIMARY KEY, record TEXT NOT NULL)`],
  },
  {
    version: 4,
    description: 'state expiry and claimed occurrences of scheduled work',
    statements: (schema) => [
      // when each state expires, beside its record, for the sweep's index; the record's JSON
      // text ends with its expiresAt when it has one (the runtime writes it last), and may hold
      // what jsonb cannot (U+0000, lone surrogates), so it is read with a pattern, not a cast
      `ALTER TABLE ${schema}.states ADD COLUMN expires_at TIMESTAMPTZ`,
      `UPDATE ${schema}.states SET expires_at = substring(record from '"expiresAt":"([^"]+)"}$')::timestamptz`,
      `CREATE INDEX states_by_expiry ON ${schema}.states (expires_at) WHERE expires_at IS NOT NULL`,
      // one row per claimed occurrence of a recurring event: the primary key lets one claim win
      `CREATE TABLE ${schema}.occurrences (work TEXT NOT NULL, at TIMESTAMPTZ NOT NULL, PRIMARY KEY (work, at))`,
    ],
  },
  {
    version: 5,
    description: 'turns and idempotency keys',
    // a ticket per incoming message waiting for or running its turn: a conversation's oldest
    // live ticket (lease_until not past) is the turn that runs (sqlTurnStore.ts); an incoming
    // message's idempotency key, unique (NULLs are not equal: messages without one never meet)
    statements: (schema) => [
      `CREATE TABLE ${schema}.turns (
        seq BIGINT GENERATED ALWAYS AS IDENTITY (MAXVALUE ${MAX_SEQ}) PRIMARY KEY,
        conversation_id TEXT NOT NULL,
        lease_until TIMESTAMPTZ NOT NULL
      )`,
      `CREATE INDEX turns_by_conversation ON ${schema}.turns (conversation_id, seq)`,
      `ALTER TABLE ${schema}.messages ADD COLUMN idempotency_key TEXT`,
      `CREATE UNIQUE INDEX messages_by_idempotency_key ON ${schema}.messages (idempotency_key)`,
    ],
  },
]

export interface SchemaUpgrade {
  /** the version the database was at (0: no tables of botwire's yet) */
  from: number
  /** the version it is at now */
  to: number
}

/**
 * Creates the schema or brings it to the last migration's version. Throws STORE_UNAVAILABLE
 * when the database is at a version later than this store knows (a newer store upgraded it):
 * this store would misread it.
 */
export async function upgradeSchema(database: SqlDatabase, schema: string, migrations: readonly Migration[] = MIGRATIONS): Promise<SchemaUpgrade> {
  const latest = migrations.at(-1)?.version ?? 0
  return database.transaction(async (connection) => {
    // one upgrader at a time per schema, across processes: the lock is released at commit
    await connection.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`botwire schema ${schema}`])
    await connection.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`)
    await connection.query(`CREATE TABLE IF NOT EXISTS ${schema}.botwire_schema (version INTEGER NOT NULL, upgraded_at TIMESTAMPTZ NOT NULL DEFAULT now())`)
    const { rows } = await connection.query<{ version: number }>(`SELECT max(version) AS version FROM ${schema}.botwire_schema`)
    const from = rows[0]?.version ?? 0
    if (from > latest) {
      throw new RuntimeError(
        'STORE_UNAVAILABLE',
        `the database's schema '${schema}' is at version ${from}, later than this store knows (${latest}): use the store's newer release`,
      )
    }
    for (const migration of migrations) {
      if (migration.version <= from) continue
      for (const statement of migration.statements(schema)) await connection.query(statement)
      await connection.query(`INSERT INTO ${schema}.botwire_schema (version) VALUES ($1)`, [migration.version])
    }
    return { from, to: Math.max(from, latest) }
  })
}
