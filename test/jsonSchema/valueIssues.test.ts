// The one wording of a value a schema rejects (src/jsonSchema/valueIssues.ts): every bound says
// the rule and the value, in the checks (BW2016 through describeValueErrors) and at run
// time, where strings are never shown.
import { describe, expect, it } from 'vitest'
import type { JsonSchema, JsonValue } from '../../src/jsonSchema/types.js'
import { compileValueValidator, describeValueErrors } from '../../src/jsonSchema/valueValidator.js'
import { describeIssues as runtimeIssues, validateValue } from '../../src/runtime/validation.js'

function checkIssues(schema: object, value: JsonValue): string[] {
  const validate = compileValueValidator(schema)
  expect(validate(value)).toBe(false)
  return describeValueErrors(validate.errors, 'value', value)
}

describe('the words for a value a schema rejects', () => {
  it.each([
    ['minimum', { type: 'integer', minimum: 10 }, 5, 'value: must be at least 10, not 5'],
    ['maximum', { type: 'integer', maximum: 500 }, 900, 'value: must be at most 500, not 900'],
    ['exclusiveMinimum', { type: 'number', exclusiveMinimum: 0 }, 0, 'value: must be above 0, not 0'],
    ['exclusiveMaximum', { type: 'number', exclusiveMaximum: 1 }, 3, 'value: must be below 1, not 3'],
    ['a fractional bound', { type: 'number', minimum: 0.5 }, 0.25, 'value: must be at least 0.5, not 0.25'],
    ['minLength', { type: 'string', minLength: 3 }, 'ab', 'value: must have at least 3 characters, not 2'],
    ['minLength 1', { type: 'string', minLength: 1 }, '', 'value: must have at least 1 character'],
    ['maxLength, counting characters as ajv does', { type: 'string', maxLength: 1 }, '😀😀', 'value: must have at most 1 character, not 2'],
    ['minItems', { type: 'array', minItems: 2 }, ['a'], 'value: must have at least 2 items, not 1'],
    ['minItems 1', { type: 'array', minItems: 1 }, [], 'value: must have at least 1 item'],
    ['maxItems', { type: 'array', maxItems: 1 }, [1, 2], 'value: must have at most 1 item, not 2'],
    ['enum', { type: 'string', enum: ['eu', 'us', 'ap'] }, 'mars', "value: must be one of 'eu', 'us', 'ap', not 'mars'"],
    ['an enum of one value', { enum: ['eu'] }, 'us', "value: must be 'eu', not 'us'"],
    [
      'a long enum, cut',
      { enum: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'] },
      'z',
      "value: must be one of 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', … (12 values), not 'z'",
    ],
    ['const', { const: 'enterprise' }, 'free', "value: must be 'enterprise', not 'free'"],
    ['pattern', { type: 'string', pattern: '^T-[0-9]+$' }, '1042', "value: must match the pattern '^T-[0-9]+$', not '1042'"],
    ['format', { type: 'string', format: 'email' }, 'bob', "value: must be a valid email, not 'bob'"],
    ['type', { type: 'object' }, 42, 'value: must be an object, not 42'],
    [
      'a nested bound',
      { type: 'object', properties: { o: { type: 'object', properties: { k: { type: 'integer', minimum: 1 } } } } },
      { o: { k: 0 } },
      'value.o.k: must be at least 1, not 0',
    ],
    ['a required property', { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }, {}, 'value.id: is required'],
    ['an undeclared property', { type: 'object', additionalProperties: false }, { x: 1 }, 'value.x: is not allowed'],
  ])('%s', (_label, schema, value, expected) => {
    expect(checkIssues(schema, value as JsonValue)).toEqual([expected])
  })

  it('never says "not undefined"', () => {
    const validate = compileValueValidator({ type: 'integer', minimum: 10 })
    validate(5)
    expect(describeValueErrors(validate.errors, 'value')).toEqual(['value: must be at least 10'])
  })
})

describe('the same words at run time', () => {
  it('shows numbers and lists as they are', () => {
    expect(
      validateValue(
        { t: 3, tags: [] },
        { type: 'object', properties: { t: { type: 'number', maximum: 2 }, tags: { type: 'array', minItems: 2 } } },
        {},
        'input',
      ),
    ).toEqual(['input.t: must be at most 2, not 3', 'input.tags: must have at least 2 items, not 0'])
  })

  it("never shows a string: it may be a secret or a user's data", () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { key: { type: 'string', minLength: 20, pattern: '^sk-' }, region: { enum: ['eu', 'us'] }, n: { type: 'integer' } },
    }
    const issues = validateValue({ key: 'hunter2', region: 'mars', n: 'hunter3' }, schema, {}, 'configuration')
    expect(issues).toEqual([
      'configuration.key: must have at least 20 characters',
      "configuration.key: must match the pattern '^sk-'",
      "configuration.region: must be one of 'eu', 'us'",
      'configuration.n: must be an integer, not a string',
    ])
    expect(issues.join('\n')).not.toMatch(/hunter|mars/)
  })

  it('never shows a list or object that holds a string, at any depth (a secret under a const or enum)', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        pair: { type: 'object', properties: { a: { type: 'string' } }, const: { a: 'known' } },
        list: { type: 'array', items: { type: 'string' }, enum: [['known']] },
        numbers: { type: 'array', items: { type: 'integer' }, const: [1, 2] },
      },
    }
    const issues = validateValue({ pair: { a: 'hunter2' }, list: ['hunter3'], numbers: [1, 3] }, schema, {}, 'configuration')
    expect(issues).toEqual([
      'configuration.pair: must be {"a":"known"}',
      'configuration.list: must be ["known"]',
      'configuration.numbers: must be [1,2], not [1,3]',
    ])
    expect(issues.join('\n')).not.toMatch(/hunter/)
  })

  it('names the problem in the alternative a value was meant for', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        target: {
          oneOf: [
            { type: 'object', properties: { kind: { const: 'email' }, address: { type: 'string', format: 'email' } }, required: ['kind', 'address'] },
            { type: 'object', properties: { kind: { const: 'sms' }, phone: { type: 'string' } }, required: ['kind', 'phone'] },
          ],
        },
        priority: {
          anyOf: [
            { type: 'integer', minimum: 1 },
            { type: 'string', enum: ['low', 'high'] },
          ],
        },
        either: {
          anyOf: [
            { type: 'integer', minimum: 1 },
            { type: 'integer', maximum: -1 },
          ],
        },
        both: { oneOf: [{ type: 'integer' }, { type: 'number' }] },
        two: { oneOf: [{ type: 'integer' }, { type: 'number' }, { type: 'integer', minimum: 5 }] },
      },
    }
    // the kind says which alternative: only its problem is told
    expect(validateValue({ target: { kind: 'email', address: 'nope' } }, schema, {}, 'input')).toEqual(['input.target.address: must be a valid email'])
    // the type says which: an integer is told its bound, a string the enum (not shown)
    expect(validateValue({ priority: 0 }, schema, {}, 'input')).toEqual(['input.priority: must be at least 1, not 0'])
    expect(validateValue({ priority: 'mid' }, schema, {}, 'input')).toEqual(["input.priority: must be one of 'low', 'high'"])
    // nothing says which: the union is told as a whole
    expect(validateValue({ either: 0 }, schema, {}, 'input')).toEqual(['input.either: must fit one of its anyOf alternatives'])
    expect(validateValue({ both: 1 }, schema, {}, 'input')).toEqual(['input.both: must fit exactly one of its oneOf alternatives, not 2 (#1, #2)'])
    // fitting several is the problem, not what a third alternative says
    expect(validateValue({ two: 1 }, schema, {}, 'input')).toEqual(['input.two: must fit exactly one of its oneOf alternatives, not 2 (#1, #2)'])
  })

  // issue #33: a union of `$ref`s told the errors of every alternative (40 lines for one
  // wrong button style); it is told the one alternative the value was meant for, as an
  // alternative written in place is, in the checks and at run time alike
  describe('a union of $refs (Slack blocks)', () => {
    const definitions: Record<string, JsonSchema> = {
      text: {
        type: 'object',
        properties: { type: { enum: ['plain_text', 'mrkdwn'] }, text: { type: 'string', minLength: 1 } },
        required: ['type', 'text'],
      },
      // a nested $ref: ajv compiles it as a function of its own, whose errors carry `#/properties/...`
      button: {
        type: 'object',
        properties: {
          type: { const: 'button' },
          text: { $ref: '#/definitions/text' },
          action_id: { type: 'string' },
          style: { enum: ['primary', 'danger'] },
          url: { type: 'string', format: 'uri' },
        },
        required: ['type', 'text', 'action_id'],
        additionalProperties: false,
      },
      image: {
        type: 'object',
        properties: { type: { const: 'image' }, image_url: { type: 'string' }, alt_text: { type: 'string' } },
        required: ['type', 'image_url', 'alt_text'],
        additionalProperties: false,
      },
      divider: { type: 'object', properties: { type: { const: 'divider' } }, required: ['type'], additionalProperties: false },
      // a reference to a reference names the alternative too
      separator: { $ref: '#/definitions/divider' },
    }
    const blocks: JsonSchema = {
      type: 'object',
      properties: {
        blocks: { type: 'array', items: { anyOf: [{ $ref: '#/definitions/button' }, { $ref: '#/definitions/image' }, { $ref: '#/definitions/separator' }] } },
      },
      required: ['blocks'],
    }
    const button = { type: 'button', text: { type: 'plain_text', text: 'Approve' }, action_id: 'approve', style: 'blue' }

    it('names the wrong style of a button, once, at run time', () => {
      expect(validateValue({ blocks: [button] }, blocks, definitions, 'payload')).toEqual(["payload.blocks[0].style: must be one of 'primary', 'danger'"])
    })

    it('names the wrong style of a button, once, in the checks', () => {
      expect(checkIssues({ ...blocks, definitions }, { blocks: [button] })).toEqual(["value.blocks[0].style: must be one of 'primary', 'danger', not 'blue'"])
    })

    it('names the problem of the alternative meant, whichever it is', () => {
      const image = { type: 'image', image_url: 'https://example.com/a.png', alt_text: 3 }
      expect(validateValue({ blocks: [image] }, blocks, definitions, 'payload')).toEqual(['payload.blocks[0].alt_text: must be a string, not 3'])
      expect(checkIssues({ ...blocks, definitions }, { blocks: [{ type: 'divider', id: 'x' }] })).toEqual(['value.blocks[0].id: is not allowed'])
      // deeper inside the button's own reference: still only the button's problem
      const emptyText = { ...button, style: 'primary', text: { type: 'plain_text', text: '' } }
      expect(validateValue({ blocks: [emptyText] }, blocks, definitions, 'payload')).toEqual(['payload.blocks[0].text.text: must have at least 1 character'])
    })

    it('tells the union as a whole when nothing says which alternative was meant', () => {
      expect(validateValue({ blocks: [{ type: 'video' }] }, blocks, definitions, 'payload')).toContain(
        'payload.blocks[0]: must fit one of its anyOf alternatives',
      )
    })
  })

  it('takes an enum of several values for a rule of the alternative, not for its kind', () => {
    const schema: JsonSchema = {
      anyOf: [
        { type: 'object', properties: { type: { const: 'button' }, style: { enum: ['primary', 'danger'] } }, required: ['type'] },
        { type: 'object', properties: { type: { const: 'image' }, url: { type: 'string' } }, required: ['type', 'url'] },
      ],
    }
    expect(validateValue({ type: 'button', style: 'blue' }, schema, {}, 'block')).toEqual(["block.style: must be one of 'primary', 'danger'"])
  })

  it('words ajv errors without the value when none is given', () => {
    const validate = compileValueValidator({ type: 'number', exclusiveMaximum: 1 })
    validate(3)
    expect(runtimeIssues(validate.errors, 'input')).toEqual(['input: must be below 1'])
  })
})
