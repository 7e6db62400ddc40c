// Rows of the entity extension table (docs/entity-extension.md#the-rules): objects, unions
// and entities.
import type { SchemaNode } from '../../src/jsonSchema/types.js'
import { int, num, obj, type Row, str, tree } from './extensionCases.js'

export const objectRows: Row[] = [
  // ---- objects
  { name: 'extra property when T is open', s: obj({ id: str, extra: int }, ['id']), t: obj({ id: str }, ['id']), extends: true },
  {
    name: 'required by T but optional here',
    s: { entities: { modelRef: obj({ id: str, provider: str }, ['provider']) }, entity: 'modelRef' },
    t: { entities: { modelRef: obj({ id: str, provider: str }, ['id', 'provider']) }, entity: 'modelRef' },
    extends: false,
    failures: [{ at: '/required', reason: "property 'id' is required by T.modelRef but optional here", target: '/required/0' }],
  },
  {
    name: 'required by T and missing here',
    s: obj({ name: str }),
    t: obj({ id: str }, ['id']),
    extends: false,
    failures: [{ at: '', reason: "property 'id' is required by T schema but missing here" }],
  },
  {
    name: 'optional property of T left out (allowed: docs/entity-extension.md#objects)',
    s: obj({ id: str }, ['id']),
    t: obj({ id: str, note: str }, ['id']),
    extends: true,
  },
  {
    name: 'optional on both sides, compared',
    s: obj({ note: int }),
    t: obj({ note: str }),
    extends: false,
    failures: [{ at: '/properties/note', reason: 'integer does not extend string' }],
  },
  {
    name: 'T closed, S open',
    s: obj({ id: str }, ['id']),
    t: obj({ id: str }, ['id'], { additionalProperties: false }),
    extends: false,
    failures: [{ at: '', reason: 'is closed (additionalProperties: false), so this object must be closed too', target: '/additionalProperties' }],
  },
  {
    name: 'T closed, S closed with a property T lacks',
    s: obj({ id: str, extra: int }, ['id'], { additionalProperties: false }),
    t: obj({ id: str }, ['id'], { additionalProperties: false }),
    extends: false,
    failures: [{ at: '/properties/extra', reason: "property 'extra' is not allowed by T schema" }],
  },
  {
    name: 'T closed, S closed with fewer optional properties',
    s: obj({ id: str }, ['id'], { additionalProperties: false }),
    t: obj({ id: str, note: str }, ['id'], { additionalProperties: false }),
    extends: true,
  },
  { name: 'T open, S closed', s: obj({ id: str }, ['id'], { additionalProperties: false }), t: obj({ id: str }, ['id']), extends: true },
  {
    name: "S's own property must extend T's additionalProperties schema",
    s: obj({ a: str, b: int }),
    t: obj({ a: str }, [], { additionalProperties: str }),
    extends: false,
    failures: [
      { at: '/properties/b', reason: 'integer does not extend string', target: '/additionalProperties' },
      { at: '', reason: 'extra properties may hold any value here' },
    ],
  },
  {
    name: 'additionalProperties schemas compared (integer within number)',
    s: obj({}, [], { additionalProperties: int }),
    t: obj({}, [], { additionalProperties: num }),
    extends: true,
  },
  {
    name: 'additionalProperties schemas that do not extend',
    s: obj({}, [], { additionalProperties: str }),
    t: obj({}, [], { additionalProperties: int }),
    extends: false,
    failures: [{ at: '/additionalProperties', reason: 'string does not extend integer' }],
  },
  {
    name: 'additionalProperties schema into closed T',
    s: obj({}, [], { additionalProperties: str }),
    t: obj({}, [], { additionalProperties: false }),
    extends: false,
    failures: [{ at: '/additionalProperties', reason: 'closed' }],
  },
  {
    name: "S's additionalProperties schema may carry T's optional property",
    s: obj({}, [], { additionalProperties: str }),
    t: obj({ count: int }),
    extends: false,
    failures: [{ at: '/additionalProperties', reason: 'string does not extend integer', target: '/properties/count' }],
  },
  {
    name: 'property names are escaped in pointers',
    s: obj({ 'a/b~c': int }),
    t: obj({ 'a/b~c': str }),
    extends: false,
    failures: [{ at: '/properties/a~1b~0c', reason: 'integer does not extend string' }],
  },
  {
    name: '__proto__ is an ordinary property name',
    s: JSON.parse('{"type":"object","properties":{"__proto__":{"type":"integer"}}}') as SchemaNode,
    t: JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}') as SchemaNode,
    extends: false,
    failures: [{ at: '/properties/__proto__', reason: 'integer does not extend string' }],
  },
  {
    name: 'every failure is reported',
    s: obj({ id: int, name: { type: 'string', maxLength: 80 } }),
    t: obj({ id: str, name: { type: 'string', maxLength: 40 } }, ['id']),
    extends: false,
    failures: [
      { at: '', reason: "property 'id' is required" },
      { at: '/properties/id', reason: 'integer does not extend string' },
      { at: '/properties/name/maxLength', reason: 'maxLength 80 is looser' },
    ],
  },

  // ---- unions
  { name: 'union into wider union', s: { anyOf: [str, int] }, t: { anyOf: [str, num] }, extends: true },
  {
    name: 'union branch outside T',
    s: { anyOf: [str, { type: 'boolean' }] },
    t: { anyOf: [str, int] },
    extends: false,
    failures: [{ at: '/anyOf/1', reason: 'boolean does not extend string or integer' }],
  },
  { name: 'non-union into union', s: str, t: { anyOf: [str, { type: 'null' }] }, extends: true },
  { name: 'type list into union', s: { type: ['string', 'null'] }, t: { anyOf: [str, { type: 'null' }] }, extends: true },
  {
    name: 'union into non-union',
    s: {
      anyOf: [
        { type: 'integer', minimum: 0 },
        { type: 'integer', minimum: 5 },
      ],
    },
    t: { type: 'integer', minimum: 1 },
    extends: false,
    failures: [{ at: '/anyOf/0/minimum', reason: 'minimum 0 is looser' }],
  },
  { name: 'oneOf branches disjoint by type', s: str, t: { oneOf: [str, int] }, extends: true },
  {
    name: 'oneOf branches that both match',
    s: int,
    t: { oneOf: [num, int] },
    extends: false,
    failures: [{ at: '', reason: 'match both branch 0 and branch 1', undecidable: false }],
  },
  {
    name: 'oneOf disjointness not provable is undecidable',
    s: { type: 'string', pattern: '^a' },
    t: {
      oneOf: [
        { type: 'string', pattern: '^a' },
        { type: 'string', pattern: 'b$' },
      ],
    },
    extends: false,
    failures: [{ at: '', reason: 'cannot tell whether values here', undecidable: true, target: '/oneOf/1' }],
  },
  {
    name: 'oneOf with a discriminating property',
    s: obj({ kind: { const: 'a' }, x: str }, ['kind', 'x']),
    t: { oneOf: [obj({ kind: { const: 'a' } }, ['kind']), obj({ kind: { const: 'b' } }, ['kind'])] },
    extends: true,
  },
  {
    name: 'union branches merged with the keywords beside them',
    s: {
      ...obj({ a: str, b: str }),
      anyOf: [
        { type: 'object', required: ['a'] },
        { type: 'object', required: ['b'] },
      ],
    },
    t: { anyOf: [obj({ a: str }, ['a']), obj({ b: str }, ['b'])] },
    extends: true,
  },
  {
    name: 'a property of the base is not "left out" by a branch',
    s: { ...obj({ p: str }), anyOf: [obj({ q: int })] },
    t: obj({ p: int }),
    extends: false,
    failures: [{ at: '/properties/p', reason: 'string does not extend integer' }],
  },
  {
    name: 'a property declared in a nested union branch is not "left out" by the base',
    s: { ...obj({ p: str }), anyOf: [{ anyOf: [obj({ q: int })] }] },
    t: obj({ p: str, q: str }),
    extends: false,
    failures: [{ at: '/anyOf/0/anyOf/0/properties/q', reason: 'integer does not extend string' }],
  },
  {
    name: 'a referenced branch merged with the base',
    s: { entities: { ext: obj({ q: int }) }, schema: { ...obj({ p: str }, ['p']), anyOf: [{ $entity: 'ext' }] } },
    t: obj({ p: str, q: num }, ['p']),
    extends: true,
  },
  {
    name: 'a referenced branch merged with the base, failing inside the entity',
    s: { entities: { ext: obj({ q: int }) }, schema: { ...obj({ p: str }, ['p']), anyOf: [{ $entity: 'ext' }] } },
    t: obj({ p: str, q: str }, ['p']),
    extends: false,
    failures: [{ at: '/properties/q', entity: 'ext', reason: 'integer does not extend string' }],
  },
  { name: 'union of consts into enum', s: { anyOf: [{ const: 'a' }, { const: 'b' }] }, t: { enum: ['a', 'b'] }, extends: true },
  { name: 'oneOf in S is read as anyOf', s: { oneOf: [str, int] }, t: { anyOf: [str, int] }, extends: true },
  {
    name: 'T union beside base keywords',
    s: { type: 'string', maxLength: 3 },
    t: {
      type: 'string',
      maxLength: 5,
      anyOf: [
        { type: 'string', maxLength: 4 },
        { type: 'string', minLength: 10 },
      ],
    },
    extends: true,
  },

  // ---- entities
  {
    name: 'entity references followed, location switches to the entity',
    s: { entities: { model: obj({ id: { $entity: 'ident' } }, ['id']), ident: int }, entity: 'model' },
    t: { entities: { modelRef: obj({ id: str }, ['id']) }, entity: 'modelRef' },
    extends: false,
    failures: [{ at: '', entity: 'ident', reason: 'integer does not extend string', target: '/properties/id' }],
  },
  {
    name: 'entity reference in T followed',
    s: obj({ model: obj({ id: str, provider: str, contextWindow: int }, ['id', 'provider', 'contextWindow']) }, ['model']),
    t: { entities: { modelRef: obj({ id: str, provider: str }, ['id', 'provider']) }, schema: obj({ model: { $entity: 'modelRef' } }, ['model']) },
    extends: true,
  },
  {
    name: 'recursive tree into recursive tree',
    s: { entities: { node: tree(int, 'node', { label: str }) }, entity: 'node' },
    t: { entities: { tree: tree(num, 'tree') }, entity: 'tree' },
    extends: true,
  },
  {
    name: 'recursive tree, the other way',
    s: { entities: { tree: tree(num, 'tree') }, entity: 'tree' },
    t: { entities: { node: tree(int, 'node', { label: str }) }, entity: 'node' },
    extends: false,
    failures: [{ at: '/properties/value', entity: 'tree', reason: 'number does not extend integer' }],
  },
  {
    name: 'recursive tree against a non-recursive T',
    s: { entities: { tree: tree(int, 'tree') }, entity: 'tree' },
    t: obj({ value: int, children: { type: 'array', items: obj({ value: str }) } }),
    extends: false,
    failures: [{ at: '/properties/value', entity: 'tree', reason: 'integer does not extend string', target: '/properties/children/items/properties/value' }],
  },
  {
    name: 'mutually recursive entities',
    s: { entities: { a: obj({ b: { $entity: 'b' }, n: int }), b: obj({ a: { $entity: 'a' } }) }, entity: 'a' },
    t: { entities: { x: obj({ b: { $entity: 'y' }, n: num }), y: obj({ a: { $entity: 'x' } }) }, entity: 'x' },
    extends: true,
  },
  {
    name: 'unknown entity in S',
    s: { entities: {}, schema: obj({ a: { $entity: 'missing' } }) },
    t: obj({ a: str }),
    extends: false,
    failures: [{ at: '/properties/a', reason: "entity 'missing' is not defined" }],
  },
]
