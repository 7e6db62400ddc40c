// The message store over SQL, for the PostgreSQL and the embedded store alike (one dialect).
// seq is an identity column: PostgreSQL's sequences hand out increasing numbers, never twice,
// not even after a rollback or a delete, to every connection and process on the database.
// A message is kept as its JSON text, so what comes out is a new object (copied out), built
// from what went in when it was stored (copied in), with its keys in their order.
import { applyMessageUpdate, type ListQuery, type MessageRecord, type MessageStore, type MessageUpdate, type StoredMessage } from '@botwire/runtime'
import type { SqlDatabase } from './sqlDatabase.js'
import { seqOf, storageKey } from './storageKey.js'

interface MessageRow {
  /** int8: pg gives a string, PGlite a number */
  seq: string | number
  message: string
}

function toRecord(row: MessageRow): MessageRecord {
  return { seq: seqOf(row.seq), message: JSON.parse(row.message) as StoredMessage }
}

/** How often an insert with an idempotency key tries again when the message it conflicted with is deleted before it reads it. */
const INSERT_ATTEMPTS = 100

export class SqlMessageStore implements MessageStore {
  private readonly table: string

  /** `schema` is a checked plain identifier (schemaName.ts) whose tables upgradeSchema made. */
  constructor(
    private readonly database: SqlDatabase,
    readonly schema: string,
  ) {
    this.table = `${schema}.messages`
  }

  async insert(message: StoredMessage, idempotencyKey?: string): Promise<MessageRecord> {
    const text = JSON.stringify(message)
    const params = [storageKey(message.id), storageKey(message.conversationId), text]
    try {
      if (idempotencyKey === undefined) {
        const { rows } = await this.database.query<MessageRow>(
          `INSERT INTO ${this.table} (id, conversation_id, message) VALUES ($1, $2, $3) RETURNING seq, message`,
          params,
        )
        return toRecord(rows[0] as MessageRow)
      }
      // of two inserts with one key, the database lets one in and makes the other wait for it to commit, then find it
      for (let attempt = 0; attempt < INSERT_ATTEMPTS; attempt++) {
        const { rows } = await this.database.query<MessageRow>(
          `INSERT INTO ${this.table} (id, conversation_id, message, idempotency_key) VALUES ($1, $2, $3, $4)
           ON CONFLICT (idempotency_key) DO NOTHING RETURNING seq, message`,
          [...params, storageKey(idempotencyKey)],
        )
        if (rows[0]) return toRecord(rows[0])
        const first = await this.findByIdempotencyKey(idempotencyKey)
        if (first) return first
        // the first message was deleted between the two statements: try again
      }
      throw new Error(`store: the message of an idempotency key was inserted and deleted by others ${INSERT_ATTEMPTS} times while this call tried to insert it`)
    } catch (error) {
      if ((error as { code?: unknown }).code === '23505')
        throw new Error(`store: a message with id ${JSON.stringify(message.id)} is already stored`, { cause: error })
      throw error
    }
  }

  async findByIdempotencyKey(idempotencyKey: string): Promise<MessageRecord | undefined> {
    const { rows } = await this.database.query<MessageRow>(`SELECT seq, message FROM ${this.table} WHERE idempotency_key = $1`, [storageKey(idempotencyKey)])
    return rows[0] && toRecord(rows[0])
  }

  async get(id: string): Promise<MessageRecord | undefined> {
    const { rows } = await this.database.query<MessageRow>(`SELECT seq, message FROM ${this.table} WHERE id = $1`, [storageKey(id)])
    return rows[0] && toRecord(rows[0])
  }

  /** Reads and writes the row in one transaction, the row locked: two updates of one message, from any process, never interleave; each merges its tag changes with what the other wrote. */
  update(id: string, update: MessageUpdate): Promise<MessageRecord | undefined> {
    return this.database.transaction(async (connection) => {
      const { rows } = await connection.query<MessageRow>(`SELECT seq, message FROM ${this.table} WHERE id = $1 FOR UPDATE`, [storageKey(id)])
      const row = rows[0]
      if (row === undefined) return undefined
      const message = JSON.parse(row.message) as StoredMessage
      applyMessageUpdate(message, update)
      const text = JSON.stringify(message)
      await connection.query(`UPDATE ${this.table} SET message = $2 WHERE id = $1`, [storageKey(id), text])
      return toRecord({ seq: row.seq, message: text })
    })
  }

  async delete(id: string): Promise<boolean> {
    const { rows } = await this.database.query<{ seq: string | number }>(`DELETE FROM ${this.table} WHERE id = $1 RETURNING seq`, [storageKey(id)])
    return rows.length > 0
  }

  async list(query: ListQuery): Promise<MessageRecord[]> {
    const conversation = storageKey(query.conversationId)
    const { rows } =
      query.beforeSeq === undefined
        ? await this.database.query<MessageRow>(`SELECT seq, message FROM ${this.table} WHERE conversation_id = $1 ORDER BY seq DESC LIMIT $2`, [
            conversation,
            query.limit,
          ])
        : await this.database.query<MessageRow>(`SELECT seq, message FROM ${this.table} WHERE conversation_id = $1 AND seq < $2 ORDER BY seq DESC LIMIT $3`, [
            conversation,
            query.beforeSeq,
            query.limit,
          ])
    return rows.map(toRecord)
  }

  /** Ends the store's connections; the store cannot be used after. */
  close(): Promise<void> {
    return this.database.close()
  }
}
