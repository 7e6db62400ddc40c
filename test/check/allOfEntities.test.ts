// allOf branches that are entities (src/check/allOfEntities.ts) in a plugin: `LOCAL.ENTITY`
// is read through the interface version the plugin compiles against, the entity's own
// references (its entities, its `$defs`) bound in that interface.
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { pluginSchemas } from '../../src/check/pluginSchemas.js'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { tempDir, writeFiles } from '../support/cli.js'

const root = tempDir('botwire-allof-entities-')
afterAll(() => rmSync(root, { recursive: true, force: true }))

let count = 0
function checked(files: Record<string, string>) {
  const dir = join(root, String(count++))
  writeFiles(dir, files)
  return checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir })
}

const check = (files: Record<string, string>) => checked(files).diagnostics

const TICKETING = `kind: interface
name: ticketing
version: 1.0.0
$defs:
  note: { type: object, properties: { text: { type: string } }, additionalProperties: false }
entities:
  ticket:
    schema:
      type: object
      properties:
        id: { type: string }
        parent: { $entity: ticket }
        note: { $ref: '#/$defs/note' }
      required: [id]
      additionalProperties: false
actions:
  getTicket:
    input: { schema: { type: object, properties: { id: { type: string } }, required: [id] } }
    output: { schema: { type: object, properties: { ticket: { $entity: ticket } }, required: [ticket] } }
`

const plugin = (input: string): string => `kind: plugin
name: triage
version: 1.0.0
$defs:
  note: { type: string }
interfaces:
  desk: { name: ticketing, version: ^1.0.0 }
  other: { name: ticketing, version: ^1.0.0 }
actions:
  act:
    input:
      schema:
${input}
    output: { schema: { type: object, properties: { note: { $ref: '#/$defs/note' } } } }
`

describe('AllOfEntities in a plugin', () => {
  it("points a closed entity's related location into the interface that declares it", () => {
    const diagnostics = check({
      'ticketing.yaml': TICKETING,
      'triage.yaml': plugin(`        allOf:
          - { $entity: desk.ticket }
          - { type: object, properties: { prio: { type: integer } }, required: [prio] }`),
    })
    expect(diagnostics.map((d) => [d.code, d.range?.file.displayPath, d.path])).toEqual([
      ['BW4022', 'triage.yaml', '/actions/act/input/schema/allOf/1/properties/prio'],
    ])
    expect(diagnostics[0]?.message).toContain('it is required, so no value fits this schema')
    const related = diagnostics[0]?.related[0]?.range
    expect(related?.file.displayPath).toBe('ticketing.yaml')
    expect(related?.file.text.slice(related.start, related.end)).toBe('false')
  })

  it("reads the entity's own references in its interface, not in the plugin (its $defs, recursion)", () => {
    // the interface's note is an object, the plugin's a string: an allOf of the entity's
    // parent note with an object admits values (read in the plugin, it would admit none)
    const fits = check({
      'ticketing.yaml': TICKETING,
      'triage.yaml': plugin(`        type: object
        properties:
          t:
            allOf:
              - { $entity: desk.ticket }
              - { $entity: other.ticket }
              - { type: object, properties: { parent: { type: object, properties: { note: { type: object } } } } }`),
    })
    expect(fits).toEqual([])
    const { model } = checked({ 'ticketing.yaml': TICKETING, 'triage.yaml': plugin('        type: object') })
    const triage = [...model.definitions.values()].find((d) => d.kind === 'plugin')
    if (triage?.kind !== 'plugin') throw new Error('no plugin')
    const schemas = pluginSchemas(model, triage)
    // one namespace: the interface's entity under the plugin's local name, its $defs beside it
    expect(schemas.own({ allOf: [{ $entity: 'other.ticket' }, { $ref: '#/$defs/note' }] })).toEqual({
      allOf: [{ $entity: 'desk.ticket' }, { $entity: '#/$defs/note' }],
    })
    expect(schemas.resolve('desk.ticket')?.properties).toEqual({
      id: { type: 'string' },
      parent: { $entity: 'desk.ticket' },
      note: { $entity: 'desk.$defs.note' },
    })
    expect(schemas.resolve('desk.$defs.note')?.type).toBe('object')
    expect(schemas.resolve('#/$defs/note')).toEqual({ type: 'string' })
    const empty = check({
      'ticketing.yaml': TICKETING,
      'triage.yaml': plugin(`        type: object
        properties:
          t:
            allOf:
              - { $entity: desk.ticket }
              - { type: array }`),
    })
    expect(empty.map((d) => [d.code, d.path])).toEqual([['BW4021', '/actions/act/input/schema/properties/t/allOf']])
  })

  it('leaves an unknown entity to the reference check', () => {
    const diagnostics = check({
      'ticketing.yaml': TICKETING,
      'triage.yaml': plugin(`        allOf:
          - { $entity: desk.tickt }
          - { type: object }`),
    })
    expect(diagnostics.map((d) => d.code)).toEqual(['BW3003'])
  })
})
