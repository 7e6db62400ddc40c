// However malformed a definition is, checking it gives diagnostics, never an exception (which
// the CLI would print as an internal error, BW9001). Random definitions of every kind with
// anything where a schema, a node or a keyword's value belongs: `null`, numbers, lists
// where mappings go, mappings where lists go, at any depth, beside well-formed parts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { hasErrors } from '../../src/diagnostics/diagnostic.js'
import { diff } from '../../src/diff/index.js'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { propertyRuns } from '../support/propertyBudget.js'

const scratch = mkdtempSync(join(tmpdir(), 'botwire-malformed-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const KEYWORDS = [
  'type',
  'properties',
  'required',
  'items',
  'anyOf',
  'oneOf',
  'allOf',
  'enum',
  'const',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'additionalProperties',
  '$entity',
  '$ref',
  '$message',
  'default',
  'examples',
  'pattern',
  'format',
  'secret',
  'x-hint',
]

const scalar = fc.constantFrom<unknown>(null, 0, -1, 1.5, true, '', 'x', 'string', 'object', 'text', 'e', 'l.e', '#/$defs/d', '1.0.0', '^1.0.0')

/** Anything: mostly schema-like mappings whose values are themselves anything. */
const anything = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...KEYWORDS), tie('value'), { maxKeys: 4 }),
    fc.record({ properties: fc.dictionary(fc.constantFrom('a', 'b', 'toString'), tie('value'), { maxKeys: 2 }) }),
  ),
})).value

const definition = fc.oneof(
  fc.record({
    kind: fc.constantFrom('interface', 'integration', 'plugin'),
    name: fc.constantFrom('n', 'crm'),
    version: fc.constantFrom('1.0.0', 1, null),
    entities: fc.oneof(anything, fc.record({ e: fc.record({ schema: anything }), d: fc.constant({ schema: { type: 'object' } }) })),
    actions: fc.oneof(anything, fc.record({ a: fc.record({ input: fc.record({ schema: anything }), output: fc.record({ schema: anything }) }) })),
    events: fc.oneof(anything, fc.record({ ev: fc.record({ schema: anything }) })),
    channels: fc.oneof(anything, fc.record({ ch: fc.record({ messages: fc.record({ m: fc.record({ schema: anything }) }) }) })),
    $defs: fc.oneof(anything, fc.record({ d: anything })),
    configuration: fc.oneof(anything, fc.record({ schema: anything })),
    interfaces: fc.oneof(
      anything,
      fc.record({ crm: fc.record({ name: fc.constantFrom('crm', 5), version: anything, entities: anything, actions: anything, events: anything }) }),
    ),
    configurations: fc.oneof(anything, fc.record({ alt: fc.record({ schema: anything }) })),
  }),
  fc.record({
    kind: fc.constant('bot'),
    name: fc.constant('b'),
    integrations: fc.oneof(anything, fc.record({ crm: fc.record({ integration: fc.constantFrom('crm', 5), version: anything, configuration: anything }) })),
    plugins: fc.oneof(
      anything,
      fc.record({ p: fc.record({ plugin: fc.constant('crm'), version: anything, dependencies: anything, configuration: anything }) }),
    ),
    message: fc.oneof(anything, fc.record({ tags: anything })),
  }),
)

describe('malformed definitions', () => {
  it('are reported as diagnostics, never as an exception', () => {
    let run = 0
    fc.assert(
      fc.property(fc.array(definition, { minLength: 1, maxLength: 3 }), (definitions) => {
        const dir = join(scratch, `w${run++}`)
        mkdirSync(dir)
        for (const [i, d] of definitions.entries()) writeFileSync(join(dir, `d${i}.yaml`), JSON.stringify(d))
        const checked = checkWorkspace({ definitionsDir: dir, builtins: true, cwd: dir })
        rmSync(dir, { recursive: true })
        // a run that found nothing wrong would mean the generator makes valid definitions only by chance
        return (
          checked.diagnostics.every((d) => typeof d.code === 'string' && d.code.startsWith('BW')) &&
          (hasErrors(checked.diagnostics) || checked.files.length > 0)
        )
      }),
      { numRuns: propertyRuns(300), seed: 20261126 },
    )
  })

  it('are compared by diff as results and problems, never as an exception', () => {
    let run = 0
    fc.assert(
      fc.property(fc.array(definition, { minLength: 1, maxLength: 2 }), fc.array(definition, { minLength: 1, maxLength: 2 }), (before, after) => {
        const root = join(scratch, `d${run++}`)
        for (const [side, definitions] of [
          ['old', before],
          ['new', after],
        ] as const) {
          mkdirSync(join(root, side), { recursive: true })
          for (const [i, d] of definitions.entries()) writeFileSync(join(root, side, `d${i}.yaml`), JSON.stringify(d))
        }
        const result = diff({ old: join(root, 'old'), new: join(root, 'new'), cwd: root })
        rmSync(root, { recursive: true })
        return Array.isArray(result.definitions)
      }),
      { numRuns: propertyRuns(150), seed: 20261126 },
    )
  })

  it('with a $defs entry that is a list of unions holding nothing', () => {
    // found by this search: a `$defs` entry with `anyOf` a mapping made the reference-cycle walk throw
    const dir = join(scratch, 'defs')
    mkdirSync(dir)
    writeFileSync(
      join(dir, 'i.yaml'),
      'kind: interface\nname: i\nversion: 1.0.0\nentities: {}\nactions: {}\n$defs:\n  d: { anyOf: { $ref: "#/$defs/d" }, oneOf: [null] }\n',
    )
    expect(checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir }).diagnostics.map((d) => d.code)).toEqual(['BW2004', 'BW2004'])
  })
})
