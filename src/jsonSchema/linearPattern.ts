// The one way botwire runs a schema's `pattern`: on re2js, a linear-time engine (RE2's
// automata in JavaScript), never on the backtracking RegExp of JavaScript, because a
// pattern comes from a definition (perhaps a pull request) and the strings it is tried on
// come from defaults, bot configurations and, at run time, anyone who can message the bot.
// `^(a+)+$` takes RegExp seconds at 28 characters and doubles with each one more; here its
// time grows with the string's length. The check (schema sanity, defaults, configuration
// values, the extension comparisons) and the runtime's ajv (src/jsonSchema/valueAjv.ts)
// share this module, so they agree on every string. docs/definitions.md#patterns and
// docs/security.md#patterns state the contract.
import { RE2JS } from 're2js'
import { ecmaToRe2 } from './ecmaToRe2.js'

/** A compiled pattern: `test` is an unanchored search, as JSON Schema's `pattern` is. */
export interface LinearPattern {
  /** The pattern as the schema writes it. */
  readonly source: string
  test(value: string): boolean
  /** ajv keys its compiled patterns by this text. */
  toString(): string
}

export type PatternCompilation =
  | { kind: 'compiled'; pattern: LinearPattern }
  /** not an ECMA-262 regular expression in 'u' mode (BW2015) */
  | { kind: 'invalid'; reason: string }
  /** valid, but not something a linear-time engine can run (BW2032) */
  | { kind: 'unsupported'; reason: string; fix: string }

/** RE2's wording of its limits, in the user's terms. */
function unsupportedByRe2(message: string): { reason: string; fix: string } {
  const detail = message.replace(/^error parsing regexp: /, '')
  if (detail.startsWith('invalid repeat count')) {
    return {
      reason: `a repetition count above 1000 (or nested repetitions whose counts multiply past 1000): ${detail}`,
      fix: 'use a smaller count, or bound the length with minLength/maxLength instead',
    }
  }
  if (detail.startsWith('expression too large'))
    return { reason: 'the pattern is too large for the linear-time engine', fix: 'split it, or use fewer and smaller repetitions' }
  return { reason: `the linear-time engine cannot run it: ${detail}`, fix: 'write it without that construct' }
}

function compile(source: string): PatternCompilation {
  try {
    // the native engine only parses here (it never runs the pattern): it is the reference
    // for what is a valid ECMA-262 pattern
    new RegExp(source, 'u')
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { kind: 'invalid', reason: message.replace(/^Invalid regular expression: /, '') }
  }
  const translation = ecmaToRe2(source)
  if (!translation.ok) return { kind: 'unsupported', reason: translation.reason, fix: translation.fix }
  let re2: RE2JS
  try {
    re2 = RE2JS.compile(translation.source)
  } catch (error) {
    return { kind: 'unsupported', ...unsupportedByRe2(error instanceof Error ? error.message : String(error)) }
  }
  const key = `/${source}/u`
  return { kind: 'compiled', pattern: { source, test: (value) => re2.test(value), toString: () => key } }
}

// patterns are few and reused (every value of a schema node, every run): cached by source
const compiled = new Map<string, PatternCompilation>()

/** `source` compiled for the linear-time engine, or why it cannot be. */
export function compilePattern(source: string): PatternCompilation {
  let result = compiled.get(source)
  if (result === undefined) {
    result = compile(source)
    compiled.set(source, result)
  }
  return result
}

/** The pattern, or an error naming why not (for callers that met the check's verdict already). */
function patternOrThrow(source: string): LinearPattern {
  const result = compilePattern(source)
  if (result.kind === 'compiled') return result.pattern
  throw new SyntaxError(`pattern '${source}' cannot be used: ${result.reason}`)
}

/**
 * ajv's `code.regExp` (its RegExpEngine): every `pattern` ajv compiles goes through
 * compilePattern. ajv passes 'u' as the flags (its unicodeRegExp default), which is the
 * only mode botwire runs. `code` would name the engine in ajv's standalone output, which
 * botwire never writes for definition schemas.
 */
export const linearRegExpEngine = Object.assign((source: string, _flags: string): LinearPattern => patternOrThrow(source), {
  code: 'botwireLinearPattern',
})
