// The SQL stores' database over a `pg` pool: queries on any pooled connection, a
// transaction on one connection taken from the pool for its duration.
import type pg from 'pg'
import type { SqlConnection, SqlDatabase } from '../sql/sqlDatabase.js'

export function postgresDatabase(pool: pg.Pool): SqlDatabase {
  // an idle connection the server closes is an 'error' on the pool: without a listener it
  // would end the process; the pool drops that connection and opens another when needed
  pool.on('error', () => undefined)
  return {
    async query<Row>(text: string, params?: readonly unknown[]) {
      const result = await pool.query(text, params === undefined ? [] : [...params])
      return { rows: result.rows as Row[] }
    },
    async transaction<T>(work: (connection: SqlConnection) => Promise<T>): Promise<T> {
      const client = await pool.connect()
      const connection: SqlConnection = {
        async query<Row>(text: string, params?: readonly unknown[]) {
          const result = await client.query(text, params === undefined ? [] : [...params])
          return { rows: result.rows as Row[] }
        },
      }
      let broken: unknown
      try {
        await client.query('BEGIN')
        const value = await work(connection)
        await client.query('COMMIT')
        return value
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          broken = rollbackError
        })
        throw error
      } finally {
        // a connection whose rollback failed is not given back to the pool for reuse
        client.release(broken instanceof Error ? broken : undefined)
      }
    },
    close: () => pool.end(),
  }
}
