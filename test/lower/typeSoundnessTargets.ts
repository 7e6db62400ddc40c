// The type-soundness test's targets and run (typeSoundness.test.ts): each place a value is
// typed, the cases sampled for it and how a failure is shown; the generated modules run from
// their text, and the one program that compiles them with the values.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import type { JsonValue, SchemaNode } from '../../src/jsonSchema/types.js'
import { compileValueValidator } from '../../src/jsonSchema/valueValidator.js'
import type { JsonSchema } from '../../src/runtime/definition.js'
import * as runtime from '../../src/runtime/index.js'
import type { SchemaDefinitions } from '../../src/runtime/validation.js'
import { evaluateModule } from '../support/evaluateModule.js'
import type { Rng } from '../support/seededRandom.js'
import { sharingHost } from '../support/sharedDeclarations.js'
import { FAIL, sample } from '../support/typeSoundnessValues.js'
import { COMPILER_OPTIONS, type World } from './typeSoundnessWorlds.js'

/** A place a value is typed: an entity, an action's input or output, an event, a configuration. */
export interface Target {
  world: World | undefined
  label: string
  /** the definition's schema (with `$entity`), what values are sampled from */
  schema: SchemaNode
  /** the TypeScript type */
  type: string
  /** the JSON Schema the runtime validates against, and the definitions its `$ref`s point into */
  jsonSchema: JsonSchema
  definitions: SchemaDefinitions
}

export interface Case {
  target: Target
  value: JsonValue
  /** for precision cases: what was broken */
  what?: string
}

export interface Failure {
  target: string
  schema: string
  entities: string
  value: string
  what?: string
  error: string
}

export function describeFailure(c: Case, error: string): Failure {
  return {
    target: c.target.label,
    schema: JSON.stringify(c.target.schema),
    entities: JSON.stringify(c.target.world?.entities ?? {}),
    value: JSON.stringify(c.value),
    ...(c.what === undefined ? {} : { what: c.what }),
    error,
  }
}

/** Evaluates a generated module's JavaScript (with the runtime from the sources) and returns its exports. */
export function runModule(path: string, text: string): Record<string, unknown> {
  return evaluateModule(path, text, (id) => {
    if (id === '@botwire/runtime') return runtime
    throw new Error(`unexpected import ${id}`)
  })
}

/** A configuration value the schema admits (none when sampling does not find one). */
export function configurationValue(schema: SchemaNode, rng: Rng): JsonValue | undefined {
  const validate = compileValueValidator(schema)
  for (let i = 0; i < 10; i++) {
    const value = sample(schema, rng, () => undefined)
    if (value !== FAIL && validate(value)) return value
  }
  return undefined
}

/** A name as a TypeScript string literal (an index into a generated type). */
export const key = (name: string): string => JSON.stringify(name)

/** Adds the place `label` of `world` in module `ns`: typed `type` there, validated with `jsonSchema` (which the module must have). */
export function addTarget(
  targets: Target[],
  world: World,
  ns: string,
  label: string,
  schema: SchemaNode,
  type: string,
  jsonSchema: JsonSchema | undefined,
  definitions: unknown,
): void {
  if (jsonSchema === undefined) throw new Error(`${ns}: no JSON Schema for ${label}`)
  targets.push({ world, label: `${ns} ${label}`, schema, type: `${ns}.${type}`, jsonSchema, definitions: definitions as SchemaDefinitions })
}

/** The places an interface's or an integration's module types: its entities, the action's input and output, the event and the channel message. */
export function memberTargets(targets: Target[], world: World, ns: string, definition: runtime.InterfaceDefinition | runtime.IntegrationDefinition): void {
  const add = (label: string, schema: SchemaNode, type: string, jsonSchema: JsonSchema | undefined, definitions: unknown): void =>
    addTarget(targets, world, ns, label, schema, type, jsonSchema, definitions)
  for (const entity of Object.keys(world.entities)) {
    add(
      `Entities[${key(entity)}]`,
      { $entity: entity },
      `Entities[${key(entity)}]`,
      { $ref: `#/definitions/${String(definition.entities[entity])}` } as JsonSchema,
      definition.definitions,
    )
  }
  const action = definition.actions[world.action]
  add(`${world.action} input`, world.input, `Actions[${key(world.action)}]["input"]`, action?.input, definition.definitions)
  add(`${world.action} output`, world.output, `Actions[${key(world.action)}]["output"]`, action?.output, definition.definitions)
  add(`event ${world.event}`, world.eventSchema, `Events[${key(world.event)}]`, definition.events[world.event]?.schema, definition.definitions)
  add(
    `message ${world.channel}.${world.message}`,
    world.messageSchema,
    `Channels[${key(world.channel)}][${key(world.message)}]`,
    definition.channels[world.channel]?.messages[world.message]?.schema,
    definition.definitions,
  )
}

/** TYPE_SOUNDNESS_VERBOSE=1: print the counts, the rejections and every failure whole. */
export const VERBOSE = process.env.TYPE_SOUNDNESS_VERBOSE === '1'

const clip = (text: string, length = 240): string => (text.length <= length ? text : `${text.slice(0, length)}...`)

/** One line per failure, for a readable assertion; TYPE_SOUNDNESS_VERBOSE=1 prints them whole. */
export function summary(failures: readonly Failure[]): string[] {
  if (VERBOSE) for (const f of failures) console.log(JSON.stringify(f, null, 1))
  return failures.map((f) => `${f.target} ${clip(f.schema, 160)}: ${f.what ?? ''} ${clip(f.value)} -> ${clip(f.error, 160)}`)
}

/** A TypeScript diagnostic as `file:line:col TScode: text`, the file relative to `workDir`. */
export function formatDiagnostic(d: ts.Diagnostic, workDir: string): string {
  const text = ts.flattenDiagnosticMessageText(d.messageText, '\n')
  if (!d.file || d.start === undefined) return `TS${d.code}: ${text}`
  const { line, character } = d.file.getLineAndCharacterOfPosition(d.start)
  return `${d.file.fileName.replace(workDir, '')}:${line + 1}:${character + 1} TS${d.code}: ${text}`
}

/** The generated modules (`out/`) and the values (`values.ts`) of `workDir` as one program, compiled as the generated code's users compile it. */
export function valuesProgram(workDir: string): ts.Program {
  writeFileSync(join(workDir, 'tsconfig.json'), JSON.stringify({ compilerOptions: COMPILER_OPTIONS, include: ['values.ts', 'out/**/*.ts'] }))
  const read = ts.readConfigFile(join(workDir, 'tsconfig.json'), ts.sys.readFile)
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, workDir, undefined, join(workDir, 'tsconfig.json'))
  if (parsed.errors.length > 0) throw new Error(parsed.errors.map((d) => formatDiagnostic(d, workDir)).join('\n'))
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host: sharingHost(parsed.options) })
  return program
}

/** One more `key` in `map`. */
export const count = (map: Map<string, number>, key: string): void => void map.set(key, (map.get(key) ?? 0) + 1)

/** How many definitions in the folder use a named schema (`$ref`), and how many a standard message (`$message`). */
export function referenceKinds(definitionsDir: string): { withDefs: number; withMessages: number } {
  const found = { withDefs: 0, withMessages: 0 }
  for (const name of readdirSync(definitionsDir)) {
    const text = readFileSync(join(definitionsDir, name), 'utf8')
    if (text.includes('"$ref"')) found.withDefs++
    if (text.includes('"$message"')) found.withMessages++
  }
  return found
}

/** What a run counts, for TYPE_SOUNDNESS_VERBOSE and the assertions on how much it tried. */
export function soundnessStats() {
  return {
    worlds: 0,
    rejected: new Map<string, number>(),
    rejectionCodes: new Map<string, number>(),
    bots: 0,
    targets: 0,
    sampled: 0,
    accepted: 0,
    precision: 0,
    undefinedOptionals: 0,
    /** definitions generated with a `$ref`, and with a `$message` */
    withDefs: 0,
    withMessages: 0,
  }
}
