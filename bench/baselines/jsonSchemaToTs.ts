// Baseline (a): json-schema-to-typescript on the same entity and action schemas that
// botwire types, against botwire's own lowering + emission of those types.
//
// Per interface or integration module: its entities and its (final) actions. For
// json-schema-to-typescript the schemas are lowered to plain JSON Schema the way the
// generated `definition` constants have them (`$entity` -> `$ref` into `definitions`),
// and wrapped in one root schema per module whose `entities` and `actions` properties
// reach every entity and every action input/output, each titled so that it becomes a
// named type as in botwire's output. botwire's side declares the same types (entity
// types, `Entities`, one input and one output type per action, `Actions`) with its
// ModuleBuilder and prints them with its printer.
import { compile } from 'json-schema-to-typescript'
import { emitFile } from '../../src/emit/emitFile.js'
import type { JsonValue } from '../../src/jsonSchema/types.js'
import { declareEntities } from '../../src/lower/entities.js'
import { declareMemberTypes, type MemberSets } from '../../src/lower/members.js'
import { ModuleBuilder } from '../../src/lower/moduleBuilder.js'
import { pascalCase } from '../../src/lower/names.js'
import { JsonSchemaLowering } from '../../src/lower/schemaToJson.js'
import type { IntegrationModel, InterfaceModel, Model } from '../../src/resolve/model.js'

export interface TypedModule {
  definition: InterfaceModel | IntegrationModel
  members: MemberSets
}

/** Interfaces and integrations with their entities and actions only. */
export function typedModules(model: Model, count: number): TypedModule[] {
  const half = Math.ceil(count / 2)
  const interfaces = model.interfaces.filter((i) => !i.builtin).slice(0, half)
  const integrations = model.integrations.slice(0, count - interfaces.length)
  return [
    ...interfaces.map((i) => ({
      definition: i,
      members: { actions: Object.entries(i.spec.actions).map(([name, spec]) => ({ name, spec, scope: i.scope })), events: [], channels: [] },
    })),
    ...integrations.map((i) => ({
      definition: i,
      members: { actions: i.actions.map((a) => ({ name: a.name, spec: a.spec, scope: a.scope })), events: [], channels: [] },
    })),
  ]
}

/** botwire: the entity and action types of one module, lowered and printed. */
export function botwireTypes(module: TypedModule): string {
  const d = module.definition
  const builder = new ModuleBuilder(`${d.kind}s/${d.name}/v${d.version}.ts`, [d.file.displayPath])
  const entities = declareEntities(builder, d.key, d.spec.entities ?? {})
  declareMemberTypes(builder, module.members, { context: entities.context }, { actions: 'Actions', events: 'Events', channels: null })
  return emitFile(builder.build()).text
}

function safeKey(key: string): string {
  return key.replace(/[^A-Za-z0-9]+/g, '_')
}

function renameRefs(value: JsonValue, rename: Map<string, string>): JsonValue {
  if (Array.isArray(value)) return value.map((v) => renameRefs(v, rename))
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' ? `#/definitions/${rename.get(v.slice('#/definitions/'.length)) ?? 'missing'}` : renameRefs(v, rename),
    ]),
  )
}

/** The module as one JSON Schema for json-schema-to-typescript (built once, outside the timing). */
export function moduleSchema(model: Model, module: TypedModule): Record<string, JsonValue> {
  const d = module.definition
  const lowering = new JsonSchemaLowering(model)
  const entityKeys = Object.keys(d.spec.entities ?? {}).map((entity) => [entity, lowering.include({ owner: d.key, entity })] as const)
  const actions: Record<string, JsonValue> = {}
  for (const action of module.members.actions) {
    const base = pascalCase(action.name)
    const input = lowering.lower(action.spec.input.schema, action.scope).toJSON() as Record<string, JsonValue>
    const output = lowering.lower(action.spec.output.schema, action.scope).toJSON() as Record<string, JsonValue>
    actions[action.name] = {
      type: 'object',
      properties: { input: { ...input, title: `${base}Input` }, output: { ...output, title: `${base}Output` } },
      required: ['input', 'output'],
      additionalProperties: false,
    }
  }
  const section = lowering.section()
  const rename = new Map(Object.keys(section).map((key) => [key, safeKey(key)]))
  const definitions = Object.fromEntries(
    Object.entries(section).map(([key, schema]) => {
      const entity = key.slice(key.lastIndexOf(':') + 1)
      const owned = entityKeys.some(([, k]) => k === key)
      return [
        rename.get(key) as string,
        { ...(renameRefs(schema.toJSON(), rename) as Record<string, JsonValue>), title: owned ? pascalCase(entity) : pascalCase(safeKey(key)) },
      ]
    }),
  )
  const entityProperties = Object.fromEntries(entityKeys.map(([entity, key]) => [entity, { $ref: `#/definitions/${rename.get(key) as string}` }]))
  return {
    title: 'Module',
    type: 'object',
    properties: {
      entities: { title: 'Entities', type: 'object', properties: entityProperties, required: entityKeys.map(([e]) => e), additionalProperties: false },
      actions: { title: 'Actions', type: 'object', properties: renameRefs(actions, rename), required: Object.keys(actions), additionalProperties: false },
    },
    required: ['entities', 'actions'],
    additionalProperties: false,
    definitions,
  }
}

/** json-schema-to-typescript, as the brief says: `compile(schema, name, { bannerComment: '' })`. */
export async function jsttTypes(schema: Record<string, JsonValue>, name: string, format = true): Promise<string> {
  // compile() mutates its input (it annotates the schema), so give it a fresh copy each time
  const copy = structuredClone(schema) as Parameters<typeof compile>[0]
  return compile(copy, name, { bannerComment: '', ...(format ? {} : { format: false }) })
}
