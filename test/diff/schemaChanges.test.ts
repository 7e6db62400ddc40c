// What `botwire diff` shows for a changed schema (src/versioning/compareSchema.ts): each
// change's level, side, file, place and words, for every role a schema plays (an action's
// input and output, an entity, a configuration). A mutation run found most of these
// unasserted (docs/testing.md#mutation-testing): annotations paired node by node, an
// annotation-only change told from a change of what a schema admits, properties added and
// removed (through `allOf` branches too), a failure and a property change that say the same
// thing (both directions failing at one place, and where a change inside an entity is
// shown, are in schemaChangeFailures.test.ts).
import { describe, expect, it } from 'vitest'
import { changes, IN, OUT, S, v } from './schemaChangeSides.js'

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
