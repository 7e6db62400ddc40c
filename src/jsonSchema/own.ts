// Lookups in maps keyed by user names. Names such as `constructor` or `toString` are
// valid identifiers, so a plain `record[name]` would find Object.prototype's members.

export function own<T>(record: Record<string, T> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined
}

/** A mapping (a JSON object), not null, a list or a scalar. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
