// The PostgreSQL schema a store keeps its tables in. It is written into statements (an
// identifier cannot be a query parameter), so only plain lower-case identifiers are taken:
// nothing to quote, nothing to inject.
import { RuntimeError } from '@botwire/runtime'

export const DEFAULT_SCHEMA = 'botwire'

const PLAIN_IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/

/** The schema name, checked; throws INVALID_STORE_OPTIONS for anything but a plain identifier of at most 63 characters. */
export function checkedSchemaName(schema: string | undefined): string {
  const name = schema ?? DEFAULT_SCHEMA
  if (typeof name !== 'string' || !PLAIN_IDENTIFIER.test(name) || name.startsWith('pg_')) {
    throw new RuntimeError(
      'INVALID_STORE_OPTIONS',
      `store schema ${JSON.stringify(name)} is not a plain identifier: lower-case letters, digits and '_', not starting with a digit or 'pg_', at most 63 characters`,
    )
  }
  return name
}
