// Keys named like Object.prototype members must be plain data to the value validator:
// ajv's deep equality used to throw on an own `toString` and to call equal objects with
// a `constructor` key different.
import { describe, expect, it } from 'vitest'
import { compileValueValidator, describeValueErrors } from '../../src/jsonSchema/valueValidator.js'

describe('the value validator with keys named like Object.prototype members', () => {
  it('compares enum and const objects holding them as plain data', () => {
    const byEnum = compileValueValidator({ type: 'object', enum: [{ toString: 'a' }, { valueOf: 1 }, { constructor: { name: 'x' } }] })
    expect(byEnum({ toString: 'a' })).toBe(true)
    expect(byEnum({ valueOf: 1 })).toBe(true)
    expect(byEnum({ constructor: { name: 'x' } })).toBe(true)
    expect(byEnum({ toString: 'b' })).toBe(false)
    expect(describeValueErrors(byEnum.errors, 'value', { toString: 'b' })).toEqual([
      'value: must be one of {"toString":"a"}, {"valueOf":1}, {"constructor":{"name":"x"}}, not {"toString":"b"}',
    ])
    const byConst = compileValueValidator({ const: { constructor: 1 } })
    expect(byConst({ constructor: 1 })).toBe(true)
    expect(byConst({ constructor: 2 })).toBe(false)
  })

  it('validates properties with those names, and names them in messages', () => {
    const validate = compileValueValidator({
      type: 'object',
      properties: { constructor: { type: 'string' } },
      required: ['toString'],
      additionalProperties: false,
    })
    expect(validate({ constructor: 'x', toString: 1 })).toBe(false)
    expect(describeValueErrors(validate.errors, 'value', { constructor: 'x', toString: 1 })).toEqual(['value.toString: is not allowed'])
    expect(validate({ constructor: 1 })).toBe(false)
    expect(describeValueErrors(validate.errors, 'value', { constructor: 1 })).toEqual([
      'value.toString: is required',
      'value.constructor: must be a string, not 1',
    ])
  })
})
