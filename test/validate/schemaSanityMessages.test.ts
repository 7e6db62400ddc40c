// Schema sanity as its author sees it: each diagnostic's message, place, path, related
// locations and "did you mean" fix, for one-file workspaces. The invalid fixtures show the
// place and the message of one case per code; a mutation run found the rest unasserted
// (docs/testing.md#mutation-testing).
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { toRecord } from '../../src/diagnostics/record.js'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { tempDir, writeFiles } from '../support/cli.js'

const root = tempDir('botwire-sanity-messages-')
afterAll(() => rmSync(root, { recursive: true, force: true }))

interface Seen {
  at: string
  code: string
  message: string
  path: string | null
  related?: string[]
  suggestion?: string
}

let count = 0
/** Every diagnostic for a workspace of one file `d.yaml`: `line:col`, code, message, path, related (`line:col message`) and suggestion when there are some. */
function diagnosticsOf(yaml: string): Seen[] {
  const dir = join(root, `case-${count++}`)
  writeFiles(dir, { 'd.yaml': yaml })
  return checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir }).diagnostics.map((d) => {
    const r = toRecord(d)
    return {
      at: `${r.line}:${r.column}`,
      code: r.code,
      message: r.message,
      path: r.path,
      ...(r.related.length > 0 ? { related: r.related.map((x) => `${x.line}:${x.column} ${x.message}`) } : {}),
      ...(d.suggestion === undefined ? {} : { suggestion: d.suggestion }),
    }
  })
}

/** An interface whose one entity `e` has this schema (JSON, on line 6, starting at column 13). */
const entity = (schema: unknown): string => `kind: interface\nname: i\nversion: 1.0.0\nentities:\n  e:\n    schema: ${JSON.stringify(schema)}\nactions: {}\n`

/** Where the `nth` `needle` is in the YAML text, `line:col` of its first character (1-based), or of the character after it with `after`. */
function placeOf(yaml: string, needle: string, nth = 0, after = false): string {
  let found = -1
  for (let i = 0; i <= nth; i++) found = yaml.indexOf(needle, found + 1)
  if (found < 0) throw new Error(`${needle} not in the text`)
  const from = after ? found + needle.length : found
  const before = yaml.slice(0, from)
  return `${before.split('\n').length}:${from - before.lastIndexOf('\n')}`
}

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
