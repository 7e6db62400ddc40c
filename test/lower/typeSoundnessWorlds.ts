// The type-soundness test's definitions (typeSoundness.test.ts): random worlds of an
// interface, an integration implementing it, a plugin depending on it and a bot wiring
// both, with hostile names; and the minimal cases of the generator bugs the test found.
import fc from 'fast-check'
import { defsName, isDefsReference, isMessageReference, messageTypeOf } from '../../src/jsonSchema/reference.js'
import type { JsonValue, SchemaNode } from '../../src/jsonSchema/types.js'
import { messagePayloadSchema } from '../../src/validate/messageSchemas.js'
import { GENERATED_CODE_OPTIONS } from '../pipeline/validFixtures.js'
import { propertyRuns } from '../support/propertyBudget.js'
import { objectSchemaArb, schemaArb } from '../support/typeSoundness.js'
import type { Resolve } from '../support/typeSoundnessValues.js'

/** how deep entity schemas nest (3 finds more, and takes about twice as long) */
/** the random search: TYPE_SOUNDNESS_SEED and TYPE_SOUNDNESS_WORLDS change it (typeSoundness.test.ts says how) */
export const SEED = Number(process.env.TYPE_SOUNDNESS_SEED ?? '20260611')
export const WORLD_COUNT = Number(process.env.TYPE_SOUNDNESS_WORLDS ?? propertyRuns(20))
export const SAMPLES_PER_TARGET = 2
export const DEPTH = Number(process.env.TYPE_SOUNDNESS_DEPTH ?? '2')

/** Entity names: mostly plain, often the names of globals, reserved or derived names the generated code uses. */
export const ENTITY_NAMES = [
  'e0',
  'e1',
  'e2',
  'e3',
  'Record',
  'Object',
  'entities',
  'Entities',
  'default',
  'constructor',
  'toString',
  'runtime',
  'string',
  'actInput',
  'definition',
  'Integration',
  'Configuration',
  'unknown',
  '_',
  'E0',
  'Bound',
]
export const PLAIN_ENTITY_NAMES = ['e0', 'e1', 'e2', 'e3']
/** `$defs` names: each becomes a type named in PascalCase, often colliding with an entity's or a reserved one. */
export const DEFS_NAMES = ['d0', 'd1', 'd0', 'e0', 'E1', 'Entities', 'Configuration', 'toString', 'default']
export const ACTION_NAMES = ['act', 'act', 'delete', 'constructor', 'toString', 'default', 'actions']
export const EVENT_NAMES = ['ev', 'ev', 'constructor', 'changed', 'valueOf']
export const CHANNEL_NAMES = ['ch', 'ch', 'toString', 'default']
export const MESSAGE_NAMES = ['msg', 'msg', 'default', 'hasOwnProperty']
export const LOCAL_NAMES = ['base', 'base', 'default', 'valueOf']
export const INTEGRATION_ALIASES = ['main', 'main', 'constructor', 'default']
export const PLUGIN_ALIASES = ['pl', 'pl', 'toString', 'delete']

export const COMPILER_OPTIONS = { ...GENERATED_CODE_OPTIONS, skipLibCheck: true }

// ---------------------------------------------------------------- worlds

/**
 * Interface `t<n>`: entities, an action whose input references the first two, an event
 * and a channel message. Integration `i<n>` implements it with the same entities (under
 * the same names) and has a configuration. Plugin `p<n>` depends on it under a local name,
 * with an action and an event referencing its entities. Bot `b<n>` wires the plugin to the
 * integration.
 */
export interface World {
  n: number
  entities: Record<string, SchemaNode>
  /** the `$defs` of the interface, the integration and the plugin alike (each reads its own) */
  defs: Record<string, SchemaNode>
  action: string
  input: SchemaNode
  output: SchemaNode
  event: string
  eventSchema: SchemaNode
  channel: string
  message: string
  messageSchema: SchemaNode
  configuration: SchemaNode
  local: string
  pluginAction: string
  pluginInput: SchemaNode
  pluginOutput: SchemaNode
  pluginEventSchema: SchemaNode
  pluginConfiguration: SchemaNode
  integrationAlias: string
  pluginAlias: string
}

export const fileNames = (world: World): { iface: string; integration: string; plugin: string; bot: string } => ({
  iface: `t${world.n}`,
  integration: `i${world.n}`,
  plugin: `p${world.n}`,
  bot: `b${world.n}`,
})

export function worldArb(): fc.Arbitrary<Omit<World, 'n'>> {
  const namesArb = fc.uniqueArray(
    fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...PLAIN_ENTITY_NAMES) }, { weight: 2, arbitrary: fc.constantFrom(...ENTITY_NAMES) }),
    { minLength: 2, maxLength: 3 },
  )
  const defsNamesArb = fc.uniqueArray(fc.constantFrom(...DEFS_NAMES), { minLength: 1, maxLength: 2 })
  return fc.tuple(namesArb, fc.constantFrom(...LOCAL_NAMES), defsNamesArb).chain(([names, local, defsNames]) => {
    // named schemas and standard messages wherever an entity may stand
    const options = { entities: names, defs: defsNames, messages: true }
    const pluginOptions = { entities: names.map((name) => `${local}.${name}`), defs: defsNames, messages: true }
    const [first, second] = names as [string, string]
    // a `$defs` entry references no entity, and (no cycles) only the entries after it
    const defsArb = fc.tuple(...defsNames.map((_, i) => schemaArb(1, { entities: [], defs: defsNames.slice(i + 1), messages: true })))
    return fc
      .record({
        defs: defsArb,
        schemas: fc.array(schemaArb(DEPTH, options), { minLength: names.length, maxLength: names.length }),
        entityInput: fc.boolean(),
        output: objectSchemaArb(2, options),
        eventSchema: objectSchemaArb(2, options),
        messageSchema: objectSchemaArb(1, options),
        configuration: objectSchemaArb(2, { entities: [] }),
        requireSecond: fc.boolean(),
        action: fc.constantFrom(...ACTION_NAMES),
        event: fc.constantFrom(...EVENT_NAMES),
        channel: fc.constantFrom(...CHANNEL_NAMES),
        message: fc.constantFrom(...MESSAGE_NAMES),
        pluginAction: fc.constantFrom(...ACTION_NAMES),
        pluginInput: objectSchemaArb(2, pluginOptions),
        pluginOutput: objectSchemaArb(2, pluginOptions),
        pluginEventSchema: objectSchemaArb(1, pluginOptions),
        pluginConfiguration: objectSchemaArb(1, { entities: [] }),
        integrationAlias: fc.constantFrom(...INTEGRATION_ALIASES),
        pluginAlias: fc.constantFrom(...PLUGIN_ALIASES),
      })
      .map(({ defs, schemas, requireSecond, entityInput, ...rest }) => ({
        ...rest,
        local,
        defs: Object.fromEntries(defsNames.map((n, i) => [n, defs[i] as SchemaNode])),
        entities: Object.fromEntries(names.map((n, i) => [n, schemas[i] as SchemaNode])),
        // the first entity as the whole input, where it is an object (docs/definitions.md#schemas), or an object that references two
        input:
          entityInput && schemas[0]?.type === 'object' && schemas[0].anyOf === undefined && schemas[0].oneOf === undefined
            ? { $entity: first }
            : ({ type: 'object', properties: { v: { $entity: first }, w: { $entity: second } }, required: requireSecond ? ['v', 'w'] : ['v'] } as SchemaNode),
      }))
  })
}

export const entitiesOf = (world: World): Record<string, { schema: SchemaNode }> =>
  Object.fromEntries(Object.entries(world.entities).map(([name, schema]) => [name, { schema }]))

export function interfaceOf(world: World): unknown {
  return {
    kind: 'interface',
    name: fileNames(world).iface,
    version: '1.0.0',
    $defs: world.defs,
    entities: entitiesOf(world),
    actions: { [world.action]: { input: { schema: world.input }, output: { schema: world.output } } },
    events: { [world.event]: { schema: world.eventSchema } },
    channels: { [world.channel]: { messages: { [world.message]: { schema: world.messageSchema } } } },
  }
}

export function integrationOf(world: World): unknown {
  return {
    kind: 'integration',
    name: fileNames(world).integration,
    version: '1.0.0',
    $defs: world.defs,
    configuration: { schema: world.configuration },
    entities: entitiesOf(world),
    interfaces: { base: { name: fileNames(world).iface, version: '1.0.0', entities: Object.fromEntries(Object.keys(world.entities).map((n) => [n, n])) } },
  }
}

export function pluginOf(world: World): unknown {
  return {
    kind: 'plugin',
    name: fileNames(world).plugin,
    version: '1.0.0',
    $defs: world.defs,
    configuration: { schema: world.pluginConfiguration },
    interfaces: { [world.local]: { name: fileNames(world).iface, version: '^1.0.0' } },
    actions: { [world.pluginAction]: { input: { schema: world.pluginInput }, output: { schema: world.pluginOutput } } },
    events: { pev: { schema: world.pluginEventSchema } },
  }
}

export function botOf(world: World, configuration: JsonValue, pluginConfiguration: JsonValue): unknown {
  const names = fileNames(world)
  return {
    kind: 'bot',
    name: names.bot,
    version: '1.0.0',
    integrations: { [world.integrationAlias]: { integration: names.integration, version: '1.0.0', configuration } },
    plugins: {
      [world.pluginAlias]: {
        plugin: names.plugin,
        version: '^1.0.0',
        configuration: pluginConfiguration,
        dependencies: { [world.local]: { integrationAlias: world.integrationAlias, integrationInterfaceAlias: 'base' } },
      },
    },
  }
}

/** References of every schema of a world: the interface's entities and the plugin's `local.entity`, `$defs` entries, standard messages. */
export function resolverOf(world: World): Resolve {
  return (name) => {
    if (isDefsReference(name)) return Object.hasOwn(world.defs, defsName(name)) ? world.defs[defsName(name)] : undefined
    if (isMessageReference(name)) return messagePayloadSchema(messageTypeOf(name)) as SchemaNode | undefined
    const entity = name.startsWith(`${world.local}.`) ? name.slice(world.local.length + 1) : name
    return Object.hasOwn(world.entities, entity) ? world.entities[entity] : undefined
  }
}

// ---------------------------------------------------------------- known generator bugs

/**
 * Minimal cases of the bugs this test found, each in interface `known`. `compiles`: ajv
 * accepts the value and it must compile; `rejected`: ajv rejects it and it must not.
 */
// (`as const` under keys named like members of objects or strings: TypeScript types them by
// those members here too, as in bug 1)
export const KNOWN_BUGS: { id: number; title: string; schema: SchemaNode; value: JsonValue; expect: 'compiles' | 'rejected' }[] = [
  {
    id: 1,
    title: 'an extra key named like an Object member, under additionalProperties with literal types',
    schema: { type: 'object', additionalProperties: { enum: ['a', 'b'] } },
    value: { toString: 'a' },
    expect: 'compiles',
  },
  {
    id: 2,
    title: 'an extra key named like an Object member, in an open object with anyOf beside its properties',
    schema: {
      type: 'object',
      properties: { a: { type: 'integer' }, b: { type: 'integer' } },
      additionalProperties: true,
      anyOf: [{ required: ['a'] }, { required: ['b'] }],
    },
    value: { a: 1, toString: 1 },
    expect: 'compiles',
  },
  {
    id: 3,
    title: 'a declared property named like an Object member, in an object with anyOf beside its properties',
    schema: {
      type: 'object',
      properties: { valueOf: { type: 'object' as const, properties: { length: { const: 'ab' } } }, c: { type: 'integer' } },
      anyOf: [{ required: ['c'] }],
    },
    value: { c: 1, valueOf: { length: 'ab' } },
    expect: 'compiles',
  },
  {
    id: 4,
    title: 'a string where an object with an optional property named like an Object member is expected',
    schema: { type: 'object', properties: { toString: { type: 'string' as const } } },
    value: 'zz',
    expect: 'rejected',
  },
  {
    id: 5,
    title: 'a string where an object whose properties are all optional, one named like a string member, is expected',
    schema: { type: 'object', properties: { length: { type: 'number' as const }, c: { type: 'string' } } },
    value: 'zz',
    expect: 'rejected',
  },
  {
    id: 6,
    title: 'a string where a type list allows strings but every anyOf branch is an object',
    schema: { type: ['string', 'object'], anyOf: [{ type: 'object', properties: { a: { type: 'string' } } }] },
    value: 'zz',
    expect: 'rejected',
  },
  {
    id: 7,
    title: 'a number where an entity that is `const: {}` is expected',
    schema: { const: {} },
    value: 7,
    expect: 'rejected',
  },
]

// ---------------------------------------------------------------- the run
