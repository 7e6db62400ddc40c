// What `botwire diff` shows when the extension check fails for a changed schema: both
// directions failing at one place, and where a failure inside an entity is shown
// (docs/versioning.md#the-three-levels).
import { describe, expect, it } from 'vitest'
import { changes, IN, J, OUT, S, shown, v } from './schemaChangeSides.js'
import { diffSides } from './support.js'

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
