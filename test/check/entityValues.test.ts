// Values judged through entities (src/check/entityValues.ts) are the ones schema sanity
// could not judge: a value it rejects without looking into an entity is reported once, by
// it, even when the definition reaches the resolved model (as it would if sanity errors
// no longer kept a file out).
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { entityValuesCheck } from '../../src/check/entityValues.js'
import { runChecks } from '../../src/check/registry.js'
import { loadWorkspace } from '../../src/load/loadWorkspace.js'
import { resolveModel } from '../../src/resolve/resolveModel.js'
import type { RawDefinition } from '../../src/validate/definitionTypes.js'
import { checkSchemaSanity } from '../../src/validate/schemaSanity.js'
import { validateShape } from '../../src/validate/validateShape.js'
import { tempDir, writeFiles } from '../support/cli.js'

const root = tempDir('botwire-entity-values-')
afterAll(() => rmSync(root, { recursive: true, force: true }))

const CRM = `kind: interface
name: crm
version: 1.0.0
entities:
  contact:
    schema: { type: object, properties: { id: { type: string } }, required: [id] }
actions:
  getContact:
    input:
      schema:
        type: object
        properties:
          contact: { $entity: contact }
          limit: { type: integer }
        examples:
          - { contact: 42, limit: x }
          - { contact: 42, limit: 1 }
    output: { schema: { type: object } }
`

/** Shape-checked definitions, every one resolved, schema sanity's diagnostics aside. */
function resolvedWithoutSanity(files: Record<string, string>): { sanity: string[]; values: string[] } {
  const dir = join(root, String(Object.keys(files).length) + Math.random().toString(36).slice(2))
  writeFiles(dir, files)
  const loaded = loadWorkspace({ definitionsDir: dir, builtins: false, cwd: dir })
  const definitions: RawDefinition[] = []
  const sanity: string[] = []
  for (const parsed of loaded.files) {
    if (!parsed.value) continue
    const shape = validateShape(parsed.file, parsed.value)
    expect(shape.diagnostics).toEqual([])
    const spec = shape.definition
    if (spec === null) throw new Error(`${parsed.file.displayPath} did not pass its shape check`)
    sanity.push(...checkSchemaSanity(parsed.file, spec).map((d) => `${d.code} ${d.path ?? ''}`))
    definitions.push({ file: parsed.file, spec })
  }
  const { model } = resolveModel(definitions)
  return { sanity, values: runChecks(model, { checks: [entityValuesCheck] }).map((d) => `${d.code} ${d.path ?? ''} ${d.message}`) }
}

describe('values checked through entities', () => {
  it('leaves a value schema sanity rejects to it, and reports one it could not judge', () => {
    const { sanity, values } = resolvedWithoutSanity({ 'crm.yaml': CRM })
    expect(sanity).toEqual(['BW2016 /actions/getContact/input/schema/examples/0'])
    expect(values).toEqual([
      'BW2016 /actions/getContact/input/schema/examples/1 example {"contact":42,"limit":1} is rejected by this schema itself (value.contact: must be an object, not 42)',
    ])
  })

  // each value below breaks only the entity (`contact.id` a number); an `$entity` key under
  // const, enum, default or examples is data, which must stay as written when the entity is
  // set aside to tell whether the value is schema sanity's to report
  it('reports a value rejected through an entity beside an $entity key held as data', () => {
    const HOLDS = `kind: interface
name: crm
version: 1.0.0
entities:
  contact:
    schema: { type: object, properties: { id: { type: string } }, required: [id] }
actions:
  getContact:
    input:
      schema:
        type: object
        properties:
          contact: { $entity: contact }
          a: { const: { $entity: contact } }
          b: { enum: [{ $entity: contact }] }
          c: { type: object, default: { $entity: contact } }
          d: { type: object, examples: [{ $entity: contact }] }
        examples:
          - { contact: { id: 1 }, a: { $entity: contact }, b: { $entity: contact } }
    output: { schema: { type: object } }
`
    const { sanity, values } = resolvedWithoutSanity({ 'crm.yaml': HOLDS })
    expect(sanity).toEqual([])
    expect(values).toEqual([
      'BW2016 /actions/getContact/input/schema/examples/0 example {"contact":{"id":1},"a":{"$entity":"contact"},"b":{"$entity":"contact"}} is rejected by this schema itself (value.contact.id: must be a string, not 1)',
    ])
  })

  // as schema sanity pairs them: an enum value with the node without its const, a default
  // with the node and its const and enum
  it('judges a const, an enum value without the const beside it, and a default with both', () => {
    const PAIRS = `kind: interface
name: crm
version: 1.0.0
entities:
  contact:
    schema: { type: object, properties: { id: { type: string } }, required: [id] }
actions:
  getContact:
    input:
      schema:
        type: object
        properties:
          one: { allOf: [{ $entity: contact }], const: { id: a }, enum: [{ id: a }, { id: 5 }] }
          two: { allOf: [{ $entity: contact }], enum: [{ id: a }], default: { id: b } }
          three: { allOf: [{ $entity: contact }], const: { id: 7 } }
    output: { schema: { type: object } }
`
    const { sanity, values } = resolvedWithoutSanity({ 'crm.yaml': PAIRS })
    // two's default is not in its enum: schema sanity's, and not reported again
    expect(sanity).toEqual(['BW2016 /actions/getContact/input/schema/properties/two/default'])
    expect(values).toEqual([
      'BW2016 /actions/getContact/input/schema/properties/one/enum/1 enum value {"id":5} is rejected by this schema itself (value.id: must be a string, not 5)',
      'BW2016 /actions/getContact/input/schema/properties/three/const const {"id":7} is rejected by this schema itself (value.id: must be a string, not 7)',
    ])
  })

  // a configuration references no entity (BW2017), only named schemas: its values are
  // judged through them
  it('judges a configuration value through a $defs entry', () => {
    const ACME = `kind: integration
name: acme
version: 1.0.0
$defs:
  region: { type: string, enum: [eu, us] }
configuration:
  schema:
    type: object
    properties:
      region: { $ref: '#/$defs/region' }
    default: { region: mars }
actions: {}
`
    expect(resolvedWithoutSanity({ 'acme.yaml': ACME })).toEqual({
      sanity: [],
      values: [
        `BW2016 /configuration/schema/default default {"region":"mars"} is rejected by this schema itself (value.region: must be one of 'eu', 'us', not 'mars')`,
      ],
    })
  })
})

describe('a default in a union of $defs entries', () => {
  // issue #33: a wrong button style is told once, not with every other block's complaints
  it('is told the problem of the alternative it was meant for', () => {
    const SLACK = `kind: integration
name: slack
version: 1.0.0
$defs:
  text: { type: object, properties: { type: { enum: [plain_text, mrkdwn] }, text: { type: string } }, required: [type, text] }
  button:
    type: object
    properties: { type: { const: button }, text: { $ref: '#/$defs/text' }, action_id: { type: string }, style: { enum: [primary, danger] } }
    required: [type, text, action_id]
    additionalProperties: false
  image:
    type: object
    properties: { type: { const: image }, image_url: { type: string }, alt_text: { type: string } }
    required: [type, image_url, alt_text]
    additionalProperties: false
  divider: { type: object, properties: { type: { const: divider } }, required: [type], additionalProperties: false }
configuration:
  schema:
    type: object
    properties:
      footer: { anyOf: [{ $ref: '#/$defs/button' }, { $ref: '#/$defs/image' }, { $ref: '#/$defs/divider' }] }
    default: { footer: { type: button, text: { type: plain_text, text: Help }, action_id: help, style: blue } }
actions: {}
`
    const { values } = resolvedWithoutSanity({ 'slack.yaml': SLACK })
    expect(values).toEqual([
      `BW2016 /configuration/schema/default default {"footer":{"type":"button","text":{"type":"plain_text","text":"Help"},"action_id":"help","style":"blue"}} is rejected by this schema itself (value.footer.style: must be one of 'primary', 'danger', not 'blue')`,
    ])
  })
})

// what the mutation run found unasserted (docs/testing.md#mutation-testing, part five)
describe('values checked through entities: cycles, unknown entities, shared entities', () => {
  const header = `kind: interface
name: crm
version: 1.0.0
`
  // `loop` reaches `ring` and back without passing through a property or items (BW4012):
  // a validator of a value reaching it would never return, so the value waits for the fix
  it('leaves unjudged a value whose schema reaches a direct cycle through another entity', () => {
    const CYCLE = `${header}entities:
  contact:
    schema: { type: object, properties: { id: { type: string } }, required: [id] }
  loop: { schema: { anyOf: [{ $entity: ring }, { type: integer }] } }
  ring: { schema: { allOf: [{ $entity: loop }] } }
  door: { schema: { oneOf: [{ $entity: loop }] } }
  holder: { schema: { type: object, properties: { link: { $entity: door } } } }
actions:
  getContact:
    input:
      schema:
        type: object
        properties:
          contact: { $entity: contact }
          holder: { $entity: holder }
        examples:
          - { contact: { id: 1 }, holder: { link: x } }
    output: { schema: { type: object } }
`
    expect(resolvedWithoutSanity({ 'crm.yaml': CYCLE }).values).toEqual([])
  })

  // a tree: the entity reaches itself only through a property's items, which is no cycle
  it('judges a value whose schema reaches an entity that reaches itself through items', () => {
    const TREE = `${header}entities:
  node:
    schema:
      type: object
      properties:
        id: { type: string }
        children: { type: array, items: { $entity: node } }
  tagged: { schema: { allOf: [{ $entity: node }] } }
actions:
  getTree:
    input:
      schema:
        type: object
        properties:
          tree: { $entity: tagged }
        default: { tree: { id: a, children: [{ id: 5 }] } }
    output: { schema: { type: object } }
`
    expect(resolvedWithoutSanity({ 'crm.yaml': TREE }).values).toEqual([
      'BW2016 /actions/getTree/input/schema/default default {"tree":{"id":"a","children":[{"id":5}]}} is rejected by this schema itself (value.tree.children[0].id: must be a string, not 5)',
    ])
  })

  // an unknown entity (BW3003, reported by resolution) admits anything here
  it('lets an unknown entity admit anything, and judges the value through the known one', () => {
    const UNKNOWN = `${header}entities:
  contact:
    schema: { type: object, properties: { id: { type: string } }, required: [id] }
actions:
  getContact:
    input:
      schema:
        type: object
        properties:
          contact: { $entity: contact }
          other: { $entity: nosuch }
        examples:
          - { contact: { id: a }, other: 5 }
          - { contact: { id: 1 }, other: 5 }
    output: { schema: { type: object } }
`
    expect(resolvedWithoutSanity({ 'crm.yaml': UNKNOWN }).values).toEqual([
      'BW2016 /actions/getContact/input/schema/examples/1 example {"contact":{"id":1},"other":5} is rejected by this schema itself (value.contact.id: must be a string, not 1)',
    ])
  })

  // an annotation may hold null: it is copied as it is when entities are set aside
  it('judges a value whose schema has an annotation holding null', () => {
    const NULLS = `${header}entities:
  contact:
    schema: { type: object, properties: { id: { type: string } }, required: [id] }
actions:
  getContact:
    input:
      schema:
        type: object
        x-note: null
        properties:
          contact: { $entity: contact, x-note: null }
        default: { contact: { id: 1 } }
    output: { schema: { type: object } }
`
    expect(resolvedWithoutSanity({ 'crm.yaml': NULLS }).values).toEqual([
      'BW2016 /actions/getContact/input/schema/default default {"contact":{"id":1}} is rejected by this schema itself (value.contact.id: must be a string, not 1)',
    ])
  })

  // each entity uses the next one twice: written in place at each use, the schema would
  // hold 2^40 entities; the check writes a bounded number and leaves the rest to ajv
  it('judges a value whose schema shares entities exponentially, in bounded time', () => {
    const depth = 40
    const chain = Array.from(
      { length: depth },
      (_, i) => `  e${i}: { schema: { type: object, properties: { l: { $entity: e${i + 1} }, r: { $entity: e${i + 1} } } } }`,
    )
    const SHARED = `${header}entities:
${chain.join('\n')}
  e${depth}: { schema: { type: object, properties: { id: { type: string } } } }
actions:
  getTree:
    input:
      schema:
        type: object
        properties:
          top: { $entity: e0 }
        examples:
          - { top: { l: { r: {} } } }
          - { top: { l: { r: 5 } } }
    output: { schema: { type: object } }
`
    expect(resolvedWithoutSanity({ 'crm.yaml': SHARED }).values).toEqual([
      'BW2016 /actions/getTree/input/schema/examples/1 example {"top":{"l":{"r":5}}} is rejected by this schema itself (value.top.l.r: must be an object, not 5)',
    ])
  })

  // a node that is only an entity reference with examples beside it holds no default
  it('judges the examples written beside an $entity, and no default it does not hold', () => {
    const EXAMPLES = `${header}entities:
  contact:
    schema: { type: object, properties: { id: { type: string } }, required: [id] }
actions:
  getContact:
    input:
      schema:
        type: object
        properties:
          contact: { $entity: contact, examples: [{ id: a }, { id: 2 }] }
    output: { schema: { type: object } }
`
    expect(resolvedWithoutSanity({ 'crm.yaml': EXAMPLES }).values).toEqual([
      'BW2016 /actions/getContact/input/schema/properties/contact/examples/1 example {"id":2} is rejected by this schema itself (value.id: must be a string, not 2)',
    ])
  })
})
