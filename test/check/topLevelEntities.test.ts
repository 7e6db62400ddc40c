// BW2012 at the top of a schema (src/check/entityCycle.ts): an action's input or output, an
// event or a channel message whose whole schema is an entity must be an object, followed
// through a chain of entity references, `type: [object]` and an `allOf` at the top; entities,
// `$defs` entries and configurations are not such tops. A mutation run found these untested
// (docs/testing.md#mutation-testing).
import { describe, it } from 'vitest'
import { expectDiagnostics } from '../support/checkHarness.js'

const ENTITIES = `entities:
  ticket:
    schema:
      type: object
      properties: { id: { type: string } }
  ticketId:
    schema: { type: string }
  listed:
    schema: { type: [object] }
  nullable:
    schema: { type: [object, 'null'] }
  listedId:
    schema: { type: [string] }
  ticketRef:
    schema: { $entity: ticket }
  ticketIdRef:
    schema: { $entity: ticketId }
`

/** One interface (its entities above, then `rest`), or another kind with the same keys. */
function ticketing(rest: string, kind = 'interface'): Record<string, string> {
  return { 'ticketing.yaml': `kind: ${kind}\nname: ticketing\nversion: 1.0.0\n${ENTITIES}${rest}` }
}

const OBJECT = '{ type: object }'
const action = (input: string, output = OBJECT): string => `actions:\n  getTicket:\n    input:\n      schema: ${input}\n    output:\n      schema: ${output}\n`
const input = (schema: string): string => action(schema)

const BW2012 = (at: string, path: string, entity: string, schema: string) => ({
  line: Number(at.split(':')[0]),
  column: Number(at.split(':')[1]),
  code: 'BW2012',
  path,
  message: `entity '${entity}' is not an object schema, so it cannot be the whole schema of ${schema}`,
})
const ofInput = "the input of action 'getTicket'"

describe('BW2012: an entity that must be an object at the top of a schema', () => {
  it('follows a chain of entity references to the schema that says what the top admits', () => {
    expectDiagnostics(ticketing(input('{ $entity: ticketRef }'))).toEqual([])
    expectDiagnostics(ticketing(input('{ $entity: ticketIdRef }'))).toMatchObject([
      BW2012('24:26', '/actions/getTicket/input/schema/$entity', 'ticketIdRef', ofInput),
    ])
  })

  it('takes type: [object] as an object, and type: [object, null] not', () => {
    expectDiagnostics(ticketing(input('{ $entity: listed }'))).toEqual([])
    expectDiagnostics(ticketing(input('{ $entity: nullable }'))).toMatchObject([
      BW2012('24:26', '/actions/getTicket/input/schema/$entity', 'nullable', ofInput),
    ])
    expectDiagnostics(ticketing(input('{ $entity: listedId }'))).toMatchObject([
      BW2012('24:26', '/actions/getTicket/input/schema/$entity', 'listedId', ofInput),
    ])
  })

  it('an allOf at the top needs one object branch, by its own keywords or through an entity; else it points at the first entity', () => {
    expectDiagnostics(ticketing(input('{ allOf: [{ $entity: nullable }, { $entity: ticketRef }] }'))).toEqual([])
    expectDiagnostics(ticketing(input('{ allOf: [{ $entity: nullable }, { type: object }] }'))).toEqual([])
    expectDiagnostics(ticketing(input('{ allOf: [{ $entity: nullable }, { allOf: [{ type: [object] }] }] }'))).toEqual([])
    expectDiagnostics(ticketing(input('{ allOf: [{ $entity: nullable }, { $entity: nullable }] }'))).toMatchObject([
      BW2012('24:36', '/actions/getTicket/input/schema/allOf/0/$entity', 'nullable', ofInput),
    ])
    expectDiagnostics(ticketing(input('{ allOf: [{ allOf: [{ $entity: nullable }] }] }'))).toMatchObject([
      BW2012('24:46', '/actions/getTicket/input/schema/allOf/0/allOf/0/$entity', 'nullable', ofInput),
    ])
  })

  it('a cycle of entity references at the top is BW4012 alone', () => {
    const cycle = '  loopA:\n    schema: { $entity: loopB }\n  loopB:\n    schema: { $entity: loopA }\n'
    expectDiagnostics(ticketing(`${cycle}${input('{ $entity: loopA }')}`)).toMatchObject([{ code: 'BW4012', path: '/entities/loopB/schema/$entity' }])
  })

  it('an unknown entity at the top is reported by the resolver alone', () => {
    expectDiagnostics(ticketing(input('{ $entity: tiket }'))).toMatchObject([{ code: 'BW3003' }])
  })

  it('an allOf beside a type of its own is not a top made of entities', () => {
    expectDiagnostics(ticketing(input('{ type: object, allOf: [{ $entity: nullable }] }'))).toEqual([])
  })

  it('names an output, an event and a channel message as such', () => {
    expectDiagnostics(ticketing(action(OBJECT, '{ $entity: ticketId }'))).toMatchObject([
      BW2012('26:26', '/actions/getTicket/output/schema/$entity', 'ticketId', "the output of action 'getTicket'"),
    ])
    expectDiagnostics(ticketing('actions: {}\nevents:\n  ticketOpened:\n    schema: { $entity: ticketId }\n')).toMatchObject([
      BW2012('24:24', '/events/ticketOpened/schema/$entity', 'ticketId', "'ticketOpened'"),
    ])
    expectDiagnostics(ticketing('actions: {}\nchannels:\n  chat:\n    messages:\n      note:\n        schema: { $entity: ticketId }\n')).toMatchObject([
      BW2012('26:28', '/channels/chat/messages/note/schema/$entity', 'ticketId', "'chat.note'"),
    ])
  })

  it('an entity, a $defs entry and a configuration are not such tops: an entity may be a string, the others have their own errors', () => {
    expectDiagnostics(ticketing('actions: {}\n')).toEqual([])
    expectDiagnostics(ticketing('actions: {}\n$defs:\n  id: { $entity: ticketId }\n')).toMatchObject([{ code: 'BW2022' }, { code: 'BW2021' }])
    expectDiagnostics(ticketing('actions: {}\nconfiguration:\n  schema: { $entity: ticketId }\n', 'integration')).toMatchObject([{ code: 'BW2017' }])
  })
})
