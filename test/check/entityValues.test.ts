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
