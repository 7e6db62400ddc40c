// Positions of fast-path files come from js-yaml's node events (src/load/nodesFromJsYaml.ts),
// with yaml as the fallback where those cannot be trusted. Every diagnostic of every
// invalid fixture, related locations and end positions included, must be the same
// whichever of them gives the positions: run each fixture as it is, then with the
// events reader turned off, so that yaml gives every position.
import { describe, expect, it, vi } from 'vitest'
import type { DiagnosticRecord } from '../../src/diagnostics/record.js'
import { invalidFixtureNames as cases, invalidFixtureOptions } from '../support/invalidFixtures.js'

async function checkAll(): Promise<Map<string, DiagnosticRecord[]>> {
  const { checkWorkspace } = await import('../../src/pipeline/checkWorkspace.js')
  const { toRecord } = await import('../../src/diagnostics/record.js')
  return new Map(cases.map((name) => [name, checkWorkspace(invalidFixtureOptions(name)).diagnostics.map(toRecord)]))
}

describe('positions of fast-path files', () => {
  it('are the same from js-yaml events and from yaml, for every diagnostic of every invalid fixture', async () => {
    vi.resetModules()
    let builtFromEvents = 0
    vi.doMock('../../src/load/nodesFromJsYaml.js', async (importOriginal) => {
      const original = await importOriginal<typeof import('../../src/load/nodesFromJsYaml.js')>()
      return {
        ...original,
        nodesFromJsYaml: (text: string) => {
          const nodes = original.nodesFromJsYaml(text)
          if (nodes) builtFromEvents++
          return nodes
        },
      }
    })
    const fromEvents = await checkAll()
    vi.resetModules()
    let declinedByEvents = 0
    vi.doMock('../../src/load/nodesFromJsYaml.js', () => ({
      nodesFromJsYaml: () => {
        declinedByEvents++
        return null
      },
    }))
    const fromYaml = await checkAll()
    vi.doUnmock('../../src/load/nodesFromJsYaml.js')
    // each reader really ran: most fixtures point into fast-path files
    expect(builtFromEvents).toBeGreaterThan(50)
    expect(declinedByEvents).toBeGreaterThan(50)
    for (const name of cases) expect(fromEvents.get(name), name).toEqual(fromYaml.get(name))
  })
})
