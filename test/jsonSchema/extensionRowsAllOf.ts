// Rows of the entity extension table (docs/entity-extension.md#the-rules): a subject that
// admits no value, "at least one of", allOf, and the keywords the check ignores.
import { contactBase, int, num, obj, type Row, str } from './extensionCases.js'

export const allOfRows: Row[] = [
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
