// Positions of fast-path files come from js-yaml's node events (src/load/nodesFromJsYaml.ts),
// with yaml as the fallback. Every diagnostic of every invalid fixture, related locations
// and end positions included, must be the same whether its positions come from the events
// or from yaml: run each fixture once as it is, and once with the events reader turned off.
import { describe, expect, it, vi } from 'vitest'
import type { DiagnosticRecord } from '../../src/diagnostics/record.js'
import { invalidFixtureNames as cases, invalidFixtureOptions } from '../support/invalidFixtures.js'

async function checkAll(): Promise<Map<string, DiagnosticRecord[]>> {
  const { checkWorkspace } = await import('../../src/passes.js')
  const { toRecord } = await import('../../src/diagnostics/record.js')
  return new Map(
    cases.map((name) => [name, checkWorkspace(invalidFixtureOptions(name)).diagnostics.map(toRecord)]),
  )
}

describe('positions of fast-path files', () => {
  it('are the same from js-yaml events as from yaml, for every diagnostic of every invalid fixture', async () => {
    vi.resetModules()
    const fromEvents = await checkAll()
    vi.resetModules()
    let declined = 0
    vi.doMock('../../src/load/nodesFromJsYaml.js', () => ({
      nodesFromJsYaml: () => {
        declined++
        return null
      },
    }))
    const fromYaml = await checkAll()
    vi.doUnmock('../../src/load/nodesFromJsYaml.js')
    // the fallback really ran: most fixtures point into fast-path files
    expect(declined).toBeGreaterThan(50)
    for (const name of cases) expect(fromEvents.get(name), name).toEqual(fromYaml.get(name))
  })
})
