// `scaffold --update` of an integration that has declared an identifier since its file was
// scaffolded (docs/deploying.md#identifier-routing): the generated options then require an
// `identify`, which the update adds at the end of the options as `scaffold` writes it, in
// one edit with a `channels` the file lacks too; a file that has one is left as it is.
import { beforeAll, describe, expect, it } from 'vitest'
import { buildStub } from '../../src/stubs/buildStub.js'
import { planUpdate } from '../../src/stubs/planUpdate.js'
import { readImplementation } from '../../src/stubs/readImplementation.js'
import type { StubPlan } from '../../src/stubs/stubPlan.js'
import { loadTsMorph, memoryProject, type TsMorphModule } from '../../src/stubs/tsMorph.js'

let tsMorph: TsMorphModule
beforeAll(async () => {
  tsMorph = await loadTsMorph()
})

const actions = [{ name: 'post', describe: 'Post', implements: null }]
const generatedImport = './generated/integrations/desk/index.js'

function plan(extra: Partial<StubPlan> = {}): StubPlan {
  return { kind: 'integration', name: 'desk', version: '1.0.0', variable: 'desk', actions, messageTypes: [], eventTypes: [], deliveries: [], ...extra }
}

/** The members of the options object given to the class, by name. */
function optionNames(text: string): string[] {
  const read = readImplementation(tsMorph, memoryProject(tsMorph).createSourceFile('/read.ts', text), 'integration', 'desk', 'desk.ts')
  if (!read.ok || read.found.kind !== 'actions') throw new Error(read.ok ? 'not an implementation' : read.reason)
  return read.found.options.members.map((m) => m.name)
}

function update(text: string, to: StubPlan): { text: string; changes: unknown[] } {
  const outcome = planUpdate(tsMorph, text, 'desk.ts', to, new Map(), false)
  if (!outcome.ok) throw new Error(outcome.reason)
  return outcome
}

describe('scaffold --update and an identifier declared since the file was written', () => {
  it('adds identify at the end of the options, as scaffold writes it, then has nothing to do', () => {
    const before = buildStub(tsMorph, plan(), { generatedImport, label: 'desk.ts' })
    const withIdentifier = plan({ identifier: 'teamId' })
    const updated = update(before, withIdentifier)
    expect(optionNames(updated.text)).toEqual(['actions', 'identify'])
    // the same text as a file scaffolded with the identifier
    expect(updated.text).toBe(buildStub(tsMorph, withIdentifier, { generatedImport, label: 'desk.ts' }))
    const line = updated.text.split('\n').indexOf('  identify: async ({ req }) => {') + 1
    expect(updated.changes).toEqual([{ kind: 'added', action: 'identify', line }])
    expect(line).toBeGreaterThan(0)
    expect(update(updated.text, withIdentifier).changes).toEqual([])
  })

  it('adds it with the channels the file lacks, in one edit: each member once, comma-separated', () => {
    const before = buildStub(tsMorph, plan(), { generatedImport, label: 'desk.ts' })
    const after = plan({ identifier: 'teamId', deliveries: [{ channel: 'thread', types: ['text'] }] })
    const updated = update(before, after)
    expect(optionNames(updated.text)).toEqual(['actions', 'channels', 'identify'])
    expect(updated.text).toBe(buildStub(tsMorph, after, { generatedImport, label: 'desk.ts' }))
    const lineOf = (start: string) => updated.text.split('\n').findIndex((line) => line.trimStart().startsWith(start)) + 1
    expect(updated.changes).toEqual([
      { kind: 'added', action: 'channels.thread.messages.text', line: lineOf('text: async') },
      { kind: 'added', action: 'identify', line: lineOf('identify: async') },
    ])
  })

  it('leaves an identify the file has, however it is written', () => {
    const before = buildStub(tsMorph, plan(), { generatedImport, label: 'desk.ts' }).replace(
      'actions: {',
      'identify: (args) => readTeam(args.req),\n  actions: {',
    )
    const updated = update(before, plan({ identifier: 'teamId' }))
    expect(updated.text).toBe(before)
    expect(updated.changes).toEqual([])
  })
})
