// The conversation store over SQL (docs/runtime.md#conversations-and-users), for the
// PostgreSQL and the embedded store alike. Each record is kept as its JSON text (copied in
// and out) beside its tags as jsonb for matching (`tags @> match`). Find-or-insert is one
// transaction under an advisory lock per scope and discriminating tags (a thread of an
// integration's channel, a user's id): two callers with the same tags, in one process or
// several on the database, take turns, so the second finds what the first inserted, while
// callers for other threads or users do not wait on them; the oldest match (lowest seq) is
// the one found. A record that is there already (nothing deletes one) is found by a plain
// read first, without the transaction and the lock: most calls find one (each message of a
// thread after its first), and callers of one user no longer wait on each other.
// An update merges its tag changes under the row's lock (updateRecord).
import {
  type ConversationMatch,
  type ConversationRecord,
  type ConversationStore,
  type PageQuery,
  type RecordPage,
  type RecordUpdate,
  type StoredTags,
  type UserRecord,
  updatedRecord,
} from '@botwire/runtime'
import type { SqlConnection, SqlDatabase } from './sqlDatabase.js'
import { seqOf, storageKey, storageTags } from './storageKey.js'

interface RecordRow {
  seq: string | number
  record: string
}

function parsed<R>(row: RecordRow): R {
  return JSON.parse(row.record) as R
}

export class SqlConversationStore implements ConversationStore {
  private readonly conversations: string
  private readonly users: string

  /** `schema` is a checked plain identifier (schemaName.ts) whose tables upgradeSchema made. */
  constructor(
    private readonly database: SqlDatabase,
    readonly schema: string,
  ) {
    this.conversations = `${schema}.conversations`
    this.users = `${schema}.users`
  }

  /**
   * Waits for the lock of the scope and the tags matched on (the same tags in any order take
   * the same lock), released when the transaction ends (across connections and processes).
   */
  private async lockScope(connection: SqlConnection, scope: readonly string[], tags: StoredTags): Promise<void> {
    const sortedTags = Object.entries(tags).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    await connection.query('SELECT pg_advisory_xact_lock(hashtext($1))', [JSON.stringify(['botwire', this.schema, ...scope, sortedTags])])
  }

  async findOrInsertConversation(match: ConversationMatch, candidate: ConversationRecord): Promise<{ record: ConversationRecord; created: boolean }> {
    const integration = match.integration ?? candidate.integration
    const channel = match.channel ?? candidate.channel
    const select = `SELECT seq, record FROM ${this.conversations} WHERE integration = $1 AND channel = $2 AND tags @> $3::jsonb ORDER BY seq LIMIT 1`
    const params = [storageKey(integration), storageKey(channel), storageTags(match.tags)]
    const there = (await this.database.query<RecordRow>(select, params)).rows[0]
    if (there) return { record: parsed<ConversationRecord>(there), created: false }
    return this.database.transaction(async (connection) => {
      await this.lockScope(connection, ['conversations', integration, channel], match.tags)
      const found = (await connection.query<RecordRow>(select, params)).rows[0]
      if (found) return { record: parsed<ConversationRecord>(found), created: false }
      const inserted = await connection.query<RecordRow>(
        `INSERT INTO ${this.conversations} (id, integration, channel, tags, record) VALUES ($1, $2, $3, $4::jsonb, $5) RETURNING seq, record`,
        [storageKey(candidate.id), storageKey(candidate.integration), storageKey(candidate.channel), storageTags(candidate.tags), JSON.stringify(candidate)],
      )
      return { record: parsed<ConversationRecord>(inserted.rows[0] as RecordRow), created: true }
    })
  }

  async getConversation(id: string): Promise<ConversationRecord | undefined> {
    const { rows } = await this.database.query<RecordRow>(`SELECT seq, record FROM ${this.conversations} WHERE id = $1`, [storageKey(id)])
    return rows[0] && parsed<ConversationRecord>(rows[0])
  }

  updateConversation(id: string, update: RecordUpdate): Promise<ConversationRecord | undefined> {
    return this.updateRecord<ConversationRecord>(this.conversations, id, (record) => updatedRecord(record, update))
  }

  async listConversations(match: ConversationMatch, page: PageQuery): Promise<RecordPage<ConversationRecord>> {
    const params: unknown[] = [storageTags(match.tags), page.afterSeq ?? 0, page.limit + 1]
    let where = 'tags @> $1::jsonb AND seq > $2'
    if (match.integration !== undefined) {
      params.push(storageKey(match.integration))
      where += ` AND integration = $${params.length}`
    }
    if (match.channel !== undefined) {
      params.push(storageKey(match.channel))
      where += ` AND channel = $${params.length}`
    }
    const { rows } = await this.database.query<RecordRow>(`SELECT seq, record FROM ${this.conversations} WHERE ${where} ORDER BY seq LIMIT $3`, params)
    const kept = rows.slice(0, page.limit)
    const last = kept.at(-1)
    return { records: kept.map((row) => parsed<ConversationRecord>(row)), ...(rows.length > page.limit && last ? { lastSeq: seqOf(last.seq) } : {}) }
  }

  async findOrInsertUser(tags: StoredTags, candidate: UserRecord): Promise<{ record: UserRecord; created: boolean }> {
    const select = `SELECT seq, record FROM ${this.users} WHERE tags @> $1::jsonb ORDER BY seq LIMIT 1`
    const params = [storageTags(tags)]
    const there = (await this.database.query<RecordRow>(select, params)).rows[0]
    if (there) return { record: parsed<UserRecord>(there), created: false }
    return this.database.transaction(async (connection) => {
      await this.lockScope(connection, ['users'], tags)
      const found = (await connection.query<RecordRow>(select, params)).rows[0]
      if (found) return { record: parsed<UserRecord>(found), created: false }
      const inserted = await connection.query<RecordRow>(`INSERT INTO ${this.users} (id, tags, record) VALUES ($1, $2::jsonb, $3) RETURNING seq, record`, [
        storageKey(candidate.id),
        storageTags(candidate.tags),
        JSON.stringify(candidate),
      ])
      return { record: parsed<UserRecord>(inserted.rows[0] as RecordRow), created: true }
    })
  }

  async getUser(id: string): Promise<UserRecord | undefined> {
    const { rows } = await this.database.query<RecordRow>(`SELECT seq, record FROM ${this.users} WHERE id = $1`, [storageKey(id)])
    return rows[0] && parsed<UserRecord>(rows[0])
  }

  updateUser(id: string, update: RecordUpdate): Promise<UserRecord | undefined> {
    return this.updateRecord<UserRecord>(this.users, id, (record) => updatedRecord(record, update))
  }

  /**
   * Reads and writes the row in one transaction, the row locked (SELECT ... FOR UPDATE): two
   * updates of one record, from any connection or process, never interleave, so each merges
   * its tag changes with what the other wrote. `record` (JSON text) and `tags` (jsonb) are
   * written together from the one merged record.
   */
  private updateRecord<R extends { tags: StoredTags }>(table: string, id: string, change: (record: R) => R): Promise<R | undefined> {
    return this.database.transaction(async (connection) => {
      const { rows } = await connection.query<RecordRow>(`SELECT seq, record FROM ${table} WHERE id = $1 FOR UPDATE`, [storageKey(id)])
      const row = rows[0]
      if (row === undefined) return undefined
      const next = change(parsed<R>(row))
      const text = JSON.stringify(next)
      await connection.query(`UPDATE ${table} SET tags = $2::jsonb, record = $3 WHERE id = $1`, [storageKey(id), storageTags(next.tags), text])
      return JSON.parse(text) as R
    })
  }
}
