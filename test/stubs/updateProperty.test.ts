// Property: over random sequences of definition changes (an action added, renamed or
// removed; an implemented interface action given a new final name), `scaffold --update`
// never loses a line a person wrote, leaves a handler for every action, renames an
// interface action's handler (with its body) instead of leaving it over, and is
// idempotent: a second run changes nothing.
import fc from 'fast-check'
import { beforeAll, expect, it } from 'vitest'
import { buildStub } from '../../src/stubs/buildStub.js'
import { planUpdate } from '../../src/stubs/planUpdate.js'
import { readImplementation } from '../../src/stubs/readImplementation.js'
import type { StubAction, StubPlan } from '../../src/stubs/stubPlan.js'
import { loadTsMorph, memoryProject, type TsMorphModule } from '../../src/stubs/tsMorph.js'

type Step = { kind: 'add'; at: number } | { kind: 'remove'; at: number } | { kind: 'rename'; at: number } | { kind: 'prune' }

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), at: fc.nat(20) }),
  fc.record({ kind: fc.constant('remove' as const), at: fc.nat(20) }),
  fc.record({ kind: fc.constant('rename' as const), at: fc.nat(20) }),
  fc.constant({ kind: 'prune' as const }),
)

let tsMorph: TsMorphModule
beforeAll(async () => {
  tsMorph = await loadTsMorph()
})

function planOf(actions: StubAction[]): StubPlan {
  return { kind: 'integration', name: 'desk', version: '1.0.0', variable: 'desk', actions, messageTypes: [], eventTypes: [], deliveries: [] }
}

/** What a person does with each new stub: writes their own line in place of the TODO. */
function fillIn(text: string, next: () => string): { text: string; written: string[] } {
  const written: string[] = []
  const filled = text.replace(/\/\/ TODO: implement '[^']*'[^\n]*/g, () => {
    const mine = `// mine: ${next()}`
    written.push(mine)
    return mine
  })
  return { text: filled, written }
}

function handlerNames(text: string): string[] {
  const read = readImplementation(tsMorph, memoryProject(tsMorph).createSourceFile('/check.ts', text), 'integration', 'desk', 'check.ts')
  if (!read.ok || read.found.kind !== 'actions') throw new Error(read.ok ? 'not actions' : read.reason)
  return read.found.handlers.map((h) => h.name)
}

it('update never deletes, covers every action, renames interface handlers and is idempotent', () => {
  fc.assert(
    fc.property(fc.array(step, { minLength: 1, maxLength: 6 }), (steps) => {
      let counter = 0
      const fresh = (): string => `a${++counter}`
      let actions: StubAction[] = [
        { name: 'own', describe: 'Own', implements: null },
        { name: 'first', describe: 'First', implements: 'api.first' },
        { name: 'second', describe: 'Second', implements: 'api.second' },
      ]
      const start = fillIn(buildStub(tsMorph, planOf(actions), { generatedImport: './generated/integrations/desk/index.js', label: 'desk.ts' }), fresh)
      let text = start.text
      const written = [...start.written]
      // the manifest's record: each interface action's handler as the last update left it
      const recordOf = (list: StubAction[]) => new Map(list.flatMap((a) => (a.implements === null ? [] : [[a.implements, a.name] as const])))
      let record = recordOf(actions)
      for (const s of steps) {
        const renamedInterface: { from: string; to: string }[] = []
        if (s.kind === 'add')
          actions = [
            ...actions.slice(0, s.at % (actions.length + 1)),
            { name: fresh(), describe: 'New', implements: null },
            ...actions.slice(s.at % (actions.length + 1)),
          ]
        else if (s.kind === 'remove' && actions.length > 0) actions = actions.filter((_, i) => i !== s.at % actions.length)
        else if (s.kind === 'rename' && actions.length > 0) {
          const at = s.at % actions.length
          const old = actions[at]
          if (old) {
            const renamed = { ...old, name: fresh() }
            if (old.implements !== null) renamedInterface.push({ from: old.name, to: renamed.name })
            actions = actions.map((a, i) => (i === at ? renamed : a))
          }
        }
        const prune = s.kind === 'prune'
        const outcome = planUpdate(tsMorph, text, 'desk.ts', planOf(actions), record, prune)
        if (!outcome.ok) throw new Error(outcome.reason)
        const names = handlerNames(outcome.text)
        for (const a of actions) expect(names).toContain(a.name)
        for (const r of renamedInterface) {
          expect(outcome.changes).toContainEqual(expect.objectContaining({ kind: 'renamed', from: r.from, to: r.to }))
          expect(outcome.leftovers.map((l) => l.name)).not.toContain(r.from)
        }
        for (const line of written) expect(outcome.text).toContain(line)
        record = recordOf(actions)
        const again = planUpdate(tsMorph, outcome.text, 'desk.ts', planOf(actions), record, prune)
        expect(again.ok && again.text).toBe(outcome.text)
        expect(again.ok && again.changes).toEqual([])
        const filled = fillIn(outcome.text, fresh)
        text = filled.text
        written.push(...filled.written)
      }
    }),
    { numRuns: 60, seed: 20261126 },
  )
})
