// Table-driven tests of the entity extension check (docs/entity-extension.md#the-rules): each row is a
// pair S/T, whether S extends T, and for failures where in S and why.
import { describe, expect, it } from 'vitest'
import { admitsNoValue, checkExtension } from '../../src/jsonSchema/extension.js'
import type { SchemaNode } from '../../src/jsonSchema/types.js'
import { makeSide, type SideSpec } from './sides.js'

interface Expected {
  /** JSON pointer of the failure in S */
  at: string
  /** entity of that pointer (default: the row's S entity, or null) */
  entity?: string | null
  /** a fragment of the reason */
  reason: string
  undecidable?: boolean
  /** JSON pointer of the T node, when the row wants to check it */
  target?: string
}

interface Row {
  name: string
  s: SchemaNode | SideSpec
  t: SchemaNode | SideSpec
  extends: boolean
  failures?: Expected[]
}

const str: SchemaNode = { type: 'string' }
const int: SchemaNode = { type: 'integer' }
const num: SchemaNode = { type: 'number' }
const obj = (properties: Record<string, SchemaNode>, required: string[] = [], extra: Partial<SchemaNode> = {}): SchemaNode => ({
  type: 'object',
  properties,
  ...(required.length > 0 ? { required } : {}),
  ...extra,
})

/** An object with optional `email` and `phone` (and `extra`), for the "at least one of" idiom. */
const contactBase = (extra: Record<string, SchemaNode> = {}): SchemaNode => obj({ email: { type: 'string', format: 'email' }, phone: str, ...extra })

const tree = (value: SchemaNode, self: string, extra: Record<string, SchemaNode> = {}): SchemaNode =>
  obj({ value, children: { type: 'array', items: { $entity: self } }, ...extra }, ['value'])

const rows: Row[] = [
  // ---- types
  { name: 'same type', s: str, t: str, extends: true },
  { name: 'integer within number', s: int, t: num, extends: true },
  { name: 'number is not within integer', s: num, t: int, extends: false, failures: [{ at: '', reason: 'number does not extend integer' }] },
  {
    name: 'docs/checks.md#entity-extension example: /properties/id integer does not extend string',
    s: obj({ id: int }, ['id']),
    t: obj({ id: str }, ['id']),
    extends: false,
    failures: [{ at: '/properties/id', reason: 'integer does not extend string', target: '/properties/id' }],
  },
  {
    name: 'nullable S into non-null T',
    s: { type: ['string', 'null'] },
    t: str,
    extends: false,
    failures: [{ at: '', reason: 'null does not extend string' }],
  },
  { name: 'non-null S into nullable T', s: str, t: { type: ['string', 'null'] }, extends: true },
  { name: 'S without type admits anything', s: { description: 'x' }, t: str, extends: false, failures: [{ at: '', reason: 'no type' }] },
  { name: 'boolean into string', s: { type: 'boolean' }, t: str, extends: false, failures: [{ at: '', reason: 'boolean does not extend string' }] },
  { name: 'object into array', s: obj({}), t: { type: 'array' }, extends: false, failures: [{ at: '', reason: 'object does not extend array' }] },
  { name: 'anything into unconstrained T', s: obj({ a: str }, ['a']), t: { title: 'anything' }, extends: true },

  // ---- enum / const
  { name: 'const without type has the type of its value', s: { const: 'a' }, t: str, extends: true },
  {
    name: 'const of the wrong type',
    s: { const: 3 },
    t: str,
    extends: false,
    failures: [{ at: '/const', reason: '3 is not allowed by T schema (expected string)' }],
  },
  { name: 'enum with a fraction into integer', s: { enum: [1, 2.5] }, t: int, extends: false, failures: [{ at: '/enum/1', reason: '2.5 is not allowed' }] },
  { name: 'enum subset', s: { type: 'string', enum: ['open', 'closed'] }, t: { type: 'string', enum: ['open', 'closed', 'archived'] }, extends: true },
  {
    name: 'enum value outside T (nested, entity label)',
    s: { entities: { ticket: obj({ status: { type: 'string', enum: ['open', 'closed', 'archived'] } }) }, entity: 'ticket' },
    t: { entities: { ticket: obj({ status: { type: 'string', enum: ['open', 'closed'] } }) }, entity: 'ticket' },
    extends: false,
    failures: [{ at: '/properties/status/enum/2', reason: "'archived' is not allowed by T.ticket", target: '/properties/status/enum' }],
  },
  {
    name: 'plain string into enum',
    s: str,
    t: { enum: ['a', 'b'] },
    extends: false,
    failures: [{ at: '', reason: "any string is allowed here, but T schema allows only 'a', 'b'" }],
  },
  { name: 'boolean into enum [true, false]', s: { type: 'boolean' }, t: { enum: [false, true] }, extends: true },
  {
    name: 'boolean into const true',
    s: { type: 'boolean' },
    t: { const: true },
    extends: false,
    failures: [{ at: '', reason: 'false (allowed here) is not allowed' }],
  },
  { name: 'short integer range into enum', s: { type: 'integer', minimum: 1, maximum: 3 }, t: { enum: [1, 2, 3, 4] }, extends: true },
  {
    name: 'integer range too wide for enum',
    s: { type: 'integer', minimum: 1, maximum: 5 },
    t: { enum: [1, 2, 3, 4] },
    extends: false,
    failures: [{ at: '', reason: '5 (allowed here) is not allowed' }],
  },
  {
    name: 'enum values against T bounds',
    s: { enum: [1, 5, 10] },
    t: { type: 'integer', maximum: 5 },
    extends: false,
    failures: [{ at: '/enum/2', reason: 'above maximum 5', target: '/maximum' }],
  },
  {
    name: 'enum values against T pattern',
    s: { enum: ['ab', 'cd'] },
    t: { type: 'string', pattern: '^a' },
    extends: false,
    failures: [{ at: '/enum/1', reason: "does not match pattern '^a'" }],
  },
  {
    name: 'enum object without an own required property named like a prototype member',
    s: { type: 'object', enum: [{}] },
    t: { type: 'object', required: ['constructor'] },
    extends: false,
    failures: [{ at: '/enum/0', reason: "property 'constructor' is missing", target: '/required/0' }],
  },
  {
    name: 'enum values against T format',
    s: { enum: ['a@example.com', 'nope'] },
    t: { type: 'string', format: 'email' },
    extends: false,
    failures: [{ at: '/enum/1', reason: 'not a valid email' }],
  },
  { name: 'enum values satisfy T pattern', s: { enum: ['ab', 'ac'] }, t: { type: 'string', pattern: '^a' }, extends: true },
  { name: 'object const into object schema', s: { const: { a: 1 } }, t: obj({ a: int }, ['a']), extends: true },
  { name: 'deep equality of enum values', s: { const: [1, { a: 'x', b: null }] }, t: { enum: [[1, { b: null, a: 'x' }]] }, extends: true },
  {
    name: 'enum into union, value by value',
    s: { enum: [1, 'a', null] },
    t: { anyOf: [int, str] },
    extends: false,
    failures: [{ at: '/enum/2', reason: 'null is not allowed' }],
  },

  // ---- numbers
  { name: 'tighter bounds', s: { type: 'number', minimum: 1, maximum: 5 }, t: { type: 'number', minimum: 0, maximum: 10 }, extends: true },
  {
    name: 'looser minimum',
    s: { type: 'number', minimum: 0 },
    t: { type: 'number', minimum: 1 },
    extends: false,
    failures: [{ at: '/minimum', reason: 'minimum 0 is looser than T schema', target: '/minimum' }],
  },
  { name: 'missing minimum', s: num, t: { type: 'number', minimum: 0 }, extends: false, failures: [{ at: '', reason: 'no lower bound here' }] },
  {
    name: 'minimum 0 is looser than exclusiveMinimum 0',
    s: { type: 'number', minimum: 0 },
    t: { type: 'number', exclusiveMinimum: 0 },
    extends: false,
    failures: [{ at: '/minimum', reason: 'exclusiveMinimum 0', target: '/exclusiveMinimum' }],
  },
  { name: 'exclusiveMinimum 0 is within minimum 0', s: { type: 'number', exclusiveMinimum: 0 }, t: { type: 'number', minimum: 0 }, extends: true },
  { name: 'integers above 0 are within minimum 1', s: { type: 'integer', exclusiveMinimum: 0 }, t: { type: 'number', minimum: 1 }, extends: true },
  {
    name: 'numbers above 0 are not within minimum 1',
    s: { type: 'number', exclusiveMinimum: 0 },
    t: { type: 'number', minimum: 1 },
    extends: false,
    failures: [{ at: '/exclusiveMinimum', reason: 'looser' }],
  },
  { name: 'integer maximum 9.5 within exclusiveMaximum 10', s: { type: 'integer', maximum: 9.5 }, t: { type: 'integer', exclusiveMaximum: 10 }, extends: true },
  {
    name: 'maximum 10 is looser than exclusiveMaximum 10',
    s: { type: 'number', maximum: 10 },
    t: { type: 'number', exclusiveMaximum: 10 },
    extends: false,
    failures: [{ at: '/maximum', reason: 'maximum 10 is looser' }],
  },
  // integer bounds against an exclusive bound at the same value: the integer 5 is not above 5, 6 is; 5 is not below 5, 4 is
  {
    name: 'integer minimum 5 is looser than exclusiveMinimum 5',
    s: { type: 'integer', minimum: 5 },
    t: { type: 'number', exclusiveMinimum: 5 },
    extends: false,
    failures: [{ at: '/minimum', reason: 'looser' }],
  },
  { name: 'integer minimum 6 is within exclusiveMinimum 5', s: { type: 'integer', minimum: 6 }, t: { type: 'number', exclusiveMinimum: 5 }, extends: true },
  {
    name: 'integer maximum 5 is looser than exclusiveMaximum 5',
    s: { type: 'integer', maximum: 5 },
    t: { type: 'number', exclusiveMaximum: 5 },
    extends: false,
    failures: [{ at: '/maximum', reason: 'looser' }],
  },
  { name: 'integer maximum 4 is within exclusiveMaximum 5', s: { type: 'integer', maximum: 4 }, t: { type: 'number', exclusiveMaximum: 5 }, extends: true },
  {
    name: 'the tighter of minimum and exclusiveMinimum counts',
    s: { type: 'number', minimum: 2, exclusiveMinimum: 0 },
    t: { type: 'number', minimum: 1 },
    extends: true,
  },

  // ---- strings
  { name: 'tighter lengths', s: { type: 'string', minLength: 2, maxLength: 5 }, t: { type: 'string', minLength: 1, maxLength: 10 }, extends: true },
  { name: 'missing minLength', s: str, t: { type: 'string', minLength: 1 }, extends: false, failures: [{ at: '', reason: 'no minLength here' }] },
  {
    name: 'looser maxLength',
    s: { type: 'string', maxLength: 100 },
    t: { type: 'string', maxLength: 50 },
    extends: false,
    failures: [{ at: '/maxLength', reason: 'maxLength 100 is looser' }],
  },
  { name: 'same pattern', s: { type: 'string', pattern: '^[a-z]+$', maxLength: 5 }, t: { type: 'string', pattern: '^[a-z]+$' }, extends: true },
  {
    name: 'different pattern is undecidable',
    s: { type: 'string', pattern: '^[a-c]+$' },
    t: { type: 'string', pattern: '^[a-z]+$' },
    extends: false,
    failures: [{ at: '/pattern', reason: 'cannot tell', undecidable: true }],
  },
  {
    name: 'missing pattern with a counterexample',
    s: str,
    t: { type: 'string', pattern: '^[a-z]+$' },
    extends: false,
    failures: [{ at: '', reason: "strings such as '' are allowed here", undecidable: false }],
  },
  {
    name: 'missing pattern without a counterexample is undecidable',
    s: str,
    t: { type: 'string', pattern: '.*' },
    extends: false,
    failures: [{ at: '', reason: 'cannot tell', undecidable: true }],
  },
  { name: 'only the empty string, which matches', s: { type: 'string', maxLength: 0 }, t: { type: 'string', pattern: '^a*$' }, extends: true },
  { name: 'same format', s: { type: 'string', format: 'uuid', minLength: 1 }, t: { type: 'string', format: 'uuid' }, extends: true },
  {
    name: 'a schema written the same way extends itself, even with an overlapping oneOf',
    s: { entities: { e: { oneOf: [obj({ a: str }), obj({ b: str })] } }, schema: obj({ x: { $entity: 'e' } }) },
    t: { entities: { e: { oneOf: [obj({ a: str }), obj({ b: str })] } }, schema: obj({ x: { $entity: 'e' } }) },
    extends: true,
  },
  {
    name: 'the same overlapping oneOf with other annotations extends it (the same schema)',
    s: { oneOf: [obj({ a: str }), obj({ b: str })] },
    t: { title: 'other', oneOf: [{ ...obj({ a: str }), description: 'a' }, obj({ b: str })] },
    extends: true,
  },
  {
    name: 'an overlapping oneOf against a wider overlapping oneOf is undecidable',
    s: { oneOf: [obj({ a: str }), obj({ b: str })] },
    t: { title: 'other', oneOf: [obj({ a: str }), obj({ b: str }), obj({ c: str })] },
    extends: false,
    failures: [
      { at: '/oneOf/0', reason: 'cannot tell', undecidable: true },
      { at: '/oneOf/1', reason: 'cannot tell', undecidable: true },
    ],
  },
  {
    name: 'a reference cycle that never enters a value',
    s: { entities: { a: { anyOf: [{ $entity: 'a' }, str] } }, entity: 'a' },
    t: str,
    extends: false,
    failures: [{ at: '', entity: 'a', reason: 'cycle', undecidable: true }],
  },
  {
    name: 'format not kept',
    s: str,
    t: { type: 'string', format: 'email' },
    extends: false,
    failures: [{ at: '', reason: "requires format 'email'", undecidable: false }],
  },
  {
    name: 'a different format fails with a counterexample',
    s: { type: 'string', format: 'uri' },
    t: { type: 'string', format: 'email' },
    extends: false,
    failures: [{ at: '/format', reason: "strings such as 'https://example.com/' are valid 'uri' but not valid 'email'", undecidable: false }],
  },
  {
    name: 'a different format S rules its example out of is undecidable',
    s: { type: 'string', format: 'uri', pattern: '^urn:' },
    t: { type: 'string', format: 'email' },
    extends: false,
    failures: [{ at: '/format', reason: 'cannot tell', undecidable: true }],
  },

  // ---- arrays
  { name: 'items compared (integer within number)', s: { type: 'array', items: int }, t: { type: 'array', items: num }, extends: true },
  {
    name: 'items of the wrong type',
    s: { type: 'array', items: str },
    t: { type: 'array', items: int },
    extends: false,
    failures: [{ at: '/items', reason: 'string does not extend integer', target: '/items' }],
  },
  {
    name: 'missing items',
    s: { type: 'array' },
    t: { type: 'array', items: str },
    extends: false,
    failures: [{ at: '', reason: 'items may be any value here' }],
  },
  { name: 'no items on both sides', s: { type: 'array' }, t: { type: 'array' }, extends: true },
  { name: 'only the empty array needs no items', s: { type: 'array', maxItems: 0 }, t: { type: 'array', items: str }, extends: true },
  {
    name: 'looser item counts',
    s: { type: 'array', items: str, maxItems: 5 },
    t: { type: 'array', items: str, minItems: 1, maxItems: 3 },
    extends: false,
    failures: [
      { at: '', reason: 'no minItems here' },
      { at: '/maxItems', reason: 'maxItems 5 is looser' },
    ],
  },
  {
    name: 'tighter item counts',
    s: { type: 'array', items: str, minItems: 2, maxItems: 3 },
    t: { type: 'array', items: str, minItems: 1, maxItems: 3 },
    extends: true,
  },

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

  // ---- S that admits no value
  {
    name: 'minimum above maximum',
    s: { type: 'integer', minimum: 5, maximum: 3 },
    t: int,
    extends: false,
    failures: [{ at: '', reason: 'admits no value: minimum 5 is above maximum 3' }],
  },
  {
    name: 'no integer between the bounds',
    s: { type: 'integer', minimum: 1.2, maximum: 1.5 },
    t: num,
    extends: false,
    failures: [{ at: '', reason: 'admits no value: no integer lies between' }],
  },
  { name: 'string with const 3', s: { type: 'string', const: 3 }, t: str, extends: false, failures: [{ at: '/const', reason: 'admits no value' }] },
  {
    name: 'minLength above maxLength',
    s: { type: 'string', minLength: 5, maxLength: 2 },
    t: str,
    extends: false,
    failures: [{ at: '', reason: 'admits no value: minLength 5 is above maxLength 2' }],
  },
  {
    name: 'enum empty after type filtering',
    s: { type: 'integer', enum: ['a', 'b'] },
    t: int,
    extends: false,
    failures: [{ at: '/enum', reason: 'admits no value' }],
  },
  {
    name: 'required property that admits nothing',
    s: obj({ p: { type: 'number', exclusiveMinimum: 1, exclusiveMaximum: 1 } }, ['p']),
    t: obj({}),
    extends: false,
    failures: [{ at: '/properties/p', reason: 'admits no value' }],
  },
  {
    name: 'tree that must contain itself forever',
    s: { entities: { loop: obj({ next: { $entity: 'loop' } }, ['next']) }, entity: 'loop' },
    t: obj({}),
    extends: false,
    failures: [{ at: '/properties/next', entity: 'loop', reason: "every 'loop' must contain another 'loop'" }],
  },
  {
    name: 'optional property that admits nothing is never present',
    s: obj({ p: { type: 'integer', minimum: 3, maximum: 1 } }),
    t: obj({ p: str }),
    extends: true,
  },

  // ---- "at least one of": union branches that require what the object beside them declares
  {
    name: 'at least one of: a wider S with typeless branches extends T with typed ones',
    s: { ...contactBase({ name: str }), anyOf: [{ required: ['email'] }, { required: ['phone'] }] },
    t: {
      ...contactBase(),
      anyOf: [
        { type: 'object', required: ['email'] },
        { type: 'object', required: ['phone'] },
      ],
    },
    extends: true,
  },
  {
    name: 'at least one of: S that always requires one of them extends T',
    s: { ...contactBase(), required: ['phone'] },
    t: { ...contactBase(), anyOf: [{ required: ['email'] }, { required: ['phone'] }] },
    extends: true,
  },
  {
    name: 'at least one of: S that requires neither does not extend T',
    s: contactBase(),
    t: { ...contactBase(), anyOf: [{ required: ['email'] }, { required: ['phone'] }] },
    extends: false,
    failures: [{ at: '', reason: "extends none of the branches of T schema's anyOf (branch 0: property 'email' is required" }],
  },
  {
    name: 'at least one of: T without the union is extended by S with it',
    s: { ...contactBase(), anyOf: [{ required: ['email'] }, { required: ['phone'] }] },
    t: contactBase(),
    extends: true,
  },
  {
    name: 'at least one of: a branch property of the wrong type is found through the base',
    s: { ...contactBase({ phone: int }), anyOf: [{ required: ['email'] }, { required: ['phone'] }] },
    t: { ...contactBase(), anyOf: [{ required: ['email'] }, { required: ['phone'] }] },
    extends: false,
    failures: [{ at: '/properties/phone', reason: 'integer does not extend string' }],
  },

  // ---- allOf (docs/entity-extension.md#allof)
  {
    name: 'allOf target: S extends every branch',
    s: obj({ id: str, n: int }, ['id', 'n']),
    t: { allOf: [obj({ id: str }, ['id']), obj({ n: num }, ['n'])] },
    extends: true,
  },
  {
    name: 'allOf target: a branch S does not extend fails at that branch',
    s: obj({ id: str, n: str }, ['id', 'n']),
    t: { allOf: [obj({ id: str }, ['id']), obj({ n: num }, ['n'])] },
    extends: false,
    failures: [{ at: '/properties/n', reason: 'string does not extend number', target: '/allOf/1/properties/n' }],
  },
  {
    name: 'allOf subject: object branches merged into one (an entity extended by an object)',
    s: { entities: { base: obj({ id: str }, ['id']), e: { allOf: [{ $entity: 'base' }, obj({ subject: str }, ['subject'])] } }, entity: 'e' },
    t: obj({ id: str, subject: str }, ['id', 'subject']),
    extends: true,
  },
  {
    name: 'allOf subject: the merge still fails where a branch does',
    s: { allOf: [obj({ id: int }, ['id']), obj({ subject: str }, ['subject'])] },
    t: obj({ id: str, subject: str }, ['id', 'subject']),
    extends: false,
    failures: [{ at: '/allOf/0/properties/id', reason: 'integer does not extend string' }],
  },
  {
    name: 'allOf subject: bounds of two branches together',
    s: {
      allOf: [
        { type: 'integer', minimum: 1 },
        { type: 'integer', maximum: 5 },
      ],
    },
    t: { type: 'integer', minimum: 0, maximum: 10 },
    extends: true,
  },
  {
    name: 'allOf subject: enums intersect',
    s: {
      allOf: [
        { type: 'string', enum: ['a', 'b', 'c'] },
        { type: 'string', enum: ['b', 'c', 'd'] },
      ],
    },
    t: { type: 'string', enum: ['b', 'c'] },
    extends: true,
  },
  {
    name: 'allOf subject: no exact merge, but one branch alone extends T',
    s: { allOf: [obj({ a: { type: 'string', pattern: '^x' } }, ['a']), obj({ a: { type: 'string', minLength: 2 } })] },
    t: obj({ a: str }, ['a']),
    extends: true,
  },
  {
    name: 'allOf subject: no exact merge and no branch alone is undecidable, never a pass',
    s: { allOf: [obj({ a: { type: 'string', pattern: '^x' } }, ['a']), obj({ a: { type: 'string', minLength: 2 } })] },
    t: obj({ a: { type: 'string', minLength: 2, pattern: '^x' } }, ['a']),
    extends: false,
    failures: [{ at: '/allOf/1/properties/a', reason: 'cannot be merged into one schema', undecidable: true }],
  },
  {
    name: 'allOf subject: no exact merge against a union is undecidable too, never a plain failure',
    s: { allOf: [obj({ a: { type: 'string', pattern: '^x' } }, ['a']), obj({ a: { type: 'string', minLength: 2 } })] },
    t: { anyOf: [obj({ a: { type: 'string', minLength: 2, pattern: '^x' } }, ['a']), { type: 'null' }] },
    extends: false,
    failures: [{ at: '/allOf/1/properties/a', reason: 'cannot be merged into one schema', undecidable: true }],
  },
  {
    name: 'allOf subject: a union of one branch is that branch, merged exactly',
    s: { allOf: [{ anyOf: [obj({ a: str }, ['a'])] }, obj({ b: int }, ['b'])] },
    t: obj({ a: str, b: num }, ['a', 'b']),
    extends: true,
  },
  {
    name: 'allOf subject: an optional property a closed branch leaves out can never be present (merged exactly)',
    s: { allOf: [{ anyOf: [obj({}, [], { additionalProperties: false })] }, obj({ d: { enum: ['ab'] } }, [], { additionalProperties: true })] },
    t: { type: 'object', additionalProperties: false },
    extends: true,
  },
  {
    name: 'allOf subject: merged exactly, a real failure stays plain',
    s: { allOf: [{ anyOf: [obj({ a: str }, [], { additionalProperties: false })] }, obj({ d: str })] },
    t: obj({ a: int }),
    extends: false,
    failures: [{ at: '/allOf/0/anyOf/0/properties/a', reason: 'string does not extend integer', undecidable: false }],
  },
  {
    name: 'union subject: a branch merged loosely with its base (a property both declare) fails undecidably, never plainly',
    s: { ...obj({ a: str }), anyOf: [obj({ a: { minLength: 1 } })] },
    t: obj({ a: { type: 'string', minLength: 1 } }),
    extends: false,
    failures: [{ at: '/anyOf/0/properties/a', reason: '', undecidable: true }],
  },
  {
    name: 'allOf subject: branches that leave nothing extend anything',
    s: { type: 'object', properties: { a: { allOf: [str, int] } } },
    t: { type: 'object', properties: { a: { type: 'boolean' } } },
    extends: true,
  },

  // ---- ignored keywords
  {
    name: 'annotations are ignored',
    s: { type: 'string', title: 'A', description: 'a', default: 'x', examples: ['y'] },
    t: { type: 'string', title: 'B', description: 'b', default: 'z', examples: [] },
    extends: true,
  },
]

describe('checkExtension', () => {
  it('has a table of at least 60 rows', () => {
    expect(rows.length).toBeGreaterThanOrEqual(60)
  })

  it.each(rows)('$name', (row) => {
    const subject = makeSide(row.s, 'S')
    const target = makeSide(row.t, 'T')
    const result = checkExtension(subject, target)
    const failures = result.extends ? [] : result.failures
    const shown = JSON.stringify(failures, null, 2)
    expect(result.extends, shown).toBe(row.extends)
    if (row.extends) return
    const expected = row.failures ?? []
    expect(failures.length, shown).toBe(expected.length)
    for (const want of expected) {
      const entity = want.entity === undefined ? subject.entity : want.entity
      const match = failures.find(
        (f) =>
          f.subject.pointer === want.at &&
          f.subject.entity === entity &&
          f.reason.includes(want.reason) &&
          (want.undecidable === undefined || f.undecidable === want.undecidable) &&
          (want.target === undefined || f.target.pointer === want.target),
      )
      expect(match, `expected ${JSON.stringify(want)} among ${shown}`).toBeDefined()
    }
  })
})

describe('admitsNoValue', () => {
  const none = (): undefined => undefined
  it('is null for a schema that admits something', () => {
    expect(admitsNoValue(obj({ a: str }, ['a']), { entity: null, pointer: '' }, none)).toBeNull()
  })
  it('points at the deepest node and keeps the given location', () => {
    const result = admitsNoValue(obj({ a: { type: 'string', minLength: 3, maxLength: 1 } }, ['a']), { entity: 'e', pointer: '/schema' }, none)
    expect(result).toEqual({ location: { entity: 'e', pointer: '/schema/properties/a' }, reason: 'minLength 3 is above maxLength 1', cause: 'bounds' })
  })
  it('treats unknown entities as admitting values (reported elsewhere)', () => {
    expect(admitsNoValue(obj({ a: { $entity: 'x' } }, ['a']), { entity: null, pointer: '' }, none)).toBeNull()
  })
  it('finds that allOf branches of different types admit nothing together', () => {
    const result = admitsNoValue({ allOf: [str, int] }, { entity: null, pointer: '' }, none)
    expect(result).toMatchObject({ location: { pointer: '/allOf' }, cause: 'allOf' })
  })
  it('finds that a property required by one allOf branch and not declared by a closed one admits nothing', () => {
    const closed = obj({ a: str }, [], { additionalProperties: false })
    expect(admitsNoValue({ allOf: [closed, { type: 'object', required: ['b'] }] }, { entity: null, pointer: '' }, none)?.cause).toBe('allOf')
    expect(admitsNoValue({ allOf: [closed, { type: 'object', required: ['a'] }] }, { entity: null, pointer: '' }, none)).toBeNull()
  })
  it('finds that a property two allOf branches declare with types that never meet admits nothing, and says where', () => {
    const closed = obj({ id: str }, [], { additionalProperties: false })
    const result = admitsNoValue({ allOf: [closed, obj({ id: int }, ['id'])] }, { entity: null, pointer: '' }, none)
    expect(result).toMatchObject({ location: { pointer: '/allOf' }, cause: 'allOf' })
    expect(result?.reason).toBe(
      'together the branches leave nothing at /allOf/0/properties/id: branch 1 admits only integer, but what stands before it admits only string',
    )
    // optional there, the property may be left out: something is admitted
    expect(admitsNoValue({ allOf: [closed, obj({ id: int }, [])] }, { entity: null, pointer: '' }, none)).toBeNull()
  })
  it('follows entity branches of an allOf', () => {
    const entities: Record<string, SchemaNode> = { n: { type: 'integer', minimum: 5 } }
    const result = admitsNoValue({ allOf: [{ $entity: 'n' }, { type: 'integer', maximum: 3 }] }, { entity: null, pointer: '' }, (name) => entities[name])
    expect(result?.reason).toContain('minimum 5 is above maximum 3')
  })
  it('finds that a union of empty branches admits nothing', () => {
    const result = admitsNoValue({ type: 'string', anyOf: [int, { type: 'boolean' }] }, { entity: null, pointer: '' }, none)
    expect(result?.location.pointer).toBe('/anyOf')
  })
})
