// allOf branches that are entities (src/check/allOfEntities.ts) in a plugin: `LOCAL.ENTITY`
// is read through the interface version the plugin compiles against, the entity's own
// references (its entities, its `$defs`) bound in that interface.
import { describe, expect, it } from 'vitest'
import { pluginSchemas } from '../../src/check/pluginSchemas.js'
import { checkFiles, expectReported } from '../support/checkHarness.js'

const check = (files: Record<string, string>) => checkFiles(files).diagnostics

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
    expectReported(diagnostics).toMatchObject([{ code: 'BW4022', file: 'triage.yaml', path: '/actions/act/input/schema/allOf/1/properties/prio' }])
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
    expectReported(fits).toEqual([])
    const { model } = checkFiles({ 'ticketing.yaml': TICKETING, 'triage.yaml': plugin('        type: object') })
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
    expectReported(empty).toMatchObject([{ code: 'BW4021', path: '/actions/act/input/schema/properties/t/allOf' }])
  })

  it('leaves an unknown entity to the reference check', () => {
    const diagnostics = check({
      'ticketing.yaml': TICKETING,
      'triage.yaml': plugin(`        allOf:
          - { $entity: desk.tickt }
          - { type: object }`),
    })
    expectReported(diagnostics).toMatchObject([{ code: 'BW3003' }])
  })
})

const iface = (body: string): string => `kind: interface\nname: t\nversion: 1.0.0\n${body}`

describe('AllOfEntities in an interface', () => {
  it('leaves an entity that admits no value to BW2019, in the entity and wherever an allOf branch needs it', () => {
    const found = check({
      't.yaml': iface(`entities:
  id: { schema: { type: string } }
  node: { schema: { type: object, properties: { child: { $entity: node } }, required: [child] } }
  bad: { schema: { allOf: [{ $entity: id }, { type: integer }] } }
  closed: { schema: { type: object, properties: { a: { type: string } }, additionalProperties: false } }
  box: { schema: { type: object, properties: { inner: { allOf: [{ $entity: closed }, { type: object, properties: { extra: { type: string } } }] } } } }
actions:
  bad:
    input:
      schema:
        type: object
        properties:
          x: { allOf: [{ $entity: id }, { type: integer }] }
          p: { allOf: [{ $entity: node }, { type: object }] }
          q: { allOf: [{ $entity: id }, { type: object, properties: { n: { $entity: node } }, required: [n] }] }
          r: { allOf: [{ $entity: id }, { type: object, properties: { n: { $entity: node } } }] }
          s: { allOf: [{ type: object }], properties: { n: { $entity: node } }, required: [n] }
    output: { schema: { type: object } }
`),
    })
    // an action named like an entity that admits no value is still checked; an entity that admits values is too
    expectReported(found).toMatchObject([
      { code: 'BW2019', path: '/entities/node/schema/properties/child' },
      { code: 'BW2019', path: '/entities/bad/schema/allOf' },
      { code: 'BW4022', path: '/entities/box/schema/properties/inner/allOf/1/properties/extra' },
      { code: 'BW4021', path: '/actions/bad/input/schema/properties/x/allOf' },
      // a string and an object: a contradiction of its own, beside an optional property that admits no value
      { code: 'BW4021', path: '/actions/bad/input/schema/properties/r/allOf' },
    ])
  })

  it('leaves alone an entity that reaches an unknown entity or sits on a reference cycle, directly or through others', () => {
    const found = check({
      't.yaml': iface(`entities:
  a: { schema: { type: object, properties: { y: { $entity: nope } } } }
  e: { schema: { type: object, properties: { x: { $entity: a } } } }
  c: { schema: { type: string, allOf: [{ $entity: d }] } }
  d: { schema: { anyOf: [{ $entity: c }, { type: string }] } }
  f: { schema: { anyOf: [{ $entity: c }, { type: string }] } }
  id: { schema: { type: string } }
actions:
  act:
    input:
      schema:
        type: object
        properties:
          p: { allOf: [{ $entity: a }, { type: integer }] }
          q: { allOf: [{ $entity: e }, { type: integer }] }
          r: { allOf: [{ $entity: c }, { type: integer }] }
          s: { allOf: [{ $entity: f }, { type: integer }] }
          u: { allOf: [{ $entity: nope }, { $entity: id }, { type: integer }] }
    output: { schema: { type: object } }
`),
    })
    expectReported(found).toMatchObject([
      { code: 'BW3003', path: '/entities/a/schema/properties/y/$entity' },
      { code: 'BW4012', path: '/entities/d/schema/anyOf/0/$entity' },
      { code: 'BW3003', path: '/actions/act/input/schema/properties/u/allOf/0/$entity' },
    ])
  })

  it('takes any property beside an open entity, checks the properties written beside the allOf, and reads a $message branch', () => {
    const found = check({
      't.yaml': iface(`$defs:
  textMessage: { $message: text }
entities:
  id: { schema: { type: string } }
  open: { schema: { type: object, properties: { a: { type: string } } } }
  closed: { schema: { type: object, properties: { a: { type: string } }, additionalProperties: false } }
actions:
  act:
    input:
      schema:
        type: object
        properties:
          p: { allOf: [{ $entity: open }, { type: object, properties: { z: { type: string } } }] }
          q:
            allOf: [{ $entity: closed }]
            properties: { aa: { type: string } }
          m: { allOf: [{ $entity: id }, { $ref: '#/$defs/textMessage' }] }
    output: { schema: { type: object } }
`),
    })
    expectReported(found).toMatchObject([
      { code: 'BW4022', path: '/actions/act/input/schema/properties/q/properties/aa' },
      { code: 'BW4021', path: '/actions/act/input/schema/properties/m/allOf' },
    ])
  })
})

describe('AllOfEntities in a plugin, through an interface entity on a problem', () => {
  it('leaves an entity that reaches an unknown entity or sits on a cycle in its interface alone', () => {
    const found = check({
      'ticketing.yaml': `kind: interface
name: ticketing
version: 1.0.0
entities:
  ticket: { schema: { type: object, properties: { y: { $entity: nope } } } }
  ring: { schema: { type: string, allOf: [{ $entity: ring2 }] } }
  ring2: { schema: { anyOf: [{ $entity: ring }, { type: string }] } }
actions: {}
`,
      'triage.yaml': `kind: plugin
name: triage
version: 1.0.0
interfaces:
  desk: { name: ticketing, version: ^1.0.0 }
actions:
  act:
    input:
      schema:
        type: object
        properties:
          p: { allOf: [{ $entity: desk.ticket }, { type: integer }] }
          q: { allOf: [{ $entity: desk.ring }, { type: integer }] }
    output: { schema: { type: object } }
`,
    })
    expectReported(found).toMatchObject([
      { code: 'BW3003', path: '/entities/ticket/schema/properties/y/$entity' },
      { code: 'BW4012', path: '/entities/ring2/schema/anyOf/0/$entity' },
    ])
  })
})
