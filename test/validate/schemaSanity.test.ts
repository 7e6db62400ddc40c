// Schema sanity (docs/definitions.md#schemas) on single schemas: what contradicts itself is reported once, at
// the node at fault, with the code of what leaves nothing; what does not (the "at least
// one of" idiom in its forms) passes. Each schema is an entity of a one-file workspace.
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { tempDir, writeFiles } from '../support/cli.js'

const root = tempDir('botwire-sanity-')
afterAll(() => rmSync(root, { recursive: true, force: true }))

let count = 0
/** `code path` of every diagnostic for an interface with one entity `e` of this schema. */
function sanity(schema: unknown): string[] {
  const dir = join(root, `case-${count++}`)
  writeFiles(dir, { 'i.yaml': `kind: interface\nname: i\nversion: 1.0.0\nentities:\n  e:\n    schema: ${JSON.stringify(schema)}\nactions: {}\n` })
  const checked = checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir })
  return checked.diagnostics.map((d) => `${d.code} ${d.path ?? ''}`)
}

const contact = { email: { type: 'string', format: 'email' }, phone: { type: 'string' } }
const at = (pointer: string): string => `/entities/e/schema${pointer}`

describe('the "at least one of" idiom passes', () => {
  it.each([
    [
      'typed branches',
      {
        type: 'object',
        properties: contact,
        anyOf: [
          { type: 'object', required: ['email'] },
          { type: 'object', required: ['phone'] },
        ],
      },
    ],
    ['branches without a type', { type: 'object', properties: contact, anyOf: [{ required: ['email'] }, { required: ['phone'] }] }],
    ['oneOf, closed object', { type: 'object', properties: contact, additionalProperties: false, oneOf: [{ required: ['email'] }, { required: ['phone'] }] }],
    [
      'a branch of a branch',
      {
        type: 'object',
        properties: contact,
        anyOf: [{ anyOf: [{ required: ['email'] }, { required: ['phone'] }] }, { type: 'object', properties: { fax: { type: 'string' } }, required: ['fax'] }],
      },
    ],
    [
      'a branch with its own properties too',
      {
        type: 'object',
        properties: contact,
        anyOf: [{ properties: { email: { type: 'string', minLength: 3 } }, required: ['email'] }, { required: ['phone'] }],
      },
    ],
    ['a dead branch beside a live one is not a contradiction', { type: 'string', anyOf: [{ type: 'integer' }, { minLength: 1 }] }],
  ])('%s', (_name, schema) => {
    expect(sanity(schema)).toEqual([])
  })
})

describe('a schema node that admits no value', () => {
  it.each([
    ['const outside the enum', { type: 'string', enum: ['open', 'closed'], const: 'archived' }, ['BW2016 /const']],
    ['const outside the enum, no type', { enum: [1, 2], const: 3 }, ['BW2016 /const']],
    ['no integer between fractional bounds', { type: 'integer', minimum: 1.2, maximum: 1.5 }, ['BW2014 ']],
    ['no integer between exclusive bounds', { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 1 }, ['BW2014 ']],
    ['union branches of other types', { type: 'string', anyOf: [{ type: 'integer' }, { const: true }] }, ['BW2019 /anyOf']],
    [
      'a typeless branch closed against what it requires',
      { type: 'object', properties: contact, anyOf: [{ required: ['email'], additionalProperties: false }] },
      ['BW2013 /anyOf/0/required/0'],
    ],
    // its default is rejected too, for the same reason: one diagnostic
    ['with a default', { type: 'integer', minimum: 1.2, maximum: 1.5, default: 1 }, ['BW2014 ']],
  ])('%s', (_name, schema, expected) => {
    expect(sanity(schema)).toEqual(
      expected.map((line) => {
        const [code, pointer] = line.split(' ')
        return `${code} ${at(pointer ?? '')}`
      }),
    )
  })

  it('is reported at the sub-schema at fault, not again at the nodes around it', () => {
    const emptyBranch = { type: 'integer', anyOf: [{ type: 'integer', minimum: 1.2, maximum: 1.5 }] }
    expect(sanity({ type: 'object', properties: { p: emptyBranch }, required: ['p'] })).toEqual([`BW2014 ${at('/properties/p/anyOf/0')}`])
    expect(sanity({ type: 'object', properties: { n: { type: 'integer', minimum: 1.2, maximum: 1.5 } }, required: ['n'] })).toEqual([
      `BW2014 ${at('/properties/n')}`,
    ])
    expect(sanity({ type: 'array', minItems: 1, items: { enum: ['a'], const: 'b' } })).toEqual([`BW2016 ${at('/items/const')}`])
  })

  it('leaves what the keyword checks already report to them (one diagnostic each)', () => {
    expect(sanity({ type: 'string', const: 42 })).toEqual([`BW2016 ${at('/const')}`])
    expect(sanity({ type: 'integer', minimum: 5, maximum: 1 })).toEqual([`BW2014 ${at('/minimum')}`])
    expect(sanity({ type: 'object', properties: contact, anyOf: [{ required: ['phnoe'] }] })).toEqual([`BW2013 ${at('/anyOf/0/required/0')}`])
  })
})

describe('annotations beside references', () => {
  it('x- keys may stand beside $message and $entity; other keywords may not', () => {
    expect(sanity({ type: 'object', properties: { reply: { $message: 'text', 'x-widget': 'preview' } } })).toEqual([])
    expect(sanity({ type: 'object', properties: { reply: { $message: 'text', minLength: 1 } } })).toEqual([`BW2020 ${at('/properties/reply/minLength')}`])
  })
})
