// Schema sanity as its author sees it, continued from schemaSanityMessages.test.ts: uses and
// silences that hang on one detail, closed allOf parts (BW2026), values a schema rejects
// (BW2016), the top that is not an object (BW2012), configurations through named schemas,
// definitions with a shape error, and branches judged with the type around them
// (docs/testing.md#mutation-testing).
import { describe, expect, it } from 'vitest'
import { entity, placeOf, sanityCases } from './schemaSanityCases.js'

const diagnosticsOf = sanityCases()

describe('uses, silences and repeats that depend on one detail', () => {
  it('a $ref from a schema named like the entry counts as a use: only an entry’s own $ref does not', () => {
    const yaml =
      'kind: interface\nname: i\nversion: 1.0.0\nentities:\n  s: { schema: { type: object, properties: { x: { $ref: "#/$defs/s" } } } }\nactions: {}\n$defs:\n  s: { type: string }\n'
    expect(diagnosticsOf(yaml)).toEqual([])
  })

  it('a branch that says nothing, in a node that says only anyOf, is BW2011', () => {
    const yaml = entity({ type: 'object', properties: { p: { anyOf: [{ minLength: 1 }, { type: 'integer' }] } } })
    expect(diagnosticsOf(yaml).map((d) => `${d.code} ${d.path}`)).toEqual(['BW2011 /entities/e/schema/properties/p/anyOf/0'])
  })

  it('null listed twice in an enum is BW2008', () => {
    const yaml = entity({ type: 'object', properties: { p: { enum: [null, 'a', null] } } })
    expect(diagnosticsOf(yaml).map((d) => `${d.code} ${d.path} ${d.message}`)).toEqual([
      "BW2008 /entities/e/schema/properties/p/enum/2 entity 'e' schema at /properties/p/enum lists null twice",
    ])
  })
})

describe('a property that a closed allOf part does not declare (BW2026)', () => {
  it('names the closed part, says when it is required, suggests a near name, and relates the closing', () => {
    const yaml = entity({
      allOf: [
        { type: 'object', properties: { priority: { type: 'string' } }, additionalProperties: false },
        { type: 'object', properties: { priorty: { type: 'string' }, zzzz: { type: 'integer' } }, required: ['zzzz'] },
      ],
    })
    const closing = `${placeOf(yaml, 'false')} allOf branch 0 is closed here`
    expect(diagnosticsOf(yaml)).toEqual([
      {
        at: placeOf(yaml, '"priorty"'),
        code: 'BW2026',
        message:
          "property 'priorty' can never be present: allOf branch 0 is closed (additionalProperties: false) and does not declare it (did you mean 'priority'?)",
        path: '/entities/e/schema/allOf/1/properties/priorty',
        related: [closing],
        suggestion: 'priority',
      },
      {
        at: placeOf(yaml, '"zzzz"'),
        code: 'BW2026',
        message:
          "property 'zzzz' can never be present: allOf branch 0 is closed (additionalProperties: false) and does not declare it; it is required, so no value fits this schema",
        path: '/entities/e/schema/allOf/1/properties/zzzz',
        related: [closing],
      },
    ])
  })

  it('the schema beside allOf closed: a branch’s property, its name escaped in the path', () => {
    const yaml = entity({
      type: 'object',
      properties: { id: { type: 'string' } },
      additionalProperties: false,
      allOf: [{ type: 'object', properties: { 'a/b': { type: 'string' } } }, { $entity: 'e' }],
    })
    expect(diagnosticsOf(yaml)).toEqual([
      {
        at: placeOf(yaml, '"a/b"'),
        code: 'BW2026',
        message: "property 'a/b' can never be present: the schema beside allOf is closed (additionalProperties: false) and does not declare it",
        path: '/entities/e/schema/allOf/0/properties/a~1b',
        related: [`${placeOf(yaml, 'false')} the schema beside allOf is closed here`],
      },
    ])
  })

  it('once per property and place, even when two parts are closed', () => {
    const yaml = entity({
      allOf: [
        { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
        { type: 'object', properties: { b: { type: 'string' } }, additionalProperties: false },
      ],
    })
    expect(diagnosticsOf(yaml).map((d) => `${d.code} ${d.path} ${d.related?.join()}`)).toEqual([
      `BW2026 /entities/e/schema/allOf/0/properties/a ${placeOf(yaml, 'false', 1)} allOf branch 1 is closed here`,
      `BW2026 /entities/e/schema/allOf/1/properties/b ${placeOf(yaml, 'false')} allOf branch 0 is closed here`,
    ])
  })
})

describe('values a schema rejects itself (BW2016)', () => {
  it('a default and each example, at their place, with why', () => {
    const yaml = entity({ type: 'object', properties: { n: { type: 'integer', minimum: 1, default: 0, examples: [1, 'x'] } } })
    expect(diagnosticsOf(yaml)).toEqual([
      {
        at: placeOf(yaml, '"default":', 0, true),
        code: 'BW2016',
        message: 'default 0 is rejected by this schema itself (value: must be at least 1, not 0)',
        path: '/entities/e/schema/properties/n/default',
      },
      {
        at: placeOf(yaml, '"x"'),
        code: 'BW2016',
        message: 'example "x" is rejected by this schema itself (value: must be an integer, not \'x\')',
        path: '/entities/e/schema/properties/n/examples/1',
      },
    ])
  })

  it('each enum value and a const, by its place', () => {
    const yaml = entity({ type: 'string', enum: ['a', 2] })
    expect(diagnosticsOf(yaml).map((d) => `${d.message} ${d.path}`)).toEqual([
      'enum value 2 is rejected by this schema itself (value: must be a string, not 2) /entities/e/schema/enum/1',
    ])
  })

  it('checked against the schema without its words: a property named title or description keeps its schema', () => {
    const yaml = entity({
      type: 'object',
      title: 'T',
      description: 'D',
      properties: { title: { type: 'string' }, description: { type: 'integer' } },
      default: { title: 'x', description: 'y' },
    })
    expect(diagnosticsOf(yaml).map((d) => `${d.code} ${d.path}`)).toEqual(['BW2016 /entities/e/schema/default'])
  })

  it('an entity, a named schema or a message inside admits any value there', () => {
    const yaml = `${entity({
      type: 'object',
      properties: { o: { $entity: 'e' }, r: { $ref: '#/$defs/s' } },
      default: { o: {}, r: 'x' },
    })}$defs:\n  s: { type: string }\n`
    expect(diagnosticsOf(yaml)).toEqual([])
  })

  it('a value that holds schema-like keys is a value: its const and enum are not read as schemas', () => {
    const yaml = entity({ type: 'object', properties: { k: { type: 'object', const: { type: 'integer' }, default: { type: 'integer' } } } })
    expect(diagnosticsOf(yaml)).toEqual([])
  })
})

describe('the top of a schema that is not an object (BW2012)', () => {
  const cases: [string, string, string][] = [
    [
      'an action input',
      'actions:\n  a:\n    input: { schema: { type: string } }\n    output: { schema: { type: object } }\n',
      "the input schema of action 'a'",
    ],
    [
      'an action output',
      'actions:\n  a:\n    input: { schema: { type: object } }\n    output: { schema: { type: string } }\n',
      "the output schema of action 'a'",
    ],
    ['an event', 'actions: {}\nevents:\n  changed: { schema: { type: string } }\n', "the schema of event 'changed'"],
    ['a channel message', 'actions: {}\nchannels:\n  c:\n    messages:\n      m: { schema: { type: string } }\n', "the schema of channel message 'c.m'"],
  ]
  it.each(cases)('names %s', (_what, members, named) => {
    const seen = diagnosticsOf(`kind: interface\nname: i\nversion: 1.0.0\nentities: {}\n${members}`)
    expect(seen.map((d) => `${d.code} ${d.message}`)).toEqual([`BW2012 the top of ${named} must be an object schema (type: object)`])
  })

  it('names the configuration and an alternative configuration', () => {
    const yaml =
      'kind: integration\nname: n\nversion: 1.0.0\nconfiguration:\n  schema: { type: string }\nconfigurations:\n  oauth:\n    schema: { type: integer }\n'
    expect(diagnosticsOf(yaml).map((d) => `${d.code} ${d.message} ${d.path}`)).toEqual([
      'BW2012 the top of the configuration schema must be an object schema (type: object) /configuration/schema',
      "BW2012 the top of the schema of configuration 'oauth' must be an object schema (type: object) /configurations/oauth/schema",
    ])
  })

  it('through a $ref, at the $ref, naming the entry', () => {
    const yaml =
      'kind: interface\nname: i\nversion: 1.0.0\nentities: {}\nactions:\n  a:\n    input: { schema: { $ref: "#/$defs/s" } }\n    output: { schema: { type: object } }\n$defs:\n  s: { type: string }\n'
    expect(diagnosticsOf(yaml)).toEqual([
      {
        at: placeOf(yaml, '"#/$defs/s"'),
        code: 'BW2012',
        message: "$defs 's' is not an object schema, so it cannot be the whole schema of the input schema of action 'a'",
        path: '/actions/a/input/schema/$ref',
      },
    ])
  })

  it('an object at the top in its other forms passes: [object], an allOf with an object branch, a $message', () => {
    for (const top of [
      { type: ['object'] },
      { allOf: [{ type: 'object' }, { required: [] }] },
      { allOf: [{ allOf: [{ type: 'object' }] }] },
      { $message: 'text' },
    ]) {
      const yaml = `kind: interface\nname: i\nversion: 1.0.0\nentities: {}\nactions:\n  a:\n    input: { schema: ${JSON.stringify(top)} }\n    output: { schema: { type: object } }\n`
      expect(diagnosticsOf(yaml).filter((d) => d.code === 'BW2012')).toEqual([])
    }
  })

  it('a top that is not only an object is reported: [object, string], an allOf beside a type of its own', () => {
    for (const top of [{ type: ['object', 'string'] }, { type: 'string', allOf: [{ type: 'object' }] }]) {
      const yaml = `kind: interface\nname: i\nversion: 1.0.0\nentities: {}\nactions:\n  a:\n    input: { schema: ${JSON.stringify(top)} }\n    output: { schema: { type: object } }\n`
      expect(diagnosticsOf(yaml).map((d) => d.code)).toContain('BW2012')
    }
  })
})

describe('a configuration that is a message through a named schema (BW2024)', () => {
  it('at the $ref, with the $message as related', () => {
    const yaml =
      'kind: integration\nname: n\nversion: 1.0.0\nconfiguration:\n  schema:\n    type: object\n    properties:\n      bye: { $ref: "#/$defs/bye" }\n$defs:\n  bye: { type: object, properties: { m: { $message: text } } }\n'
    expect(diagnosticsOf(yaml)).toEqual([
      {
        at: placeOf(yaml, '"#/$defs/bye"'),
        code: 'BW2024',
        message:
          "configuration schemas cannot be a standard message, and $defs 'bye' holds one ('text'): a bot writes its configuration by hand; write the schema out",
        path: '/configuration/schema/properties/bye/$ref',
        related: [`${placeOf(yaml, 'text }')} the $message 'text' is here`],
      },
    ])
  })
})

describe('a definition with a shape error', () => {
  it('the nodes of a schema beside the error are checked; those around it and inside it wait', () => {
    const yaml =
      'kind: interface\nname: i\nversion: 1.0.0\nentities:\n  e:\n    schema:\n      type: object\n      properties:\n        s: { type: string, minLenght: 1 }\n        n: { type: integer, minimum: 5, maximum: 1 }\n        o: { type: object, properties: { deep: { type: string, minLength: 3, maxLength: 1 } } }\n      required: [s, missing]\nactions: {}\n'
    // the node holding the error, and the entity's node around it (its `required` names a
    // property it may declare once fixed), wait; the other properties are checked
    expect(diagnosticsOf(yaml).map((d) => `${d.code} ${d.path}`)).toEqual([
      'BW2002 /entities/e/schema/properties/s/minLenght',
      'BW2014 /entities/e/schema/properties/n/minimum',
      'BW2014 /entities/e/schema/properties/o/properties/deep/minLength',
    ])
  })

  it('its intact schemas are checked; the nodes around the error wait, and so does the judgement of which $defs entries are unused', () => {
    const yaml =
      'kind: interface\nname: i\nversion: 1.0.0\nentities:\n  e: { schema: { type: integer, minimum: 3, maximum: 1 } }\nactions:\n  a:\n    input: { schema: { type: object, properties: { s: { $ref: "#/$defs/s" }, n: { type: strng } } } }\n    output: { schema: { type: object } }\n$defs:\n  s: { type: string }\n'
    expect(diagnosticsOf(yaml).map((d) => `${d.code} ${d.path}`)).toEqual([
      'BW2014 /entities/e/schema/minimum',
      'BW2008 /actions/a/input/schema/properties/n/type',
    ])
  })
})

describe('a branch that says nothing itself is judged with the type of the nearest node around it that says one', () => {
  it('the nearest type, not an outer one', () => {
    const yaml = entity({
      type: 'object',
      properties: { p: { type: 'number', anyOf: [{ type: 'integer', anyOf: [{ minimum: 1.2, maximum: 1.5 }, { const: 3 }] }] } },
    })
    expect(diagnosticsOf(yaml).map((d) => `${d.code} ${d.path}`)).toEqual(['BW2014 /entities/e/schema/properties/p/anyOf/0/anyOf/0'])
  })

  it('a node typed around it admits no value when what it says leaves nothing of that type', () => {
    const yaml = entity({ type: 'object', properties: { p: { type: 'integer', anyOf: [{ minimum: 1.2, maximum: 1.5 }, { const: 1 }] } } })
    expect(diagnosticsOf(yaml).map((d) => `${d.code} ${d.path}`)).toEqual(['BW2014 /entities/e/schema/properties/p/anyOf/0'])
  })
})
