// What `botwire diff` shows for a changed schema (src/versioning/compareSchema.ts): each
// change's level, side, file, place and words, for every role a schema plays (an action's
// input and output, an entity, a configuration). A mutation run found most of these
// unasserted (docs/testing.md#mutation-testing): annotations paired node by node, an
// annotation-only change told from a change of what a schema admits, properties added and
// removed (through `allOf` branches too), a failure and a property change that say the same
// thing, both directions failing at one place, and where a change inside an entity is shown.
import { describe, expect, it } from 'vitest'
import type { DefinitionDiff } from '../../src/diff/types.js'
import { diffSides } from './support.js'

type Where = 'input' | 'output' | 'entity' | 'configuration'

const J = JSON.stringify

/** One definition whose schema at `where` is `schema`. */
function side(where: Where, schema: unknown, version: string): Record<string, string> {
  if (where === 'configuration')
    return { 'acme.yaml': `kind: integration\nname: acme\nversion: ${version}\nconfiguration:\n  schema: ${J(schema)}\nactions: {}\n` }
  const head = `kind: interface\nname: demo\nversion: ${version}\n`
  if (where === 'entity') return { 'demo.yaml': `${head}entities:\n  item:\n    schema: ${J(schema)}\nactions: {}\n` }
  const [input, output] = where === 'input' ? [schema, { type: 'object' }] : [{ type: 'object' }, schema]
  return { 'demo.yaml': `${head}entities: {}\nactions:\n  a:\n    input: { schema: ${J(input)} }\n    output: { schema: ${J(output)} }\n` }
}

const shown = (d: DefinitionDiff): string[] =>
  d.changes.map((c) => `${c.level} ${c.side} ${c.file} ${c.path} ${c.message}${c.undecidable ? ' (undecidable)' : ''}`)

/** The changes `diff` shows when the schema at `where` goes from `old` to `neu`. */
function changes(where: Where, old: unknown, neu: unknown): string[] {
  return shown(diffSides(side(where, old, '1.0.0'), side(where, neu, '2.0.0'), where === 'configuration' ? 'acme' : 'demo'))
}

const S = { type: 'string' }
/** An object with one property `v` (the top of an action's schema must be an object). */
const v = (schema: unknown): unknown => ({ type: 'object', properties: { v: schema } })
const IN = "input of action 'a'"
const OUT = "output of action 'a'"

describe('annotations', () => {
  it('are compared node by node: at the root, in properties, items, additionalProperties and every kind of branch', () => {
    const old = {
      type: 'object',
      title: 'T',
      description: 'D',
      properties: {
        p: { type: 'string', default: 'a' },
        list: { type: 'array', items: { type: 'string', examples: ['x'] } },
        map: { type: 'object', additionalProperties: { type: 'string', title: 'M' } },
        any: { anyOf: [{ type: 'string', description: 'S' }, { type: 'integer' }] },
        one: { oneOf: [{ type: 'string' }, { type: 'integer', 'x-n': 1 }] },
        all: { allOf: [{ type: 'object', properties: { q: { type: 'string', 'x-note': 'n' } } }] },
      },
    }
    const neu = {
      type: 'object',
      title: 'T2',
      'x-root': true,
      properties: {
        p: { type: 'string', default: 'b' },
        list: { type: 'array', items: { type: 'string' } },
        map: { type: 'object', additionalProperties: { type: 'string', title: 'M2' } },
        any: { anyOf: [{ type: 'string', description: 'S2' }, { type: 'integer' }] },
        one: { oneOf: [{ type: 'string', title: 'first' }, { type: 'integer' }] },
        all: { allOf: [{ type: 'object', properties: { q: { type: 'string', 'x-note': 'm' } } }] },
      },
    }
    // only annotations changed: nothing is said about what the schema admits
    const P = '/actions/a/input/schema'
    expect(changes('input', old, neu)).toEqual([
      `patch new new/demo.yaml ${P}/properties/all/allOf/0/properties/q/x-note x-note changed at /properties/all/allOf/0/properties/q of ${IN}`,
      `patch new new/demo.yaml ${P}/properties/any/anyOf/0/description description changed at /properties/any/anyOf/0 of ${IN}`,
      `patch new new/demo.yaml ${P}/properties/map/additionalProperties/title title changed at /properties/map/additionalProperties of ${IN}`,
      `patch new new/demo.yaml ${P}/properties/one/oneOf/0/title title added at /properties/one/oneOf/0 of ${IN}`,
      `patch new new/demo.yaml ${P}/properties/p/default default changed at /properties/p of ${IN}`,
      `patch new new/demo.yaml ${P}/title title changed on ${IN}`,
      `patch new new/demo.yaml ${P}/x-root x-root added on ${IN}`,
      `patch old old/demo.yaml ${P}/description description removed on ${IN}`,
      `patch old old/demo.yaml ${P}/properties/list/items/examples examples removed at /properties/list/items of ${IN}`,
      `patch old old/demo.yaml ${P}/properties/one/oneOf/1/x-n x-n removed at /properties/one/oneOf/1 of ${IN}`,
    ])
  })

  it('secret: true added is major and removed is minor; secret: false is a plain annotation', () => {
    const prop = (secret?: boolean): unknown => (secret === undefined ? S : { ...S, secret })
    const old = { type: 'object', properties: { a: prop(true), b: prop(), c: prop(false), d: prop(), e: prop(true) } }
    const neu = { type: 'object', properties: { a: prop(), b: prop(true), c: prop(true), d: prop(false), e: prop(false) } }
    const P = '/configuration/schema/properties'
    const plain = 'of the configuration (a bot that gives it in plain text no longer passes check; it must give { $secret: NAME })'
    expect(changes('configuration', old, neu)).toEqual([
      `major new new/acme.yaml ${P}/b/secret secret: true added at /properties/b ${plain}`,
      `major new new/acme.yaml ${P}/c/secret secret: true added at /properties/c ${plain}`,
      `minor new new/acme.yaml ${P}/e/secret secret: true removed at /properties/e of the configuration (a bot may now give it in plain text)`,
      `minor old old/acme.yaml ${P}/a/secret secret: true removed at /properties/a of the configuration (a bot may now give it in plain text)`,
      `patch new new/acme.yaml ${P}/d/secret secret added at /properties/d of the configuration`,
    ])
  })

  it('are paired only where both sides have the node: items, branches and additionalProperties on one side only', () => {
    const P = '/actions/a'
    expect(changes('output', v({ type: 'array' }), v({ type: 'array', items: { type: 'string', title: 'S' } }))).toEqual([
      `minor new new/demo.yaml ${P}/output/schema/properties/v/items ${OUT} produces less: items may be any value in the old schema, but the new schema constrains its items`,
    ])
    expect(
      changes(
        'input',
        v({ anyOf: [{ type: 'string', title: 'A' }, { type: 'integer' }] }),
        v({ anyOf: [{ type: 'string', title: 'B' }, { type: 'integer' }, { type: 'boolean', title: 'C' }] }),
      ),
    ).toEqual([
      `minor new new/demo.yaml ${P}/input/schema/properties/v/anyOf/2 ${IN} accepts more: boolean does not extend string or integer`,
      `patch new new/demo.yaml ${P}/input/schema/properties/v/anyOf/0/title title changed at /properties/v/anyOf/0 of ${IN}`,
    ])
    expect(changes('input', v({ oneOf: [{ type: 'string', title: 'A' }, { type: 'integer' }] }), v({ oneOf: [{ type: 'string', title: 'B' }] }))).toEqual([
      `major new new/demo.yaml ${P}/input/schema/properties/v/oneOf ${IN} rejects values it accepted: integer does not extend string`,
      `patch new new/demo.yaml ${P}/input/schema/properties/v/oneOf/0/title title changed at /properties/v/oneOf/0 of ${IN}`,
    ])
    expect(
      changes(
        'input',
        {
          allOf: [
            { type: 'object', title: 'A' },
            { type: 'object', properties: { b: S } },
          ],
        },
        { allOf: [{ type: 'object', title: 'B' }] },
      ),
    ).toEqual([
      `major old old/demo.yaml ${P}/input/schema/allOf/1/properties/b optional property 'b' removed from ${IN} (code that passes it no longer compiles)`,
      `patch new new/demo.yaml ${P}/input/schema/allOf/0/title title changed at /allOf/0 of ${IN}`,
    ])
    expect(changes('input', { type: 'object', additionalProperties: false }, { type: 'object', additionalProperties: { ...S, title: 'X' } })).toEqual([
      `minor new new/demo.yaml ${P}/input/schema/additionalProperties ${IN} accepts more: the old schema is closed (additionalProperties: false), so this object must be closed too, but it admits other properties`,
    ])
    expect(changes('input', { type: 'object', additionalProperties: { ...S, title: 'X' } }, { type: 'object', additionalProperties: true })).toEqual([
      `minor new new/demo.yaml ${P}/input/schema/additionalProperties ${IN} accepts more: extra properties may hold any value in the new schema, but the old schema requires them to match its additionalProperties schema`,
    ])
  })
})

describe('what a schema admits, told from its annotations', () => {
  it('a value in const or enum is data: a key named like an annotation in it is a change of what the schema admits', () => {
    expect(changes('input', v({ const: { title: 'a', 'x-k': 1 } }), v({ const: { title: 'b', 'x-k': 2 } }))).toEqual([
      `major new new/demo.yaml /actions/a/input/schema/properties/v/const ${IN} rejects values it accepted: {"title":"a","x-k":1} is not allowed by the new schema (not {"title":"b","x-k":2})`,
    ])
    expect(changes('input', v({ type: 'object', enum: [{ description: 'a' }] }), v({ type: 'object', enum: [{ description: 'b' }] }))).toEqual([
      `major new new/demo.yaml /actions/a/input/schema/properties/v/enum ${IN} rejects values it accepted: {"description":"a"} is not allowed by the new schema (not one of {"description":"b"})`,
      `minor new new/demo.yaml /actions/a/input/schema/properties/v/enum/0 ${IN} accepts more: {"description":"b"} is not allowed by the old schema (not one of {"description":"a"})`,
    ])
  })

  it('a union or an allOf on one side only is compared as a whole', () => {
    expect(changes('input', v(S), v({ anyOf: [S, { type: 'integer' }] }))).toEqual([
      `minor new new/demo.yaml /actions/a/input/schema/properties/v/anyOf/1 ${IN} accepts more: integer does not extend string`,
    ])
    expect(changes('input', v({ oneOf: [S, { type: 'integer' }] }), v(S))).toEqual([
      `major new new/demo.yaml /actions/a/input/schema/properties/v ${IN} rejects values it accepted: integer does not extend string`,
    ])
    const plain = { type: 'object', properties: { a: S } }
    const same = [`patch new new/demo.yaml /actions/a/input/schema ${IN} is written differently but admits the same values`]
    expect(changes('input', plain, { allOf: [plain] })).toEqual(same)
    expect(changes('input', { allOf: [plain] }, plain)).toEqual(same)
  })
})

describe('properties added and removed', () => {
  const before = { type: 'object', properties: { a: S, r: S, o: { type: 'object', properties: { x: S } } }, required: ['r'] }
  const after = { type: 'object', properties: { b: S, o: { type: 'object', properties: { y: S } } } }

  it('in an input: a removal breaks the code that passes it; an addition is minor', () => {
    const P = '/actions/a/input/schema/properties'
    const why = '(code that passes it no longer compiles)'
    expect(changes('input', before, after)).toEqual([
      `major old old/demo.yaml ${P}/a optional property 'a' removed from ${IN} ${why}`,
      `major old old/demo.yaml ${P}/o/properties/x optional property 'x' removed from ${IN} ${why}`,
      `major old old/demo.yaml ${P}/r required property 'r' removed from ${IN} ${why}`,
      `minor new new/demo.yaml ${P}/b optional property 'b' added to ${IN}`,
      `minor new new/demo.yaml ${P}/o/properties/y optional property 'y' added to ${IN}`,
    ])
    // a required property added says so as the failure it is
    expect(changes('input', after, before)).toEqual([
      `major new new/demo.yaml /actions/a/input/schema/required/0 ${IN} rejects values it accepted: property 'r' is required by the new schema but missing in the old schema`,
      `major old old/demo.yaml ${P}/b optional property 'b' removed from ${IN} ${why}`,
      `major old old/demo.yaml ${P}/o/properties/y optional property 'y' removed from ${IN} ${why}`,
      `minor new new/demo.yaml ${P}/a optional property 'a' added to ${IN}`,
      `minor new new/demo.yaml ${P}/o/properties/x optional property 'x' added to ${IN}`,
    ])
  })

  it('in an output: a removal breaks the code that reads it; a required property added is the property change (a tie with the failure)', () => {
    const P = '/actions/a/output/schema/properties'
    const why = '(code that reads it no longer compiles)'
    expect(changes('output', before, after)).toEqual([
      `major old old/demo.yaml ${P}/a optional property 'a' removed from ${OUT} ${why}`,
      `major old old/demo.yaml ${P}/o/properties/x optional property 'x' removed from ${OUT} ${why}`,
      `major old old/demo.yaml ${P}/r required property 'r' removed from ${OUT} ${why}`,
      `minor new new/demo.yaml ${P}/b optional property 'b' added to ${OUT}`,
      `minor new new/demo.yaml ${P}/o/properties/y optional property 'y' added to ${OUT}`,
    ])
    expect(changes('output', after, before)).toEqual([
      `major old old/demo.yaml ${P}/b optional property 'b' removed from ${OUT} ${why}`,
      `major old old/demo.yaml ${P}/o/properties/y optional property 'y' removed from ${OUT} ${why}`,
      `minor new new/demo.yaml ${P}/a optional property 'a' added to ${OUT}`,
      `minor new new/demo.yaml ${P}/o/properties/x optional property 'x' added to ${OUT}`,
      `minor new new/demo.yaml ${P}/r required property 'r' added to ${OUT}`,
    ])
  })

  it('in an entity: a removal is major, with no reason of a direction', () => {
    const P = '/entities/item/schema/properties'
    expect(changes('entity', before, after)).toEqual([
      `major old old/demo.yaml ${P}/a optional property 'a' removed from entity 'item'`,
      `major old old/demo.yaml ${P}/o/properties/x optional property 'x' removed from entity 'item'`,
      `major old old/demo.yaml ${P}/r required property 'r' removed from entity 'item'`,
      `minor new new/demo.yaml ${P}/b optional property 'b' added to entity 'item'`,
      `minor new new/demo.yaml ${P}/o/properties/y optional property 'y' added to entity 'item'`,
    ])
    expect(changes('entity', after, before)[0]).toBe(
      "major new new/demo.yaml /entities/item/schema/required/0 entity 'item' rejects values it admitted (entities and channel messages flow both ways): property 'r' is required by the new schema but missing in the old schema",
    )
  })

  it('in a configuration: a removal is minor (an open object still takes the key)', () => {
    const P = '/configuration/schema/properties'
    const why = '(bots that set it still pass where the object is open; it only has no effect)'
    expect(changes('configuration', before, after)).toEqual([
      `minor new new/acme.yaml ${P}/b optional property 'b' added to the configuration`,
      `minor new new/acme.yaml ${P}/o/properties/y optional property 'y' added to the configuration`,
      `minor old old/acme.yaml ${P}/a optional property 'a' removed from the configuration ${why}`,
      `minor old old/acme.yaml ${P}/o/properties/x optional property 'x' removed from the configuration ${why}`,
      `minor old old/acme.yaml ${P}/r required property 'r' removed from the configuration ${why}`,
    ])
  })

  it('through allOf branches: a property moved between branches is no change; required and declared in two branches; declared twice', () => {
    const P = '/actions/a'
    expect(
      changes(
        'input',
        {
          allOf: [
            { type: 'object', properties: { a: S } },
            { type: 'object', properties: { b: S } },
          ],
        },
        { allOf: [{ type: 'object', properties: { a: S, b: S } }, { type: 'object' }] },
      ),
    ).toEqual([`patch new new/demo.yaml ${P}/input/schema ${IN} is written differently but admits the same values`])
    expect(
      changes(
        'output',
        {
          allOf: [
            { type: 'object', required: ['a'] },
            { type: 'object', properties: { a: S, k: S } },
          ],
        },
        { allOf: [{ type: 'object' }, { type: 'object', properties: { k: S } }] },
      ),
    ).toEqual([
      `major old old/demo.yaml ${P}/output/schema/allOf/1/properties/a required property 'a' removed from ${OUT} (code that reads it no longer compiles)`,
    ])
    // declared at the top and in a branch: one property, shown where it is first declared
    expect(
      changes(
        'output',
        { type: 'object', properties: { a: S }, allOf: [{ type: 'object', properties: { a: S } }] },
        { type: 'object', allOf: [{ type: 'object' }] },
      ),
    ).toEqual([`major old old/demo.yaml ${P}/output/schema/properties/a optional property 'a' removed from ${OUT} (code that reads it no longer compiles)`])
    // a branch added: its property once, not again for the branch's own pairing
    expect(
      changes(
        'input',
        { type: 'object', allOf: [{ type: 'object', properties: { a: S } }] },
        {
          type: 'object',
          allOf: [
            { type: 'object', properties: { a: S } },
            { type: 'object', properties: { c: S } },
          ],
        },
      ),
    ).toEqual([`minor new new/demo.yaml ${P}/input/schema/allOf/1/properties/c optional property 'c' added to ${IN}`])
  })
})

describe('failures of the extension check', () => {
  it('both directions failing at one place: the higher level says it, or for an entity one change says both', () => {
    expect(changes('input', v(S), v({ type: 'integer' }))).toEqual([
      `major new new/demo.yaml /actions/a/input/schema/properties/v ${IN} rejects values it accepted: string does not extend integer`,
    ])
    expect(changes('output', v(S), v({ type: 'integer' }))).toEqual([
      `major new new/demo.yaml /actions/a/output/schema/properties/v ${OUT} may produce values it did not: integer does not extend string`,
    ])
    expect(changes('entity', v(S), v({ type: 'integer' }))).toEqual([
      "major new new/demo.yaml /entities/item/schema/properties/v entity 'item' rejects values it admitted and admits values it did not (entities and channel messages flow both ways): string does not extend integer; integer does not extend string",
    ])
  })

  it('both directions failing at different places are two changes, each with its level', () => {
    const e = (values: string[]): unknown => v({ type: 'string', enum: values })
    const reasons = ["'a' is not allowed by the new schema (not one of 'b', 'c')", "'c' is not allowed by the old schema (not one of 'a', 'b')"]
    expect(changes('input', e(['a', 'b']), e(['b', 'c']))).toEqual([
      `major new new/demo.yaml /actions/a/input/schema/properties/v/enum ${IN} rejects values it accepted: ${reasons[0]}`,
      `minor new new/demo.yaml /actions/a/input/schema/properties/v/enum/1 ${IN} accepts more: ${reasons[1]}`,
    ])
    expect(changes('output', e(['a', 'b']), e(['b', 'c']))).toEqual([
      `major new new/demo.yaml /actions/a/output/schema/properties/v/enum/1 ${OUT} may produce values it did not: ${reasons[1]}`,
      `minor new new/demo.yaml /actions/a/output/schema/properties/v/enum ${OUT} produces less: ${reasons[0]}`,
    ])
    const note = '(entities and channel messages flow both ways)'
    expect(changes('entity', e(['a', 'b']), e(['b', 'c']))).toEqual([
      `major new new/demo.yaml /entities/item/schema/properties/v/enum entity 'item' rejects values it admitted ${note}: ${reasons[0]}`,
      `major new new/demo.yaml /entities/item/schema/properties/v/enum/1 entity 'item' admits values it did not ${note}: ${reasons[1]}`,
    ])
  })

  it('a failure and a property change at one place: the higher level, the failure for an entity property that also changed type', () => {
    expect(changes('entity', { type: 'object', properties: { a: S }, required: ['a'] }, { type: 'object', properties: { a: { type: 'integer' } } })).toEqual([
      "major new new/demo.yaml /entities/item/schema entity 'item' admits values it did not (entities and channel messages flow both ways): property 'a' is required by the old schema but optional in the new schema",
      "major new new/demo.yaml /entities/item/schema/properties/a entity 'item' rejects values it admitted and admits values it did not (entities and channel messages flow both ways): string does not extend integer; integer does not extend string",
    ])
  })

  it('what the checker cannot decide counts as the breaking direction, is said so, and is never merged', () => {
    const p = (pattern: string): unknown => v({ type: 'string', pattern })
    const [a, b] = ['^[a-z]+$', '^[a-z0-9]+$']
    const tell = (x: string, y: string, which: string): string =>
      `cannot tell whether every string matching pattern '${x}' also matches the ${which} schema's pattern '${y}'`
    const P = '/properties/v/pattern'
    expect(changes('input', p(a), p(b))).toEqual([
      `major new new/demo.yaml /actions/a/input/schema${P} ${IN}: cannot decide whether it rejects values it accepted, so it counts as if it did (${tell(a, b, 'new')}) (undecidable)`,
    ])
    expect(changes('output', p(a), p(b))).toEqual([
      `major new new/demo.yaml /actions/a/output/schema${P} ${OUT}: cannot decide whether it may produce values it did not, so it counts as if it did (${tell(b, a, 'old')}) (undecidable)`,
    ])
    const note = '(entities and channel messages flow both ways)'
    expect(changes('entity', p(a), p(b))).toEqual([
      `major new new/demo.yaml /entities/item/schema${P} entity 'item': cannot decide whether it rejects values it admitted ${note}, so it counts as if it did (${tell(a, b, 'new')}) (undecidable)`,
      `major new new/demo.yaml /entities/item/schema${P} entity 'item': cannot decide whether it admits values it did not ${note}, so it counts as if it did (${tell(b, a, 'old')}) (undecidable)`,
    ])
  })

  it('a reason that says "here" names the side it means', () => {
    expect(changes('input', v(S), v({ type: 'string', pattern: '^(a|b)+$' }))).toEqual([
      `major new new/demo.yaml /actions/a/input/schema/properties/v/pattern ${IN} rejects values it accepted: strings such as '' are allowed in the old schema but do not match the new schema's pattern '^(a|b)+$'`,
    ])
  })
})

describe('where a failure inside an entity is shown', () => {
  const iface = (version: string, input: unknown): string =>
    `kind: interface\nname: demo\nversion: ${version}\nentities:\n  item: { schema: { type: object, properties: { id: { type: string } }, required: [id] } }\n  other: { schema: { type: object, properties: { id: { type: integer } } } }\nactions:\n  a:\n    input: { schema: ${J(input)} }\n    output: { schema: { type: object } }\n`
  const plugin = (version: string, input: unknown): string =>
    `kind: plugin\nname: helper\nversion: ${version}\ninterfaces:\n  d: { name: demo, version: ^1.0.0 }\nactions:\n  a:\n    input: { schema: ${J(input)} }\n    output: { schema: { type: object } }\n`
  const DEMO = iface('1.0.0', { type: 'object' })

  it('in the definition’s own entity: there, in the side that has it first (the old)', () => {
    expect(shown(diffSides({ 'demo.yaml': iface('1.0.0', v({ $entity: 'item' })) }, { 'demo.yaml': iface('2.0.0', v({ $entity: 'other' })) }))).toEqual([
      `major old old/demo.yaml /entities/other/schema/properties/id ${IN} rejects values it accepted: string does not extend integer`,
      `minor old old/demo.yaml /entities/other/schema ${IN} accepts more: property 'id' is required by entity 'item' but optional in the new schema`,
    ])
  })

  it('in an interface’s entity seen from a plugin: the side written out in the plugin, else the compared schema', () => {
    const run = (old: unknown, neu: unknown): string[] =>
      shown(diffSides({ 'demo.yaml': DEMO, 'helper.yaml': plugin('1.0.0', old) }, { 'demo.yaml': DEMO, 'helper.yaml': plugin('2.0.0', neu) }, 'helper'))
    expect(run(v({ $entity: 'd.item' }), v({ $entity: 'd.other' }))).toEqual([
      `major new new/helper.yaml /actions/a/input/schema ${IN} rejects values it accepted: string does not extend integer`,
    ])
    expect(run(v({ type: 'object', properties: { id: S } }), v({ $entity: 'd.other' }))).toEqual([
      `major old old/helper.yaml /actions/a/input/schema/properties/v/properties/id ${IN} rejects values it accepted: string does not extend integer`,
    ])
  })

  it('a reason names the entity a failure is in; a property removed beside it is its own change', () => {
    expect(
      shown(diffSides({ 'demo.yaml': iface('1.0.0', v({ $entity: 'item' })) }, { 'demo.yaml': iface('2.0.0', v({ type: 'object', properties: { id: S } })) })),
    ).toEqual([
      `minor new new/demo.yaml /actions/a/input/schema/properties/v ${IN} accepts more: property 'id' is required by entity 'item' but optional in the new schema`,
    ])
    // the failure inside the entities is at /properties/id of an entity, not of the input: the removal of the input's own 'id' does not hide it
    expect(
      shown(
        diffSides(
          { 'demo.yaml': iface('1.0.0', { type: 'object', properties: { id: S, v: { $entity: 'item' } } }) },
          { 'demo.yaml': iface('2.0.0', { type: 'object', properties: { v: { $entity: 'other' } } }) },
        ),
      ),
    ).toEqual([
      `major old old/demo.yaml /actions/a/input/schema/properties/id optional property 'id' removed from ${IN} (code that passes it no longer compiles)`,
      `major old old/demo.yaml /entities/other/schema/properties/id ${IN} rejects values it accepted: string does not extend integer`,
      `minor old old/demo.yaml /entities/other/schema ${IN} accepts more: property 'id' is required by entity 'item' but optional in the new schema`,
    ])
  })

  it('an entity whose interface is not available: a verdict that depends on its values is undecidable, shown at the compared schema', () => {
    const unknown = (names: string): string => `(it uses ${names}, whose interface is not available, so`
    expect(
      shown(diffSides({ 'helper.yaml': plugin('1.0.0', v({ $entity: 'd.item' })) }, { 'helper.yaml': plugin('2.0.0', v({ $entity: 'd.other' })) }, 'helper')),
    ).toEqual([
      `major new new/helper.yaml /actions/a/input/schema ${IN}: cannot decide whether it rejects values it accepted, so it counts as if it did ${unknown("entities 'd.item', 'd.other'")} their values are not known) (undecidable)`,
    ])
    // the entity's values might be objects: a string in its place is no wider input, whatever one reading of it says
    for (const [old, neu] of [
      [{ $entity: 'd.item' }, S],
      [S, { $entity: 'd.item' }],
    ]) {
      expect(shown(diffSides({ 'helper.yaml': plugin('1.0.0', v(old)) }, { 'helper.yaml': plugin('2.0.0', v(neu)) }, 'helper'))).toEqual([
        `major new new/helper.yaml /actions/a/input/schema ${IN}: cannot decide whether it rejects values it accepted, so it counts as if it did ${unknown("entity 'd.item'")} its values are not known) (undecidable)`,
      ])
    }
    // a change beside an unchanged opaque entity is judged as usual
    expect(
      shown(
        diffSides(
          { 'helper.yaml': plugin('1.0.0', { type: 'object', properties: { v: { $entity: 'd.item' }, n: S } }) },
          { 'helper.yaml': plugin('2.0.0', { type: 'object', properties: { v: { $entity: 'd.item' }, n: S }, required: ['n'] }) },
          'helper',
        ),
      ),
    ).toEqual([
      `major new new/helper.yaml /actions/a/input/schema/required/0 ${IN} rejects values it accepted: property 'n' is required by the new schema but optional in the old schema`,
    ])
  })
})
