// Rules on strings: `minLength`/`maxLength` no looser than T's; T's `pattern` and
// `format` kept by S (the same string). A different pattern cannot be compared
// (regular expression inclusion is not something to guess at); when S has no
// pattern at all, a few strings S admits are tried against T's pattern to find a
// counterexample, and without one the answer is "cannot decide".
import { compareCounts } from './compareCounts.js'
import { type Comparison, fail, targetLabel } from './context.js'
import { describeValue } from './describe.js'
import { matchesFormat } from './formats.js'
import { compilePattern, type LinearPattern } from './linearPattern.js'
import type { SchemaNode } from './types.js'
import { keywordLocation, locationOf } from './view.js'

const PROBE_CHARACTERS = ['a', 'Z', '0', ' ', '-', '_', '.', '@', '/', 'é']
const MAX_PROBE_LENGTH = 64

export function compareStrings(c: Comparison): void {
  const s = c.s.node
  const t = c.t.node
  const label = targetLabel(c)
  compareCounts(c, 'minLength', 'maxLength')
  if (t.pattern !== undefined && s.pattern !== t.pattern) comparePattern(c, t.pattern, label)
  if (t.format !== undefined && s.format !== t.format) {
    const counterexample = s.format === undefined ? undefined : formatCounterexample(s, s.format, t.format)
    if (counterexample !== undefined) {
      fail(
        c,
        keywordLocation(c.s, 'format'),
        keywordLocation(c.t, 'format'),
        `strings such as ${describeValue(counterexample)} are valid '${s.format}' but not valid '${t.format}' (${label} requires format '${t.format}')`,
      )
    } else if (s.format !== undefined) {
      fail(
        c,
        keywordLocation(c.s, 'format'),
        keywordLocation(c.t, 'format'),
        `cannot tell whether every '${s.format}' string is a valid '${t.format}' (${label} requires format '${t.format}')`,
        true,
      )
    } else {
      fail(c, locationOf(c.s), keywordLocation(c.t, 'format'), `${label} requires format '${t.format}', which is not kept here`)
    }
  }
}

/** A plain value of each format botwire takes: one that S admits and T's format rejects shows S does not keep it. */
const FORMAT_EXAMPLES: Readonly<Record<string, string>> = {
  uri: 'https://example.com/',
  email: 'ada@example.com',
  'date-time': '2024-01-31T12:00:00Z',
  date: '2024-01-31',
  uuid: '123e4567-e89b-12d3-a456-426614174000',
}

/**
 * A string S admits (its format's example, within its lengths and pattern, S not a list of
 * values) that T's format rejects; undefined when there is none to show, and the answer is
 * then "cannot tell".
 */
function formatCounterexample(s: SchemaNode, format: string, targetFormat: string): string | undefined {
  const example = FORMAT_EXAMPLES[format]
  if (example === undefined || s.enum !== undefined || s.const !== undefined) return undefined
  const length = [...example].length
  if (length < (s.minLength ?? 0) || length > (s.maxLength ?? Infinity)) return undefined
  if (s.pattern !== undefined && !safeTest(s.pattern, example)) return undefined
  return matchesFormat(format, example) === true && matchesFormat(targetFormat, example) === false ? example : undefined
}

function safeTest(pattern: string, value: string): boolean {
  const compiled = compilePattern(pattern)
  return compiled.kind === 'compiled' && compiled.pattern.test(value)
}

function comparePattern(c: Comparison, pattern: string, label: string): void {
  const s = c.s.node
  const target = keywordLocation(c.t, 'pattern')
  if (s.pattern !== undefined) {
    fail(
      c,
      keywordLocation(c.s, 'pattern'),
      target,
      `cannot tell whether every string matching pattern '${s.pattern}' also matches ${label}'s pattern '${pattern}'`,
      true,
    )
    return
  }
  const compiled = compilePattern(pattern)
  if (compiled.kind !== 'compiled') {
    const why = compiled.kind === 'invalid' ? 'it is not a valid regular expression' : compiled.reason
    fail(c, locationOf(c.s), target, `cannot compare with ${label}'s pattern '${pattern}': ${why}`, true)
    return
  }
  const re: LinearPattern = compiled.pattern
  if (s.format === undefined) {
    if (s.maxLength === 0 && re.test('')) return // '' is the only string S admits
    const counterexample = probeStrings(s.minLength ?? 0, s.maxLength ?? Infinity).find((probe) => !re.test(probe))
    if (counterexample !== undefined) {
      fail(c, locationOf(c.s), target, `strings such as ${describeValue(counterexample)} are allowed here but do not match ${label}'s pattern '${pattern}'`)
      return
    }
  }
  fail(c, locationOf(c.s), target, `cannot tell whether every string allowed here matches ${label}'s pattern '${pattern}' (no pattern here)`, true)
}

/** A few strings within the length bounds (lengths counted in code points, as ajv does). */
function probeStrings(minLength: number, maxLength: number): string[] {
  const probes: string[] = []
  for (let length = minLength; length <= Math.min(maxLength, minLength + 2, MAX_PROBE_LENGTH); length++) {
    for (const character of PROBE_CHARACTERS) probes.push(character.repeat(length))
  }
  return probes
}
