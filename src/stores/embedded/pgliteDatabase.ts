// The SQL stores' database over PGlite (PostgreSQL compiled to WebAssembly, in this
// process): the same statements as on the server. PGlite runs one query at a time and
// holds its transactions exclusive, which is what the store's transactions need.
import type { PGlite } from '@electric-sql/pglite'
import type { SqlConnection, SqlDatabase } from '../sql/sqlDatabase.js'

export function pgliteDatabase(database: PGlite): SqlDatabase {
  return {
    async query<Row>(text: string, params?: readonly unknown[]) {
      const result = await database.query<Row>(text, params === undefined ? [] : [...params])
      return { rows: result.rows }
    },
    transaction<T>(work: (connection: SqlConnection) => Promise<T>): Promise<T> {
      return database.transaction((transaction) =>
        work({
          async query<Row>(text: string, params?: readonly unknown[]) {
            const result = await transaction.query<Row>(text, params === undefined ? [] : [...params])
            return { rows: result.rows }
          },
        }),
      )
    },
    close: () => database.close(),
  }
}
