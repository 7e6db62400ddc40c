// Implementation files before and after `scaffold --update` (test/fixtures/stubs/):
// each before.ts was written against an older desk or chat integration (or front bot) and is
// updated to test/fixtures/stubs/definitions; after.ts and report.txt are goldens
// (UPDATE_GOLDEN=1 rewrites them), expected.txt the refusal of a file that is no
// implementation. Every after.ts type-checks against the generated code once the handlers
// the update reports as left over are pruned (before, tsc names them: excess properties).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { generateWorkspace } from '../../src/pipeline/generateWorkspace.js'
import { newestDefinition } from '../../src/stubs/implementationFile.js'
import { planUpdate, type UpdateOutcome } from '../../src/stubs/planUpdate.js'
import { type StubPlan, stubPlan } from '../../src/stubs/stubPlan.js'
import { loadTsMorph, type TsMorphModule } from '../../src/stubs/tsMorph.js'
import { writeOutput } from '../../src/write/writeOutput.js'
import { repoRoot, tempDir } from '../support/cli.js'
import { compileStubs } from '../support/compileStubs.js'

const fixtures = join(repoRoot, 'test', 'fixtures', 'stubs')
const definitionsDir = join(fixtures, 'definitions')
const cases = readdirSync(join(fixtures, 'implementations')).sort()
const update = process.env.UPDATE_GOLDEN === '1'

let tsMorph: TsMorphModule
const plans = new Map<string, StubPlan>()
const outcomes = new Map<string, UpdateOutcome>()
let compiled = new Map<string, string[]>()
const project = tempDir('botwire-stub-goldens-')

function report(outcome: Extract<UpdateOutcome, { ok: true }>): string {
  const lines = outcome.changes.map((c) =>
    c.kind === 'added'
      ? `added ${c.action} at line ${c.line}`
      : c.kind === 'renamed'
        ? `renamed ${c.from} to ${c.to} at line ${c.line}`
        : `pruned ${c.name} at line ${c.line}`,
  )
  for (const l of outcome.leftovers) lines.push(`left over ${l.name} at line ${l.line}${l.pairedWith === null ? '' : `, paired with ${l.pairedWith}`}`)
  return `${lines.join('\n')}\n`
}

/** The plan a case is updated to: front's for `bot-*`, chat's for `chat-*`, desk's for the rest. */
function planOf(name: string): StubPlan | undefined {
  return plans.get(name.startsWith('bot') ? 'front' : name.startsWith('chat') ? 'chat' : 'desk')
}

function golden(path: string, actual: string): void {
  if (update || !existsSync(path)) writeFileSync(path, actual)
  expect(actual).toBe(readFileSync(path, 'utf8'))
}

beforeAll(async () => {
  tsMorph = await loadTsMorph()
  const generated = generateWorkspace({ definitionsDir, builtins: false, cache: false, outDir: join(project, 'generated') })
  expect(generated.diagnostics).toEqual([])
  writeOutput(generated.outDir, generated.files)
  const model = checkWorkspace({ definitionsDir, builtins: false, cache: false }).model
  for (const [kind, name] of [
    ['integration', 'desk'],
    ['integration', 'chat'],
    ['bot', 'front'],
  ] as const) {
    const definition = newestDefinition(model, kind, name)
    if (!definition) throw new Error(`no ${kind} ${name} in the fixture definitions`)
    plans.set(name, stubPlan(definition, model))
  }
  const files: string[] = []
  for (const name of cases) {
    const before = readFileSync(join(fixtures, 'implementations', name, 'before.ts'), 'utf8')
    const plan = planOf(name)
    if (!plan) throw new Error('no plan')
    const outcome = planUpdate(tsMorph, before, `src/${plan.name}.ts`, plan, new Map(), name.endsWith('-prune'))
    outcomes.set(name, outcome)
    if (!outcome.ok) continue
    mkdirSync(join(project, name))
    writeFileSync(join(project, name, `${plan.name}.ts`), outcome.text)
    files.push(join(project, name, `${plan.name}.ts`))
    if (outcome.leftovers.length === 0) continue
    const pruned = planUpdate(tsMorph, outcome.text, `src/${plan.name}.ts`, plan, new Map(), true)
    if (!pruned.ok) throw new Error(pruned.reason)
    mkdirSync(join(project, `${name}-pruned`))
    writeFileSync(join(project, `${name}-pruned`, `${plan.name}.ts`), pruned.text)
    files.push(join(project, `${name}-pruned`, `${plan.name}.ts`))
  }
  writeFileSync(join(project, 'package.json'), '{ "type": "module" }\n')
  compiled = compileStubs(files)
})

describe.each(cases)('%s', (name) => {
  const folder = join(fixtures, 'implementations', name)

  it('is updated to its golden, and a second update changes nothing', () => {
    const outcome = outcomes.get(name)
    if (!outcome?.ok) return
    golden(join(folder, 'after.ts'), outcome.text)
    golden(join(folder, 'report.txt'), report(outcome))
    const plan = planOf(name)
    if (!plan) throw new Error('no plan')
    const again = planUpdate(tsMorph, outcome.text, 'src/again.ts', plan, new Map(), name.endsWith('-prune'))
    expect(again.ok && again.text).toBe(outcome.text)
    expect(again.ok && again.changes).toEqual([])
  })

  it('only adds to what it was given: the file before (its renamed keys renamed) is a subsequence of the file after', () => {
    const outcome = outcomes.get(name)
    if (!outcome?.ok) return
    let before = readFileSync(join(folder, 'before.ts'), 'utf8')
    for (const c of outcome.changes) if (c.kind === 'renamed') before = before.replace(new RegExp(`(?<![\\w$.])${c.from}(?=['"]?\\s*[:(])`), c.to)
    let at = 0
    for (const char of before) {
      at = outcome.text.indexOf(char, at) + 1
      expect(at, `lost at: ${before.slice(before.indexOf(char) - 20, before.indexOf(char) + 20)}`).toBeGreaterThan(0)
    }
  })

  it('type-checks against the generated code; tsc names each handler left over, and with them pruned, nothing', () => {
    const outcome = outcomes.get(name)
    if (!outcome?.ok) return
    const plan = planOf(name)
    const messages = compiled.get(join(project, name, `${plan?.name}.ts`)) ?? ['not compiled']
    if (outcome.leftovers.length === 0) expect(messages).toEqual([])
    for (const leftover of outcome.leftovers)
      expect(
        messages.some((m) => m.includes(`'${leftover.name}'`)),
        messages.join('\n'),
      ).toBe(true)
    if (outcome.leftovers.length > 0) expect(compiled.get(join(project, `${name}-pruned`, `${plan?.name}.ts`))).toEqual([])
  })

  it('is refused only when it has an expected.txt, with the message it holds', () => {
    const outcome = outcomes.get(name)
    const expected = join(folder, 'expected.txt')
    expect(outcome?.ok).toBe(!existsSync(expected))
    if (outcome?.ok === false) expect(`${outcome.reason}\n`).toBe(readFileSync(expected, 'utf8'))
  })
})
