// Schema sanity in time near-linear in the schema (issue #32): the walk, the `required`
// check, the `allOf` analyses and the repeated-enum check each once compared or copied
// everything with everything. Each case is a one-file workspace whose size doubles from n
// to 2n; its CPU time must grow near twofold (test/support/growth.ts), not fourfold.
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { generateWorkspace } from '../../src/pipeline/generateWorkspace.js'
import { tempDir, writeFiles } from '../support/cli.js'
import { cpuGrowth, expectNearLinear } from '../support/growth.js'

const root = tempDir('botwire-sanity-growth-')
afterAll(() => rmSync(root, { recursive: true, force: true }))

let count = 0
/** The check of an interface whose one entity `e` has this schema, ready to run (the file written now, not measured). */
function checkOf(schema: unknown): () => string[] {
  const dir = join(root, `case-${count++}`)
  writeFiles(dir, { 'i.yaml': `kind: interface\nname: i\nversion: 1.0.0\nentities:\n  e:\n    schema: ${JSON.stringify(schema)}\nactions: {}\n` })
  return () => checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir }).diagnostics.map((d) => d.code)
}

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i)

/** Asserts that checking grows near-linearly from n to 2n (test/support/growth.ts). */
async function expectLinearCheck(prepare: (n: number) => () => unknown, n: number): Promise<void> {
  expectNearLinear(await cpuGrowth(prepare, n))
}

/** `n` allOf branches, each declaring and requiring a property of its own. */
function manyBranches(n: number): unknown {
  return { type: 'object', allOf: range(n).map((i) => ({ type: 'object', properties: { [`p${i}`]: { type: 'string' } }, required: [`p${i}`] })) }
}

describe('schema sanity is near-linear in the schema', () => {
  it('over many allOf branches (each branch was given a copy of all the others)', async () => {
    expect(checkOf(manyBranches(3))()).toEqual([])
    await expectLinearCheck((n) => checkOf(manyBranches(n)), 2000)
  })

  it('over many allOf branches requiring what no part declares, the first ones with a suggestion', async () => {
    const schema = { type: 'object', allOf: range(2000).map((i) => ({ type: 'object', properties: { [`p${i}`]: { type: 'string' } }, required: [`q${i}`] })) }
    const codes = checkOf(schema)()
    expect(codes.filter((c) => c === 'BW2013')).toHaveLength(50)
    await expectLinearCheck(
      (n) => checkOf({ type: 'object', allOf: range(n).map((i) => ({ type: 'object', properties: { [`p${i}`]: { type: 'string' } }, required: [`q${i}`] })) }),
      1000,
    )
  })

  it('with many required names that no property declares (the known names were gathered again for each)', async () => {
    const schema = (n: number) => ({
      type: 'object',
      properties: Object.fromEntries(range(n).map((i) => [`declared${i}`, { type: 'string' }])),
      required: range(n).map((i) => `undeclared${i}`),
    })
    expect(checkOf(schema(2))()).toEqual(['BW2013', 'BW2013'])
    await expectLinearCheck((n) => checkOf(schema(n)), 1000)
  })

  it('with 4000 properties and 4000 undeclared required names, finishes', () => {
    const schema = {
      type: 'object',
      properties: Object.fromEntries(range(4000).map((i) => [`declared${i}`, { type: 'string' }])),
      required: range(4000).map((i) => `undeclared${i}`),
    }
    const codes = checkOf(schema)()
    expect(codes.filter((c) => c === 'BW2013')).toHaveLength(50)
    expect(codes.at(-1)).toBe('BW1010')
  })

  it('over many allOf parts with defaults (every part was asked of every property)', async () => {
    const schema = (n: number) => ({
      type: 'object',
      allOf: range(n).map((i) => ({ type: 'object', properties: { [`p${i}`]: { type: 'string', default: 'x' } } })),
    })
    expect(checkOf(schema(3))()).toEqual([])
    await expectLinearCheck((n) => checkOf(schema(n)), 2000)
  })

  it('over many closed allOf parts (every closed part was compared with every part)', async () => {
    const schema = (n: number) => ({
      type: 'object',
      allOf: range(n).map((i) => ({ type: 'object', additionalProperties: false, properties: { [`p${i}`]: { type: 'string' } } })),
    })
    expect(checkOf(schema(2))()).toEqual(['BW2026', 'BW2026'])
    await expectLinearCheck((n) => checkOf(schema(n)), 1000)
  })

  it('with many object values in an enum (they were compared pairwise)', async () => {
    const schema = (n: number) => ({ type: 'object', enum: range(n).map((i) => ({ k: i, l: `v${i}` })) })
    expect(checkOf({ type: 'object', enum: [{ a: 1, b: 2 }, { b: 2, a: 1 }, { a: [1] }, { a: ['1'] }] })()).toEqual(['BW2008'])
    await expectLinearCheck((n) => checkOf(schema(n)), 2000)
  })

  it('over allOf parts with large enums (each part enum was intersected pairwise with the values so far)', async () => {
    const schema = (n: number) => ({ allOf: [{ enum: range(n).map((i) => `v${i}`) }, { enum: range(n).map((i) => `v${n - 1 - i}`) }, { type: 'string' }] })
    expect(checkOf({ allOf: [{ enum: ['a', 'b'] }, { enum: ['c'] }] })()).toEqual(['BW2025'])
    await expectLinearCheck((n) => checkOf(schema(n)), 4000)
  })

  /** `n` allOf parts declaring the same property `p`, differently, each with a default. */
  const samePropertyDefaults = (n: number) => ({
    type: 'object',
    allOf: range(n).map((i) => ({ type: 'object', properties: { p: { type: 'string', minLength: i % 3, default: `value ${i}` } } })),
  })

  it('over many allOf parts declaring the same property with defaults (each default was checked against every other part)', async () => {
    expect(checkOf(samePropertyDefaults(3))()).toEqual([])
    await expectLinearCheck((n) => checkOf(samePropertyDefaults(n)), 500)
  })

  it('with 10,000 allOf parts declaring the same property finishes (the merge nested an allOf per part: a stack overflow)', () => {
    expect(checkOf(samePropertyDefaults(10_000))()).toEqual([])
  })

  it('checks the default the runtime fills in against the other parts: the first one', () => {
    const parts = [
      { properties: { n: { type: 'integer', default: 1 } } },
      { properties: { n: { type: 'integer', minimum: 5, default: 7 } } },
      { properties: { n: { type: 'integer', maximum: 6 } } },
    ]
    expect(checkOf({ type: 'object', allOf: parts })()).toEqual(['BW2016'])
  })
})

/** An interface whose entity is the head of a chain of `n` `$defs` entries, each referencing the next. */
function refChain(n: number): unknown {
  return Object.fromEntries(range(n).map((i) => [`d${i}`, i === n - 1 ? { type: 'object' } : { $ref: `#/$defs/d${i + 1}` }]))
}

describe('a chain of $refs', () => {
  it.each([2000, 10_000])('of %i $defs entries is one BW2033 at the 33rd entry, not a stack overflow (BW9001)', (n) => {
    const dir = join(root, `chain-${n}`)
    writeFiles(dir, {
      'i.yaml': `kind: interface\nname: i\nversion: 1.0.0\n$defs: ${JSON.stringify(refChain(n))}\nentities:\n  e: { schema: { $ref: '#/$defs/d0' } }\nactions: {}\n`,
    })
    const { diagnostics } = checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir })
    expect(diagnostics.map((d) => `${d.code} ${d.path}`)).toEqual(['BW2033 /$defs/d31/$ref'])
  })

  // from an action's input: an entity at its head would be a 33rd member of the chain (BW2030)
  it('of 32 entries, the most botwire follows, passes', () => {
    const dir = join(root, 'chain-32')
    writeFiles(dir, {
      'i.yaml': `kind: interface\nname: i\nversion: 1.0.0\n$defs: ${JSON.stringify(refChain(32))}\nentities: {}\nactions:\n  a: { input: { schema: { $ref: '#/$defs/d0' } }, output: { schema: { type: object } } }\n`,
    })
    expect(checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir }).diagnostics).toEqual([])
  })

  it('of 32 entries under an entity is one BW2030: the entity is the 33rd member of the chain', () => {
    const dir = join(root, 'chain-32-entity')
    writeFiles(dir, {
      'i.yaml': `kind: interface\nname: i\nversion: 1.0.0\n$defs: ${JSON.stringify(refChain(32))}\nentities:\n  e: { schema: { $ref: '#/$defs/d0' } }\nactions: {}\n`,
    })
    expect(checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir }).diagnostics.map((d) => `${d.code} ${d.path}`)).toEqual([
      'BW2030 /entities/e/schema/$ref',
    ])
  })
})

/** An interface of `n` entities, each referencing the next: directly, or through a property. */
function entityChain(n: number, through: 'directly' | 'through a property'): string {
  const entities = range(n).map((i) => {
    const next = i === n - 1 ? { type: 'string' } : { $entity: `e${i + 1}` }
    const schema = through === 'directly' ? (i === n - 1 ? { type: 'object' } : next) : { type: 'object', properties: { next } }
    return `  e${i}: { schema: ${JSON.stringify(schema)} }\n`
  })
  return `kind: interface\nname: i\nversion: 1.0.0\nentities:\n${entities.join('')}actions: {}\n`
}

describe('a chain of $entity references (docs/diagnostics.md#bw2030-entity-chain-too-long)', () => {
  it.each([
    [20_000, 'directly'],
    [10_000, 'through a property'],
  ] as const)('of %i entities referencing the next %s is one BW2030 at the 33rd, not a stack overflow (BW9001); nothing is generated', (n, through) => {
    const dir = join(root, `entities-${n}-${through.length}`)
    writeFiles(dir, { 'i.yaml': entityChain(n, through) })
    const { diagnostics } = checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir })
    const at = through === 'directly' ? '/entities/e31/schema/$entity' : '/entities/e31/schema/properties/next/$entity'
    expect(diagnostics.map((d) => `${d.code} ${d.path}`)).toEqual([`BW2030 ${at}`])
    const generated = generateWorkspace({ definitionsDir: dir, builtins: false, cwd: dir, outDir: join(root, `out-${n}`) })
    expect(generated.diagnostics.map((d) => d.code)).toEqual(['BW2030'])
    expect(existsSync(join(root, `out-${n}`))).toBe(false)
  })

  it('of 32 entities, the most botwire follows, passes, and a recursive entity is no chain', () => {
    const dir = join(root, 'entities-32')
    const tree = '  tree: { schema: { type: object, properties: { children: { type: array, items: { $entity: tree } }, up: { $entity: e20 } } } }\n'
    writeFiles(dir, { 'i.yaml': entityChain(32, 'through a property').replace('actions: {}', `${tree}actions: {}`) })
    expect(checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir }).diagnostics).toEqual([])
  })
})
