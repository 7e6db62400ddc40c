import { Ajv, type ValidateFunction } from 'ajv'
import { describe, expect, it } from 'vitest'

import { type JsonObject, problems, readSchema, run, SCHEMA_FILES } from './metaSchemaExamples.js'

// Editor documentation

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Every property declared under `properties`, anywhere in the schema, with the
 * documentation fields it lacks. `if`/`then`/`else` only refine what is declared
 * elsewhere, and the values of `const`/`enum` are data, so they are not walked.
 */
function undocumentedProperties(node: unknown, path: string, fields: string[], found: { count: number }): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => undocumentedProperties(item, `${path}/${i}`, fields, found))
  if (!isObject(node)) return []
  const out: string[] = []
  for (const [key, value] of Object.entries(node)) {
    if (['if', 'then', 'else', 'const', 'enum', 'default', 'examples'].includes(key)) continue
    if (key === 'properties' && isObject(value)) {
      for (const [name, property] of Object.entries(value)) {
        found.count++
        const missing = fields.filter((f) => !isObject(property) || typeof property[f] !== 'string' || property[f] === '')
        if (missing.length > 0) out.push(`${path}/properties/${name}: no ${missing.join(', ')}`)
        out.push(...undocumentedProperties(property, `${path}/properties/${name}`, fields, found))
      }
    } else {
      out.push(...undocumentedProperties(value, `${path}/${key}`, fields, found))
    }
  }
  return out
}

describe('editor documentation', () => {
  const editorFields = ['title', 'description', 'markdownDescription']

  it.each(SCHEMA_FILES.filter((f) => f !== 'messages.schema.json'))('every property in %s has title, description and markdownDescription', (file) => {
    const found = { count: 0 }
    expect(undocumentedProperties(readSchema(file), '#', editorFields, found)).toEqual([])
    expect(found.count).toBeGreaterThan(0)
  })

  it('every shared definition has title, description and markdownDescription', () => {
    const definitions = readSchema('common.schema.json').definitions as Record<string, JsonObject>
    for (const [name, definition] of Object.entries(definitions)) {
      for (const field of editorFields) expect(definition[field], `${name}.${field}`).toEqual(expect.any(String))
    }
  })

  it('every field in messages.schema.json has title and description', () => {
    const found = { count: 0 }
    expect(undocumentedProperties(readSchema('messages.schema.json'), '#', ['title', 'description'], found)).toEqual([])
    expect(found.count).toBeGreaterThan(30)
  })
})

// ---------------------------------------------------------------------------------------
// Message payloads (docs/generated-code.md#message-types)

describe('messages.schema.json', () => {
  const ajv = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true })
  ajv.addSchema(readSchema('messages.schema.json'), 'messages.schema.json')
  const validatorOf = (name: string): ValidateFunction => {
    const validate = ajv.getSchema(`messages.schema.json#/definitions/${name}`)
    if (!validate) throw new Error(`no definition ${name}`)
    return validate
  }

  const card = {
    title: 'Plan',
    subtitle: 'Monthly',
    imageUrl: 'https://example.com/plan.png',
    actions: [
      { action: 'url', label: 'Open', value: 'https://example.com' },
      { action: 'postback', label: 'Buy', value: 'buy-plan' },
      { action: 'say', label: 'Tell me more', value: 'Tell me more' },
    ],
  }
  const options = [
    { label: 'Yes', value: 'yes' },
    { label: 'No', value: 'no' },
  ]
  const VALID: Record<string, JsonObject> = {
    text: { text: 'Hello' },
    image: { imageUrl: 'https://example.com/a.png', title: 'A' },
    audio: { audioUrl: 'https://example.com/a.mp3' },
    video: { videoUrl: 'https://example.com/a.mp4', title: 'Clip' },
    file: { fileUrl: 'https://example.com/a.pdf', title: 'Invoice' },
    location: { latitude: 48.8584, longitude: 2.2945, address: 'Champ de Mars, Paris', title: 'Eiffel Tower' },
    card,
    carousel: { items: [card, { title: 'Other', actions: [] }] },
    choice: { text: 'Continue?', options },
    dropdown: { text: 'Pick one', options },
    bloc: {
      items: [
        { type: 'text', payload: { text: 'Here you go' } },
        { type: 'image', payload: { imageUrl: 'https://example.com/a.png' } },
        { type: 'audio', payload: { audioUrl: 'https://example.com/a.mp3' } },
        { type: 'video', payload: { videoUrl: 'https://example.com/a.mp4' } },
        { type: 'file', payload: { fileUrl: 'https://example.com/a.pdf' } },
        { type: 'location', payload: { latitude: 0, longitude: 0 } },
      ],
    },
  }
  const MESSAGE_TYPES = ['text', 'image', 'audio', 'video', 'file', 'location', 'card', 'carousel', 'choice', 'dropdown', 'bloc']

  it('defines exactly the message types, their parts and the pair', () => {
    expect(Object.keys(readSchema('messages.schema.json').definitions as JsonObject).sort()).toEqual(
      [...MESSAGE_TYPES, 'cardAction', 'choiceOption', 'blocItem', 'message', 'messageDelivery'].sort(),
    )
  })

  it("describes a stored message's delivery as the runtime records it (docs/runtime.md#delivery)", () => {
    const delivery = validatorOf('messageDelivery')
    expect(run(delivery, { status: 'delivered' })).toEqual([])
    expect(run(delivery, { status: 'failed', error: 'channel_not_found' })).toEqual([])
    expect(run(delivery, { status: 'failed' })).not.toEqual([])
    expect(run(delivery, { status: 'sent' })).not.toEqual([])
  })

  it.each(MESSAGE_TYPES)('accepts a valid %s payload, alone and as a message', (type) => {
    const payload = VALID[type]
    expect(run(validatorOf(type), payload)).toEqual([])
    expect(run(validatorOf('message'), { type, payload })).toEqual([])
    expect(run(ajv.getSchema('messages.schema.json') as ValidateFunction, { type, payload })).toEqual([])
  })

  it('requires every required field and closes every payload', () => {
    for (const type of MESSAGE_TYPES) {
      const errors = run(validatorOf(type), { ...VALID[type], extra: true })
      expect(errors, type).toMatchObject([{ keyword: 'additionalProperties', instancePath: '' }])
    }
    expect(run(validatorOf('location'), { latitude: 1 })).toMatchObject([{ keyword: 'required', params: { missingProperty: 'longitude' } }])
    expect(run(validatorOf('card'), { title: 'x' })).toMatchObject([{ keyword: 'required', params: { missingProperty: 'actions' } }])
  })

  it('rejects an empty text', () => {
    expect(run(validatorOf('text'), { text: '' })).toMatchObject([{ keyword: 'minLength', instancePath: '/text' }])
    expect(run(validatorOf('image'), { imageUrl: '' })).toMatchObject([{ keyword: 'minLength', instancePath: '/imageUrl' }])
    expect(run(validatorOf('choice'), { text: 'x', options: [{ label: '', value: 'v' }] })).toMatchObject([
      { keyword: 'minLength', instancePath: '/options/0/label' },
    ])
  })

  it('rejects a card action that is not postback, url or say', () => {
    const payload = { title: 'x', actions: [{ action: 'call', label: 'Call', value: '+33100000000' }] }
    expect(run(validatorOf('card'), payload)).toMatchObject([
      { keyword: 'enum', instancePath: '/actions/0/action', params: { allowedValues: ['postback', 'url', 'say'] } },
    ])
    expect(run(validatorOf('carousel'), { items: [payload] })).toMatchObject([{ keyword: 'enum', instancePath: '/items/0/actions/0/action' }])
  })

  it('gives dropdown the choice payload: text and options', () => {
    expect(run(validatorOf('dropdown'), { text: 'Pick', options })).toEqual([])
    expect(run(validatorOf('dropdown'), { text: 'Pick' })).toMatchObject([{ keyword: 'required', params: { missingProperty: 'options' } }])
    expect(run(validatorOf('dropdown'), { options })).toMatchObject([{ keyword: 'required', params: { missingProperty: 'text' } }])
  })

  it('rejects a card, carousel, choice or bloc inside a bloc, with one error', () => {
    for (const type of ['card', 'carousel', 'choice', 'dropdown', 'bloc']) {
      expect(run(validatorOf('bloc'), { items: [{ type, payload: VALID[type] }] }), type).toMatchObject([{ keyword: 'enum', instancePath: '/items/0/type' }])
    }
  })

  it('checks a bloc item payload against its type', () => {
    const errors = run(validatorOf('bloc'), { items: [{ type: 'image', payload: { text: 'x' } }] })
    expect(problems(errors)).toMatchObject([
      { keyword: 'required', instancePath: '/items/0/payload', params: { missingProperty: 'imageUrl' } },
      { keyword: 'additionalProperties', instancePath: '/items/0/payload', params: { additionalProperty: 'text' } },
    ])
  })

  it('checks a whole message: its type, then its payload against the type', () => {
    expect(run(validatorOf('message'), { type: 'sticker', payload: {} })).toMatchObject([{ keyword: 'enum', instancePath: '/type' }])
    const errors = run(validatorOf('message'), { type: 'text', payload: { imageUrl: 'x' } })
    expect(problems(errors)).toMatchObject([
      { keyword: 'required', instancePath: '/payload', params: { missingProperty: 'text' } },
      { keyword: 'additionalProperties', instancePath: '/payload', params: { additionalProperty: 'imageUrl' } },
    ])
    expect(run(validatorOf('message'), { type: 'text' })).toMatchObject([{ keyword: 'required', params: { missingProperty: 'payload' } }])
  })
})
