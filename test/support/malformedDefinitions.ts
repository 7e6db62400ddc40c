// Random malformed definitions of every kind, for the tests that no input makes botwire
// throw: anything where a schema, a node or a keyword's value belongs (`null`, numbers,
// lists where mappings go, mappings where lists go), at any depth, beside well-formed parts.
import fc from 'fast-check'

const KEYWORDS = [
  'type',
  'properties',
  'required',
  'items',
  'anyOf',
  'oneOf',
  'allOf',
  'enum',
  'const',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'additionalProperties',
  '$entity',
  '$ref',
  '$message',
  'default',
  'examples',
  'pattern',
  'format',
  'secret',
  'x-hint',
]

const scalar = fc.constantFrom<unknown>(null, 0, -1, 1.5, true, '', 'x', 'string', 'object', 'text', 'e', 'l.e', '#/$defs/d', '1.0.0', '^1.0.0')

/** Anything: mostly schema-like mappings whose values are themselves anything. */
const anything = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...KEYWORDS), tie('value'), { maxKeys: 4 }),
    fc.record({ properties: fc.dictionary(fc.constantFrom('a', 'b', 'toString'), tie('value'), { maxKeys: 2 }) }),
  ),
})).value

export const malformedDefinition = fc.oneof(
  fc.record({
    kind: fc.constantFrom('interface', 'integration', 'plugin'),
    name: fc.constantFrom('n', 'crm'),
    version: fc.constantFrom('1.0.0', 1, null),
    entities: fc.oneof(anything, fc.record({ e: fc.record({ schema: anything }), d: fc.constant({ schema: { type: 'object' } }) })),
    actions: fc.oneof(anything, fc.record({ a: fc.record({ input: fc.record({ schema: anything }), output: fc.record({ schema: anything }) }) })),
    events: fc.oneof(anything, fc.record({ ev: fc.record({ schema: anything }) })),
    channels: fc.oneof(anything, fc.record({ ch: fc.record({ messages: fc.record({ m: fc.record({ schema: anything }) }) }) })),
    $defs: fc.oneof(anything, fc.record({ d: anything })),
    configuration: fc.oneof(anything, fc.record({ schema: anything })),
    interfaces: fc.oneof(
      anything,
      fc.record({ crm: fc.record({ name: fc.constantFrom('crm', 5), version: anything, entities: anything, actions: anything, events: anything }) }),
    ),
    configurations: fc.oneof(anything, fc.record({ alt: fc.record({ schema: anything }) })),
  }),
  fc.record({
    kind: fc.constant('bot'),
    name: fc.constant('b'),
    integrations: fc.oneof(anything, fc.record({ crm: fc.record({ integration: fc.constantFrom('crm', 5), version: anything, configuration: anything }) })),
    plugins: fc.oneof(
      anything,
      fc.record({ p: fc.record({ plugin: fc.constant('crm'), version: anything, dependencies: anything, configuration: anything }) }),
    ),
    message: fc.oneof(anything, fc.record({ tags: anything })),
  }),
)
