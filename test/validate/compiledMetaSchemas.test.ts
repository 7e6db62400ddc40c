// The meta-schema validators are compiled ahead of time (src/validate/compiled/); they
// must be what ajv compiles from the schemas in schemas/ today, and answer as it does.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { metaSchemaValidatorsSource } from '../../scripts/metaSchemaSource.js'
import { createMetaSchemaAjv, DEFINITION_KINDS, metaSchemaValidator, readMetaSchema } from '../../src/validate/metaSchemas.js'

const committed = join(import.meta.dirname, '..', '..', 'src', 'validate', 'compiled', 'metaSchemaValidators.ts')

describe('the compiled meta-schema validators', () => {
  it('are current: `npm run compile:schemas` writes the same text', () => {
    expect(
      readFileSync(committed, 'utf8') === metaSchemaValidatorsSource(),
      'src/validate/compiled/metaSchemaValidators.ts is stale: run `npm run compile:schemas`',
    ).toBe(true)
  })

  it('report what ajv compiling the schemas reports, error for error', () => {
    const ajv = createMetaSchemaAjv()
    const samples: unknown[] = [
      { kind: 'interface', name: 'Bad Name', version: '1.0', entities: { x: { schema: { type: 'strin' } } }, actions: {} },
      { kind: 'integration', name: 'a', version: '1.0.0', interfaces: { llm: { name: 'llm' } }, extra: 1 },
      { kind: 'plugin', name: 'p', version: '1.0.0', dependencies: { __proto__: null, 'bad-key': { name: 'x', version: 1 } } },
      { kind: 'bot', name: 'b', integrations: { a: { name: 'x', version: '1.0.0', configuration: 'no' } }, plugins: [] },
      // property names that instance paths must escape
      {
        kind: 'interface',
        name: 'x',
        version: '1.0.0',
        entities: { e: { schema: { type: 'object', properties: { 'a/b': { type: 'strin' }, 'c~d': { minLength: 'x' }, '~/': { properties: { '/': 1 } } } } } },
      },
    ]
    for (const kind of DEFINITION_KINDS) {
      const file = `${kind}.schema.json`
      ajv.addSchema(readMetaSchema(file), file)
      const reference = ajv.getSchema(file)
      if (!reference) throw new Error(`${file} did not compile`)
      const compiled = metaSchemaValidator(kind)
      for (const sample of samples) {
        const expected = reference(sample)
        const expectedErrors = structuredClone(reference.errors)
        expect(compiled(sample)).toBe(expected)
        expect(compiled.errors).toEqual(expectedErrors)
      }
    }
  })
})
