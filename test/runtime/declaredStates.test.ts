// Each owner's declared states are looked up once, with what their payloads' validation needs
// (src/runtime/declaredStates.ts): the defaults filled as fillDefaults fills them, found in the
// schema or only in its definitions, and a payload given back as it is when there are none
// (docs/runtime.md#states).
import { describe, expect, it } from 'vitest'
import { DeclaredStates, payloadIssues, withDefaults } from '../../src/runtime/declaredStates.js'
import type { JsonSchema, StateDefinition } from '../../src/runtime/definition.js'
import { DEFAULT_VALUE_LIMITS } from '../../src/runtime/valueLimits.js'

const definitions = { Counter: { type: 'object', properties: { count: { type: 'integer', default: 0 } } } } as { [key: string]: JsonSchema }
const owner = {
  states: {
    plain: { type: 'user', schema: { type: 'object', properties: { topic: { type: 'string' } } } },
    referring: { type: 'user', schema: { $ref: '#/definitions/Counter' } },
    direct: { type: 'user', schema: { type: 'object', properties: { seen: { type: 'boolean', default: false } } } },
  } as { [name: string]: StateDefinition },
  definitionsFor: (schema: JsonSchema) => ('$ref' in schema ? definitions : {}),
}

describe('DeclaredStates', () => {
  it('finds a state once per owner and name, and none that is not declared or inherited', () => {
    const states = new DeclaredStates()
    expect(states.find(owner, 'plain')).toBe(states.find(owner, 'plain'))
    expect(states.find(owner, 'missing')).toBeUndefined()
    expect(states.find(owner, 'toString')).toBeUndefined()
  })

  it('fills defaults found in the schema or only in its definitions, and gives a payload without any back as it is', () => {
    const states = new DeclaredStates()
    const given = { topic: 'x' }
    expect(withDefaults(states.find(owner, 'plain') as never, given)).toBe(given)
    expect(withDefaults(states.find(owner, 'referring') as never, {})).toEqual({ count: 0 })
    const direct = {}
    expect(withDefaults(states.find(owner, 'direct') as never, direct)).toEqual({ seen: false })
    expect(direct).toEqual({})
  })

  it('validates against the state schema, its refs resolved, the validator compiled once', () => {
    const declared = new DeclaredStates().find(owner, 'referring')
    if (!declared) throw new Error('expected the referring state')
    expect(payloadIssues(declared, { count: 'many' }, DEFAULT_VALUE_LIMITS)).toEqual(['payload.count: must be an integer, not a string'])
    const validate = declared.validate
    expect(validate).toBeTypeOf('function')
    expect(payloadIssues(declared, { count: 2 }, DEFAULT_VALUE_LIMITS)).toEqual([])
    expect(declared.validate).toBe(validate)
  })
})
