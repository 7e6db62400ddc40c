// Rules on listed values. S with `enum`/`const` admits exactly those values (the ones
// its own schema accepts), so each is tested against the whole of T, which covers
// T's types, bounds, pattern, format, unions and entities at once. T with
// `enum`/`const` needs S to admit only a few values, each of them listed by T.
import { admitsValue } from './admitsValue.js'
import { type Comparison, fail, targetLabel } from './context.js'
import { describeValue, describeValues } from './describe.js'
import type { SchemaLocation } from './extensionTypes.js'
import { finiteValues } from './finiteValues.js'
import { ALL_KINDS, declaredKinds, describeKinds } from './kinds.js'
import type { JsonValue } from './types.js'
import { keywordLocation, locationOf } from './view.js'

/** S lists its values: each one S admits must be admitted by T. */
export function compareSubjectValues(c: Comparison): void {
  const node = c.s.node
  const entries: { value: JsonValue; at: SchemaLocation }[] =
    node.const !== undefined
      ? [{ value: node.const, at: keywordLocation(c.s, 'const') }]
      : (node.enum ?? []).map((value, i) => ({ value, at: keywordLocation(c.s, 'enum', i) }))
  for (const { value, at } of entries) testValue(c, value, at, 'listed')
}

/** T lists its values and S does not: S must admit only a few values, each listed by T. */
export function compareTargetValues(c: Comparison): void {
  const kinds = declaredKinds(c.s.node) ?? ALL_KINDS
  const values = finiteValues(c.s.node, kinds)
  if (values === undefined) {
    const listed = c.t.node.const !== undefined ? [c.t.node.const] : (c.t.node.enum ?? [])
    const keyword = c.t.node.const !== undefined ? 'const' : 'enum'
    fail(
      c,
      locationOf(c.s),
      keywordLocation(c.t, keyword),
      `${kinds.size === ALL_KINDS.size ? 'any value' : `any ${describeKinds(kinds)}`} is allowed here, but ${targetLabel(c)} allows only ${describeValues(listed)}`,
    )
    return
  }
  for (const value of values) testValue(c, value, locationOf(c.s), 'implied')
}

function testValue(c: Comparison, value: JsonValue, at: SchemaLocation, how: 'listed' | 'implied'): void {
  if (admitsValue(value, c.s, c.ctx.subject.side.resolveEntity).verdict === 'no') return // S itself rejects it
  const result = admitsValue(value, c.t, c.ctx.target.side.resolveEntity)
  if (result.verdict === 'yes') return
  const label = c.ctx.target.side.label(result.at.entity)
  const shown = how === 'listed' ? describeValue(value) : `${describeValue(value)} (allowed here)`
  if (result.verdict === 'no') fail(c, at, result.at, `${shown} is not allowed by ${label} (${result.reason})`)
  else fail(c, at, result.at, `cannot tell whether ${shown} is allowed by ${label}: ${result.reason}`, true)
}
