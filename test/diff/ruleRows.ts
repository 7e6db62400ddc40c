// The diff rules' table rows and how one is checked (rules.test.ts, rulesOfImplementations.test.ts): a
// fixture pair test/fixtures/diff/<case>/{old,new}/ compared both ways, with the exact level
// each direction needs and the change that explains it.
import { describe, expect, it } from 'vitest'
import type { ChangeLevel, Level } from '../../src/diff/types.js'
import { diffCase, resultFor } from './support.js'

export interface Expect {
  level: Level
  /** a fragment of the message of a change at that level */
  says?: string
  /** the JSON path of that change */
  path?: string
  undecidable?: boolean
}

export interface Row {
  case: string
  subject: [kind: string, name: string]
  rule: string
  forward: Expect
  reverse: Expect
}

export const demo: [string, string] = ['interface', 'demo']
export const acme: [string, string] = ['integration', 'acme']
export const helper: [string, string] = ['plugin', 'helper']
export const ghostly: [string, string] = ['plugin', 'ghostly']

export function expectRow(row: Row, direction: 'forward' | 'reverse'): void {
  const expected = row[direction]
  const result = resultFor(diffCase(row.case, direction), ...row.subject)
  expect(result.level).toBe(expected.level)
  // every fixture is at 1.0.0 or above: the required bump is the level itself
  expect(result.required).toBe(expected.level)
  if (expected.level === 'none') {
    expect(result.status).toBe('unchanged')
    expect(result.changes).toEqual([])
    return
  }
  const atLevel = result.changes.filter((c) => c.level === (expected.level as ChangeLevel))
  const change = atLevel.find((c) => expected.says === undefined || c.message.includes(expected.says))
  expect(change, `a ${expected.level} change saying "${expected.says ?? ''}" in ${JSON.stringify(result.changes, null, 2)}`).toBeDefined()
  if (!change) return
  if (expected.path !== undefined) expect(change.path).toBe(expected.path)
  if (expected.undecidable) expect(change.undecidable).toBe(true)
  expect(change.line).toBeGreaterThan(0)
  expect(change.column).toBeGreaterThan(0)
  expect(change.file).toMatch(new RegExp(`^${row.case}/(old|new)/[a-z0-9.-]+\\.yaml$`))
  if (direction === 'forward') {
    // the forward fixture bumps exactly what is needed
    expect(result.ok, result.problem).toBe(true)
    expect(result.declared).toBe(expected.level)
  }
}

/** The two tests of each row: forward and reverse. */
export function describeRows(rows: readonly Row[]): void {
  for (const row of rows) {
    describe(`${row.case}: ${row.rule}`, () => {
      it(`forward is ${row.forward.level}`, () => expectRow(row, 'forward'))
      it(`reverse is ${row.reverse.level}`, () => expectRow(row, 'reverse'))
    })
  }
}
