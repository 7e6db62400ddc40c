// BW2012 at the top of a schema (src/check/entityCycle.ts): an action's input or output, an
// event or a channel message whose whole schema is an entity must be an object, followed
// through a chain of entity references, `type: [object]` and an `allOf` at the top; entities,
// `$defs` entries and configurations are not such tops. A mutation run found these untested
// (docs/testing.md#mutation-testing).
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { toRecord } from '../../src/diagnostics/record.js'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { tempDir } from '../support/cli.js'

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

/** Checks one interface (its entities above, then `rest`) and returns its diagnostics as `line:col code path message`. */
function check(rest: string, kind = 'interface'): string[] {
  const dir = tempDir()
  writeFileSync(join(dir, 'ticketing.yaml'), `kind: ${kind}\nname: ticketing\nversion: 1.0.0\n${ENTITIES}${rest}`)
  return checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir }).diagnostics.map((d) => {
    const r = toRecord(d)
    return `${r.line}:${r.column} ${r.code} ${r.path} ${r.message}`
  })
}

const OBJECT = '{ type: object }'
const action = (input: string, output = OBJECT): string => `actions:\n  getTicket:\n    input:\n      schema: ${input}\n    output:\n      schema: ${output}\n`
const input = (schema: string): string => action(schema)

const BW2012 = (at: string, path: string, entity: string, schema: string): string =>
  `${at} BW2012 ${path} entity '${entity}' is not an object schema, so it cannot be the whole schema of ${schema}`
const ofInput = "the input of action 'getTicket'"

describe('BW2012: an entity that must be an object at the top of a schema', () => {
  it('follows a chain of entity references to the schema that says what the top admits', () => {
    expect(check(input('{ $entity: ticketRef }'))).toEqual([])
    expect(check(input('{ $entity: ticketIdRef }'))).toEqual([BW2012('24:26', '/actions/getTicket/input/schema/$entity', 'ticketIdRef', ofInput)])
  })

  it('takes type: [object] as an object, and type: [object, null] not', () => {
    expect(check(input('{ $entity: listed }'))).toEqual([])
    expect(check(input('{ $entity: nullable }'))).toEqual([BW2012('24:26', '/actions/getTicket/input/schema/$entity', 'nullable', ofInput)])
    expect(check(input('{ $entity: listedId }'))).toEqual([BW2012('24:26', '/actions/getTicket/input/schema/$entity', 'listedId', ofInput)])
  })

  it('an allOf at the top needs one object branch, by its own keywords or through an entity; else it points at the first entity', () => {
    expect(check(input('{ allOf: [{ $entity: nullable }, { $entity: ticketRef }] }'))).toEqual([])
    expect(check(input('{ allOf: [{ $entity: nullable }, { type: object }] }'))).toEqual([])
    expect(check(input('{ allOf: [{ $entity: nullable }, { allOf: [{ type: [object] }] }] }'))).toEqual([])
    expect(check(input('{ allOf: [{ $entity: nullable }, { $entity: nullable }] }'))).toEqual([
      BW2012('24:36', '/actions/getTicket/input/schema/allOf/0/$entity', 'nullable', ofInput),
    ])
    expect(check(input('{ allOf: [{ allOf: [{ $entity: nullable }] }] }'))).toEqual([
      BW2012('24:46', '/actions/getTicket/input/schema/allOf/0/allOf/0/$entity', 'nullable', ofInput),
    ])
  })

  it('a cycle of entity references at the top is BW4012 alone', () => {
    const cycle = '  loopA:\n    schema: { $entity: loopB }\n  loopB:\n    schema: { $entity: loopA }\n'
    expect(check(`${cycle}${input('{ $entity: loopA }')}`).map((d) => d.split(' ').slice(1, 3).join(' '))).toEqual(['BW4012 /entities/loopB/schema/$entity'])
  })

  it('an unknown entity at the top is reported by the resolver alone', () => {
    expect(check(input('{ $entity: tiket }')).map((d) => d.split(' ')[1])).toEqual(['BW3003'])
  })

  it('an allOf beside a type of its own is not a top made of entities', () => {
    expect(check(input('{ type: object, allOf: [{ $entity: nullable }] }'))).toEqual([])
  })

  it('names an output, an event and a channel message as such', () => {
    expect(check(action(OBJECT, '{ $entity: ticketId }'))).toEqual([
      BW2012('26:26', '/actions/getTicket/output/schema/$entity', 'ticketId', "the output of action 'getTicket'"),
    ])
    expect(check('actions: {}\nevents:\n  ticketOpened:\n    schema: { $entity: ticketId }\n')).toEqual([
      BW2012('24:24', '/events/ticketOpened/schema/$entity', 'ticketId', "'ticketOpened'"),
    ])
    expect(check('actions: {}\nchannels:\n  chat:\n    messages:\n      text:\n        schema: { $entity: ticketId }\n')).toEqual([
      BW2012('26:28', '/channels/chat/messages/text/schema/$entity', 'ticketId', "'chat.text'"),
    ])
  })

  it('an entity, a $defs entry and a configuration are not such tops: an entity may be a string, the others have their own errors', () => {
    expect(check('actions: {}\n')).toEqual([])
    expect(check('actions: {}\n$defs:\n  id: { $entity: ticketId }\n').map((d) => d.split(' ')[1])).toEqual(['BW2022', 'BW2021'])
    expect(check('actions: {}\nconfiguration:\n  schema: { $entity: ticketId }\n', 'integration').map((d) => d.split(' ')[1])).toEqual(['BW2017'])
  })
})
