// What the SQL stores need of a database: a query and a transaction. The PostgreSQL store
// gives it over a `pg` pool, the embedded store over PGlite; both speak PostgreSQL's
// dialect, so every statement the stores run is written once (schema.ts, sqlMessageStore.ts).

export interface SqlRows<Row> {
  rows: Row[]
}

/** One connection's worth of querying: a pool outside a transaction, the transaction's connection inside one. */
export interface SqlConnection {
  query<Row>(text: string, params?: readonly unknown[]): Promise<SqlRows<Row>>
}

export interface SqlDatabase extends SqlConnection {
  /** Runs `work` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (connection: SqlConnection) => Promise<T>): Promise<T>
  /** Ends the connections (the pool, or the embedded database). */
  close(): Promise<void>
}
