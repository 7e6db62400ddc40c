// How error messages show what a caller or a definition gave: every name and string in single
// quotes ('openai:generateText', bot.on.event('openai:textGenrated'), integrations['x'], payload['a b']),
// as the runtime's own names are quoted, so that a message never mixes two styles.
// Escaped as JSON escapes a string (control characters, backslashes), with the single
// quote escaped instead of the double one, so the quotes stay unambiguous.

/** A string in single quotes: `'it\'s'`. */
export function quoted(text: string): string {
  return `'${JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`
}

/**
 * Any value a caller gave, for "must be ..., not X": a string quoted, another value as
 * JSON (42, null, {"a":1}); never throws (a bigint, a cycle, a function).
 */
export function shown(value: unknown): string {
  if (typeof value === 'string') return quoted(value)
  if (typeof value === 'bigint') return `${value}n`
  if (typeof value === 'function') return 'a function'
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return `a ${typeof value} that cannot be shown as JSON`
  }
}
