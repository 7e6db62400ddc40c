// The check registry: each check says which codes it reports, and checks definitions one
// at a time, so that checking any subset of a model gives exactly the diagnostics a whole
// run gives for that subset (what an incremental engine relies on).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CHECKS, runChecks } from '../../src/check/registry.js'
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js'
import { toRecord } from '../../src/diagnostics/record.js'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { repoRoot } from '../pipeline/validFixtures.js'
import { invalidFixtureNames, invalidFixtureOptions } from '../support/invalidFixtures.js'

const key = (d: Diagnostic): string => JSON.stringify(toRecord(d))

describe('the check registry', () => {
  it.each(CHECKS.map((c) => [c.name, c] as const))('%s declares exactly the codes its file reports', (name, check) => {
    const file = join(repoRoot, 'src', 'check', `${name[0]?.toLowerCase()}${name.slice(1)}.ts`)
    const used = [...new Set(readFileSync(file, 'utf8').match(/'BW\d{4}'/g) ?? [])].map((c) => c.slice(1, -1)).sort()
    expect([...check.codes].sort()).toEqual(used)
  })

  it('names each check once', () => {
    expect(new Set(CHECKS.map((c) => c.name)).size).toBe(CHECKS.length)
  })

  it('checks one definition at a time, with the codes it declares: the runs over each definition add up to the whole run, on every invalid fixture', () => {
    let compared = 0
    for (const name of invalidFixtureNames) {
      const { model } = checkWorkspace(invalidFixtureOptions(name))
      const whole = runChecks(model)
      const piecewise = [...model.definitions.values()].flatMap((definition) => runChecks(model, { subjects: [definition] }))
      expect(piecewise.map(key).sort(), name).toEqual(whole.map(key).sort())
      for (const check of CHECKS) {
        for (const d of runChecks(model, { checks: [check] })) expect(check.codes, `${name}: ${check.name}`).toContain(d.code)
      }
      compared += whole.length
    }
    // the fixtures hold semantic errors: the comparison is not between two empty lists
    expect(compared).toBeGreaterThan(30)
  })

  it('hands each check’s run to the observer, in order, and the diagnostics are the same as without one', () => {
    const { model } = checkWorkspace(invalidFixtureOptions('BW4010-two-versions-in-one-bot'))
    const seen: string[] = []
    const observed = runChecks(model, {
      observe: (check, run) => {
        seen.push(check.name)
        run()
      },
    })
    expect(seen).toEqual(CHECKS.map((c) => c.name))
    expect(observed.map(key)).toEqual(runChecks(model).map(key))
    expect(observed.map((d) => d.code)).toEqual(['BW4010'])
  })
})
