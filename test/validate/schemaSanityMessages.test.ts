// Schema sanity as its author sees it: each diagnostic's message, place, path, related
// locations and "did you mean" fix, for one-file workspaces. The invalid fixtures show the
// place and the message of one case per code; a mutation run found the rest unasserted
// (docs/testing.md#mutation-testing).
import { describe, expect, it } from 'vitest'
import { entity, placeOf, type Seen, sanityCases } from './schemaSanityCases.js'

const diagnosticsOf = sanityCases()

describe('references with keywords beside them', () => {
  it('BW2020 beside $ref: every keyword but title, description and x- annotations, each at its key', () => {
    const yaml = `${entity({
      type: 'object',
      properties: { s: { $ref: '#/$defs/s', title: 'S', description: 'd', 'x-ui': 1, minLength: 1, format: 'email' } },
    })}$defs:\n  s: { type: string }\n`
    expect(diagnosticsOf(yaml)).toEqual([
      {
        at: placeOf(yaml, '"minLength"'),
        code: 'BW2020',
        message: "'minLength' cannot stand beside $ref; only title and description may (a $ref stands for the whole named schema)",
        path: '/entities/e/schema/properties/s/minLength',
      },
      {
        at: placeOf(yaml, '"format"'),
        code: 'BW2020',
        message: "'format' cannot stand beside $ref; only title and description may (a $ref stands for the whole named schema)",
        path: '/entities/e/schema/properties/s/format',
      },
    ])
  })

  it('BW2020 beside $message: title and description may stand there', () => {
    const yaml = entity({ type: 'object', properties: { m: { $message: 'text', title: 'M', description: 'd', maxLength: 3 } } })
    expect(diagnosticsOf(yaml)).toEqual([
      {
        at: placeOf(yaml, '"maxLength"'),
        code: 'BW2020',
        message: "'maxLength' cannot stand beside $message; only title and description may (a $message stands for the whole payload schema of its type)",
        path: '/entities/e/schema/properties/m/maxLength',
      },
    ])
  })

  it('BW2010 beside $entity: title, description and x- annotations may stand there, each other keyword is reported at its key', () => {
    const yaml = entity({
      type: 'object',
      properties: { o: { $entity: 'e', title: 'O', description: 'd', 'x-ui': true, type: 'object' } },
    })
    expect(diagnosticsOf(yaml)).toEqual([
      {
        at: placeOf(yaml, '"type"', 1),
        code: 'BW2010',
        message: "'type' cannot stand beside $entity; only title and description may (an entity reference stands for the whole entity schema)",
        path: '/entities/e/schema/properties/o/type',
      },
    ])
  })
})

describe('entity and message references where they cannot stand', () => {
  it('BW2024: a $message in a configuration, at the $message', () => {
    const yaml = 'kind: integration\nname: n\nversion: 1.0.0\nconfiguration:\n  schema:\n    type: object\n    properties:\n      hello: { $message: text }\n'
    expect(diagnosticsOf(yaml)).toEqual([
      {
        at: placeOf(yaml, 'text'),
        code: 'BW2024',
        message: "configuration schemas cannot be a standard message ('text'): a bot writes its configuration by hand; write the schema out",
        path: '/configuration/schema/properties/hello/$message',
      },
    ])
  })

  it('a $message outside a configuration is not BW2024', () => {
    expect(diagnosticsOf(entity({ type: 'object', properties: { m: { $message: 'text' } } }))).toEqual([])
  })

  it('BW2017: an $entity in a configuration, at the $entity', () => {
    const yaml =
      'kind: integration\nname: n\nversion: 1.0.0\nconfiguration:\n  schema:\n    type: object\n    properties:\n      m: { $entity: model }\nentities:\n  model: { schema: { type: object } }\n'
    expect(diagnosticsOf(yaml)).toEqual([
      {
        at: placeOf(yaml, 'model }'),
        code: 'BW2017',
        message: "configuration schemas cannot reference entities ('model'); write the schema out",
        path: '/configuration/schema/properties/m/$entity',
      },
    ])
  })

  it('BW2021: an $entity in a $defs entry, at the $entity, naming the entry', () => {
    const yaml = `${entity({ type: 'object', properties: { p: { $ref: '#/$defs/page' } } })}$defs:\n  page: { type: object, properties: { first: { $entity: e } } }\n`
    expect(diagnosticsOf(yaml)).toEqual([
      {
        at: placeOf(yaml, 'e } }'),
        code: 'BW2021',
        message:
          "$defs 'page' cannot reference entities ('e'): a named schema is the same everywhere, and entities are remapped by implementations; use $entity where the schema is used, or write the schema out",
        path: '/$defs/page/properties/first/$entity',
      },
    ])
  })

  it('BW2018: a dotted reference in an interface names the interface as its owner', () => {
    const yaml = entity({ type: 'object', properties: { o: { $entity: 'x.e' } } })
    expect(diagnosticsOf(yaml)).toEqual([
      {
        at: placeOf(yaml, '"x.e"'),
        code: 'BW2018',
        message: "in an interface, an entity reference names one of its own entities; 'x.e' has a dot",
        path: '/entities/e/schema/properties/o/$entity',
      },
    ])
  })

  it('BW2018: an undotted reference in a plugin, at the $entity', () => {
    const yaml =
      'kind: plugin\nname: p\nversion: 1.0.0\nactions:\n  a:\n    input: { schema: { type: object, properties: { m: { $entity: model } } } }\n    output: { schema: { type: object } }\n'
    expect(diagnosticsOf(yaml)).toEqual([
      {
        at: placeOf(yaml, 'model }'),
        code: 'BW2018',
        message: "in a plugin, an entity reference is LOCAL.ENTITY (an interface local name and one of its entities), not 'model'",
        path: '/actions/a/input/schema/properties/m/$entity',
      },
    ])
  })
})

describe('a $defs entry that only references itself', () => {
  it('is unused (BW2022): its own $ref does not count as a use', () => {
    const yaml = `${entity({ type: 'object' })}$defs:\n  tree: { type: object, properties: { child: { $ref: '#/$defs/tree' } } }\n`
    expect(diagnosticsOf(yaml)).toEqual([
      {
        at: placeOf(yaml, 'tree:'),
        code: 'BW2022',
        message: "$defs 'tree' is never referenced; use it with $ref: '#/$defs/tree' or remove it",
        path: '/$defs/tree',
      },
    ])
  })
})

describe('bounds that contradict (BW2014)', () => {
  it('at the lower bound, with the upper one as related, each pair of keywords', () => {
    const yaml = entity({
      type: 'object',
      properties: {
        a: { type: 'number', exclusiveMinimum: 5, maximum: 5 },
        b: { type: 'number', minimum: 7, exclusiveMaximum: 7 },
        c: { type: 'number', exclusiveMinimum: 9, exclusiveMaximum: 3 },
        d: { type: 'string', minLength: 4, maxLength: 2 },
        f: { type: 'array', minItems: 3, maxItems: 1 },
        g: { type: 'number', minimum: 2, maximum: 2 },
      },
    })
    const bound = (property: string, low: string, high: string, message: string): Seen => ({
      at: placeOf(yaml, `"${low}":`, 0, true),
      code: 'BW2014',
      message,
      path: `/entities/e/schema/properties/${property}/${low}`,
      related: [`${placeOf(yaml, `"${high}":`, 0, true)} ${high} is set here`],
    })
    const seen = diagnosticsOf(yaml)
    expect(seen.map((d) => d.message)).toEqual([
      'exclusiveMinimum 5 is equal to maximum 5: no value can satisfy both',
      'minimum 7 is equal to exclusiveMaximum 7: no value can satisfy both',
      'exclusiveMinimum 9 is above exclusiveMaximum 3: no value can satisfy both',
      'minLength 4 is above maxLength 2: no value can satisfy both',
      'minItems 3 is above maxItems 1: no value can satisfy both',
    ])
    expect(seen[3]).toEqual(bound('d', 'minLength', 'maxLength', 'minLength 4 is above maxLength 2: no value can satisfy both'))
    expect(seen[4]).toEqual(bound('f', 'minItems', 'maxItems', 'minItems 3 is above maxItems 1: no value can satisfy both'))
    expect(seen.map((d) => d.path)).toEqual([
      '/entities/e/schema/properties/a/exclusiveMinimum',
      '/entities/e/schema/properties/b/minimum',
      '/entities/e/schema/properties/c/exclusiveMinimum',
      '/entities/e/schema/properties/d/minLength',
      '/entities/e/schema/properties/f/minItems',
    ])
  })
})

describe('an invalid pattern (BW2015)', () => {
  it('says why, without the engine\'s "Invalid regular expression: " prefix, at the pattern', () => {
    const yaml = entity({ type: 'string', pattern: '(a' })
    expect(diagnosticsOf(yaml)).toEqual([
      {
        at: placeOf(yaml, '"(a"'),
        code: 'BW2015',
        message: 'pattern is not a valid regular expression: /(a/u: Unterminated group',
        path: '/entities/e/schema/pattern',
      },
    ])
  })

  it('is read with the u flag, and a default beside it is not checked', () => {
    const yaml = entity({ type: 'string', pattern: '\\-', default: 5 })
    expect(diagnosticsOf(yaml).map((d) => `${d.code} ${d.path}`)).toEqual(['BW2015 /entities/e/schema/pattern'])
  })
})

describe('a required property not declared (BW2013)', () => {
  it('names the declared properties when none is near, with no suggestion', () => {
    const yaml = entity({ type: 'object', properties: { id: { type: 'string' }, title: { type: 'string' } }, required: ['id', 'zzzzzz'] })
    expect(diagnosticsOf(yaml)).toEqual([
      {
        at: placeOf(yaml, '"zzzzzz"'),
        code: 'BW2013',
        message: "'zzzzzz' is required but not declared in properties; declared properties: 'id' and 'title'",
        path: '/entities/e/schema/required/1',
      },
    ])
  })

  it('says nothing more when no property is declared', () => {
    const yaml = entity({ type: 'object', required: ['id'] })
    expect(diagnosticsOf(yaml)).toEqual([
      { at: placeOf(yaml, '"id"'), code: 'BW2013', message: "'id' is required but not declared in properties", path: '/entities/e/schema/required/0' },
    ])
  })

  it('suggests a near name, as the fix an editor offers, from the branch and the schemas around it', () => {
    const yaml = entity({
      type: 'object',
      properties: { email: { type: 'string' } },
      anyOf: [{ properties: { phone: { type: 'string' } }, required: ['phnoe'] }, { required: ['email'] }],
    })
    expect(diagnosticsOf(yaml)).toEqual([
      {
        at: placeOf(yaml, '"phnoe"'),
        code: 'BW2013',
        message: "'phnoe' is required but not declared in the properties of this branch or of the schema it is a branch of (did you mean 'phone'?)",
        path: '/entities/e/schema/anyOf/0/required/0',
        suggestion: 'phone',
      },
    ])
  })
})

describe('an enum value listed more than once (BW2008)', () => {
  it('is reported at its second place, once, with how often it is listed', () => {
    const yaml = entity({ enum: ['a', 'b', 'a', 'a', 'b', 'c'] })
    expect(diagnosticsOf(yaml)).toEqual([
      { at: placeOf(yaml, '"a"', 1), code: 'BW2008', message: "entity 'e' schema at /enum lists 'a' 3 times", path: '/entities/e/schema/enum/2' },
      { at: placeOf(yaml, '"b"', 1), code: 'BW2008', message: "entity 'e' schema at /enum lists 'b' twice", path: '/entities/e/schema/enum/4' },
    ])
  })

  it('tells values of different types apart: 1, "1", true, "true", null, "null"', () => {
    expect(diagnosticsOf(entity({ enum: [1, '1', true, 'true', null, 'null'] }))).toEqual([])
  })

  it('compares objects and lists by value, and never an object with a scalar', () => {
    const yaml = entity({ enum: [{ a: 1 }, [1], { a: 2 }, [1], { a: 1 }, 'x'] })
    expect(diagnosticsOf(yaml).map((d) => `${d.message} ${d.path}`)).toEqual([
      "entity 'e' schema at /enum lists [1] twice /entities/e/schema/enum/3",
      `entity 'e' schema at /enum lists {"a":1} twice /entities/e/schema/enum/4`,
    ])
  })
})

describe('a schema that says nothing (BW2011)', () => {
  it('is said around it by a const or an enum as well as by a type', () => {
    expect(diagnosticsOf(entity({ type: 'object', properties: { p: { const: 'a', anyOf: [{ minLength: 1 }] } } }))).toEqual([])
    expect(diagnosticsOf(entity({ type: 'object', properties: { p: { enum: ['a', 'bb'], anyOf: [{ minLength: 2 }, { maxLength: 1 }] } } }))).toEqual([])
  })

  it('is reported where it is, named as its author knows it', () => {
    const yaml = entity({ type: 'object', properties: { p: { minLength: 1 } } })
    expect(diagnosticsOf(yaml)).toEqual([
      {
        at: placeOf(yaml, '"p"'),
        code: 'BW2011',
        message: "entity 'e' schema at /properties/p says nothing about what it admits; give it a type (or $entity, const, enum, anyOf, oneOf, allOf)",
        path: '/entities/e/schema/properties/p',
      },
    ])
  })
})

describe('an allOf branch that requires a property', () => {
  it('no part declares: the branch’s BW2013 alone, not also the node’s', () => {
    const yaml = entity({
      type: 'object',
      properties: { a: { type: 'string' } },
      additionalProperties: false,
      allOf: [{ required: ['a'] }, { required: ['b'] }],
    })
    expect(diagnosticsOf(yaml).map((d) => `${d.code} ${d.path}`)).toEqual(['BW2013 /entities/e/schema/allOf/1/required/0'])
  })

  it('one part declares: the node that admits no value for another reason is still reported', () => {
    const yaml = entity({
      allOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { type: 'string' }],
    })
    expect(diagnosticsOf(yaml).map((d) => `${d.code} ${d.path} ${d.message}`)).toEqual([
      'BW2025 /entities/e/schema/allOf branch 1 admits only string, but what stands before it admits only object: no value can satisfy this schema',
    ])
  })
})
