// Lookups in maps keyed by user names. Names such as `constructor` or `toString` are
// valid identifiers, so a plain `record[name]` would find Object.prototype's members.

export function own<T>(record: Record<string, T> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined
}
