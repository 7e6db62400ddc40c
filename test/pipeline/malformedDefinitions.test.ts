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
import { malformedDefinition } from '../support/malformedDefinitions.js'
import { propertyRuns } from '../support/propertyBudget.js'

const scratch = mkdtempSync(join(tmpdir(), 'botwire-malformed-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('malformed definitions', () => {
  it('are reported as diagnostics, never as an exception', () => {
    let run = 0
    fc.assert(
      fc.property(fc.array(malformedDefinition, { minLength: 1, maxLength: 3 }), (definitions) => {
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
      fc.property(
        fc.array(malformedDefinition, { minLength: 1, maxLength: 2 }),
        fc.array(malformedDefinition, { minLength: 1, maxLength: 2 }),
        (before, after) => {
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
        },
      ),
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
