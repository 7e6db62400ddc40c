// Positions of fast-path files come from the block YAML reader (src/load/blockYaml.ts),
// or for texts outside its subset from js-yaml's node events (src/load/nodesFromJsYaml.ts),
// with yaml as the last fallback. Every diagnostic of every invalid fixture, related
// locations and end positions included, must be the same whichever of them gives the
// positions: run each fixture as it is, then with the block reader's trees turned off,
// then with the events reader turned off too.
import { describe, expect, it, vi } from 'vitest'
import type { DiagnosticRecord } from '../../src/diagnostics/record.js'
import { invalidFixtureNames as cases, invalidFixtureOptions } from '../support/invalidFixtures.js'

async function checkAll(): Promise<Map<string, DiagnosticRecord[]>> {
  const { checkWorkspace } = await import('../../src/pipeline/checkWorkspace.js')
  const { toRecord } = await import('../../src/diagnostics/record.js')
  return new Map(
    cases.map((name) => [name, checkWorkspace(invalidFixtureOptions(name)).diagnostics.map(toRecord)]),
  )
}

describe('positions of fast-path files', () => {
  it('are the same from the block reader, from js-yaml events and from yaml, for every diagnostic of every invalid fixture', async () => {
    vi.resetModules()
    let builtByBlockReader = 0
    vi.doMock('../../src/load/blockYaml.js', async (importOriginal) => {
      const original = await importOriginal<typeof import('../../src/load/blockYaml.js')>()
      return {
        ...original,
        blockYamlNodes: (text: string) => {
          const nodes = original.blockYamlNodes(text)
          if (nodes) builtByBlockReader++
          return nodes
        },
      }
    })
    const fromBlockReader = await checkAll()
    vi.resetModules()
    let declinedByBlockReader = 0
    vi.doMock('../../src/load/blockYaml.js', async (importOriginal) => ({
      ...(await importOriginal<typeof import('../../src/load/blockYaml.js')>()),
      blockYamlNodes: () => {
        declinedByBlockReader++
        return null
      },
    }))
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
    vi.doUnmock('../../src/load/blockYaml.js')
    // each reader really ran: most fixtures point into fast-path files
    expect(builtByBlockReader).toBeGreaterThan(50)
    expect(declinedByBlockReader).toBeGreaterThan(50)
    expect(declinedByEvents).toBeGreaterThan(50)
    for (const name of cases) {
      expect(fromBlockReader.get(name), name).toEqual(fromYaml.get(name))
      expect(fromEvents.get(name), name).toEqual(fromYaml.get(name))
    }
  })
})
