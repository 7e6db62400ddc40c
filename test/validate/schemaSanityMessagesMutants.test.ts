// Schema sanity as its author sees it: the details the mutation run's later parts found
// unasserted (docs/testing.md#mutation-testing), each diagnostic asserted whole.
import { describe, expect, it } from 'vitest'
import { entity, placeOf, sanityCases } from './schemaSanityCases.js'

const diagnosticsOf = sanityCases()

describe('second half details', () => {
  it('BW2026: a property of a third part is reported once, for the first closed part that lacks it', () => {
    const yaml = entity({
      allOf: [
        { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
        { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
        { type: 'object', properties: { c: { type: 'string' } } },
      ],
    })
    expect(diagnosticsOf(yaml).map((d) => `${d.code} ${d.path} ${d.related?.join()}`)).toEqual([
      `BW2026 /entities/e/schema/allOf/2/properties/c ${placeOf(yaml, 'false')} allOf branch 0 is closed here`,
    ])
  })

  it('a branch with a type of its own is judged with it, not with the type around it', () => {
    expect(
      diagnosticsOf(entity({ type: 'object', properties: { p: { type: 'integer', anyOf: [{ type: 'number', minimum: 1.2, maximum: 1.5 }, { const: 3 }] } } })),
    ).toEqual([])
  })

  it('BW2016: a const the rest of its schema rejects, in words', () => {
    const yaml = entity({ type: 'object', properties: { p: { type: 'string', const: 5 } } })
    expect(diagnosticsOf(yaml).map((d) => `${d.code} ${d.path} ${d.message}`)).toEqual([
      'BW2016 /entities/e/schema/properties/p/const const 5 is rejected by this schema itself (value: must be a string, not 5)',
    ])
  })

  it('a node that says only oneOf, allOf, const or enum says what it admits', () => {
    const yaml = entity({
      type: 'object',
      properties: {
        a: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
        b: { allOf: [{ type: 'string' }, { type: 'string', minLength: 1 }] },
        c: { const: 'x' },
        d: { enum: ['x', 'y'] },
      },
    })
    expect(diagnosticsOf(yaml)).toEqual([])
  })

  it('BW2012: a list of one type that is not object', () => {
    const yaml =
      'kind: interface\nname: i\nversion: 1.0.0\nentities: {}\nactions:\n  a:\n    input: { schema: { type: [string] } }\n    output: { schema: { type: object } }\n'
    expect(diagnosticsOf(yaml).map((d) => `${d.code} ${d.path}`)).toEqual(['BW2012 /actions/a/input/schema'])
  })
})

describe('second half, what the mutation run found unasserted', () => {
  it('BW2026: an entity branch is not an allOf part; its keywords beside $entity are its BW2010 alone', () => {
    const yaml = entity({
      allOf: [
        { $entity: 'e', properties: { x: { type: 'string' } } },
        { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
      ],
    })
    expect(diagnosticsOf(yaml).map((d) => `${d.code} ${d.path}`)).toEqual(['BW2010 /entities/e/schema/allOf/0/properties'])
  })

  it('a branch is judged with the nearest type around it, past a node around it that says nothing itself', () => {
    const yaml = entity({
      type: 'object',
      properties: { p: { type: 'integer', anyOf: [{ anyOf: [{ minimum: 1.2, maximum: 1.5 }, { const: 3 }] }, { const: 4 }] } },
    })
    expect(diagnosticsOf(yaml)).toEqual([
      {
        at: placeOf(yaml, '{"minimum"'),
        code: 'BW2014',
        message: 'no integer lies between minimum 1.2 and maximum 1.5: no value can satisfy this schema',
        path: '/entities/e/schema/properties/p/anyOf/0/anyOf/0',
      },
    ])
  })

  it('a branch inside a node with a const or an enum is judged through them (BW2016), not again with the type further out', () => {
    for (const [says, at] of [
      [{ const: 1 }, 'const'],
      [{ enum: [1, 2] }, 'enum/0'],
    ] as const) {
      const yaml = entity({
        type: 'object',
        properties: { p: { type: 'integer', anyOf: [{ ...says, anyOf: [{ minimum: 1.2, maximum: 1.5 }, { const: 2 }] }] } },
      })
      expect(diagnosticsOf(yaml).map((d) => `${d.code} ${d.path}`)).toEqual([`BW2016 /entities/e/schema/properties/p/anyOf/0/${at}`])
    }
  })

  it('enum branches none of which has the type around them: the node’s BW2019 alone, not each branch too', () => {
    const yaml = entity({ type: 'object', properties: { rank: { type: 'string', oneOf: [{ enum: [1] }, { enum: [2] }] } } })
    expect(diagnosticsOf(yaml).map((d) => `${d.code} ${d.path} ${d.message}`)).toEqual([
      'BW2019 /entities/e/schema/properties/rank/oneOf no oneOf branch admits a value of type string: no value can satisfy this schema',
    ])
  })

  it('BW2016: a named schema inside does not keep the rest of the schema from being checked', () => {
    const yaml = `${entity({ type: 'object', properties: { r: { $ref: '#/$defs/s' }, n: { type: 'integer' } }, default: { r: 'x', n: 'y' } })}$defs:\n  s: { type: string }\n`
    expect(diagnosticsOf(yaml)).toEqual([
      {
        at: placeOf(yaml, '"default":'),
        code: 'BW2016',
        message: 'default {"r":"x","n":"y"} is rejected by this schema itself (value.n: must be an integer, not \'y\')',
        path: '/entities/e/schema/default',
      },
    ])
  })

  it('BW2016: an x- annotation holding null does not keep the schema from being checked', () => {
    const yaml = entity({ type: 'object', 'x-note': null, properties: { n: { type: 'integer', 'x-note': null } }, default: { n: 'a' } })
    expect(diagnosticsOf(yaml).map((d) => `${d.code} ${d.path} ${d.message}`)).toEqual([
      'BW2016 /entities/e/schema/default default {"n":"a"} is rejected by this schema itself (value.n: must be an integer, not \'a\')',
    ])
  })

  it('a keyword beside $entity or $message is that reference’s error alone: a value is not checked against it (no BW2016 too)', () => {
    for (const [reference, code] of [
      [{ $entity: 'e' }, 'BW2010'],
      [{ $message: 'text' }, 'BW2020'],
    ] as const) {
      const yaml = entity({ type: 'object', properties: { o: { ...reference, type: 'string' } }, default: { o: 5 } })
      expect(diagnosticsOf(yaml).map((d) => `${d.code} ${d.path}`)).toEqual([`${code} /entities/e/schema/properties/o/type`])
    }
  })
})

describe('last part, what the mutation run found unasserted', () => {
  /** An interface whose action `a` takes this input schema (JSON), with `$defs` after it when given. */
  const withInput = (schema: unknown, defs = ''): string =>
    `kind: interface\nname: i\nversion: 1.0.0\nentities:\n  e: { schema: { type: object } }\nactions:\n  a:\n    input: { schema: ${JSON.stringify(schema)} }\n    output: { schema: { type: object } }\n${defs}`

  it('BW2016: every reason a value is rejected, in one message, separated by semicolons', () => {
    const yaml = withInput({ type: 'object', properties: { s: { type: 'string', minLength: 5, pattern: '^a' } }, default: { s: 'b' } })
    expect(diagnosticsOf(yaml).map((d) => `${d.code} ${d.path} ${d.message}`)).toEqual([
      'BW2016 /actions/a/input/schema/default default {"s":"b"} is rejected by this schema itself (value.s: must have at least 5 characters, not 1; value.s: must match the pattern \'^a\', not \'b\')',
    ])
  })

  it('a default beside an invalid pattern further in: the pattern’s BW2015 alone, the default left unchecked', () => {
    const yaml = withInput({ type: 'object', properties: { s: { type: 'string', pattern: '[' } }, default: { s: 'x' } })
    expect(diagnosticsOf(yaml).map((d) => `${d.code} ${d.path}`)).toEqual(['BW2015 /actions/a/input/schema/properties/s/pattern'])
  })

  it('BW2024 only at the $ref whose entry holds a message, not at a $ref beside it to one that does not', () => {
    const yaml =
      'kind: integration\nname: n\nversion: 1.0.0\nconfiguration:\n  schema:\n    type: object\n    properties:\n      hi: { $ref: "#/$defs/hi" }\n      bye: { $ref: "#/$defs/bye" }\n$defs:\n  hi: { type: string }\n  bye: { type: object, properties: { m: { $message: text } } }\n'
    expect(diagnosticsOf(yaml).map((d) => `${d.code} ${d.path}`)).toEqual(['BW2024 /configuration/schema/properties/bye/$ref'])
  })

  it('a named schema holding a message is fine outside a configuration (an action input): no BW2024', () => {
    const yaml = withInput(
      { type: 'object', properties: { bye: { $ref: '#/$defs/bye' } } },
      '$defs:\n  bye: { type: object, properties: { m: { $message: text } } }\n',
    )
    expect(diagnosticsOf(yaml)).toEqual([])
  })

  it('BW2012: an allOf whose object branch is a $message or an $entity is an object at the top', () => {
    for (const branch of [{ $message: 'text' }, { $entity: 'e' }]) {
      expect(diagnosticsOf(withInput({ allOf: [branch] }))).toEqual([])
    }
  })

  it('BW2012: a top without a type or an allOf that says what it admits otherwise (enum, anyOf) is not an object', () => {
    for (const top of [{ enum: ['a', 'b'] }, { anyOf: [{ type: 'string' }, { type: 'integer' }] }]) {
      const yaml = withInput(top)
      expect(diagnosticsOf(yaml)).toEqual([
        {
          at: placeOf(yaml, 'schema: {"'),
          code: 'BW2012',
          message: "the top of the input schema of action 'a' must be an object schema (type: object)",
          path: '/actions/a/input/schema',
        },
      ])
    }
  })

  it('a top that is a $ref to no entry is the unknown reference’s BW3014 alone', () => {
    const yaml = withInput({ $ref: '#/$defs/missing' }, '$defs:\n  s: { type: object }\n')
    expect(diagnosticsOf(yaml).map((d) => `${d.code} ${d.path}`)).toEqual(['BW3014 /actions/a/input/schema/$ref', 'BW2022 /$defs/s'])
  })
})
