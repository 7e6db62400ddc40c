// The `definition` constant of every golden module, evaluated from the golden text
// itself: it equals what lowering planned, its JSON Schemas compile in ajv's strict
// mode, and hostile property names (`__proto__`) are own properties, never prototypes.
import { Ajv, type AnySchema } from 'ajv'
import addFormats from 'ajv-formats'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import * as runtime from '../../src/runtime/index.js'
import { checkWorkspace } from '../../src/passes.js'
import { lowerModel } from '../../src/lower/lowerModel.js'
import type { JsonValue } from '../../src/schema/types.js'
import { definitionsDirOf, readExpected, validCases } from './validFixtures.js'

type Json = JsonValue
type JsonObject = { [key: string]: Json }

/** Runs a golden module (transpiled to CommonJS) and returns its exports. */
function evaluateModule(path: string, text: string): Record<string, unknown> {
  const { outputText } = ts.transpileModule(text, { fileName: path, compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false } })
  const exports: Record<string, unknown> = {}
  const require = (specifier: string): unknown => {
    if (specifier === 'botwire/runtime') return runtime
    throw new Error(`${path} imports ${specifier} at run time; only type imports of other definitions are expected`)
  }
  new Function('exports', 'require', 'module', outputText)(exports, require, { exports })
  return exports
}

/** Modules with a `definition`, by path: the value the golden text evaluates to. */
function goldenDefinitions(name: string): Map<string, JsonObject> {
  const found = new Map<string, JsonObject>()
  for (const [path, text] of readExpected(name)) {
    if (!/\/v[^/]+\.ts$/.test(path)) continue
    const exported = evaluateModule(path, text)
    expect(exported.definition, path).toBeTypeOf('object')
    found.set(path, exported.definition as JsonObject)
  }
  return found
}

/** The `definition` values lowering planned, by path. */
function plannedDefinitions(name: string): Map<string, Json> {
  const definitionsDir = definitionsDirOf(name)
  const checked = checkWorkspace({ definitionsDir, builtins: true, cwd: definitionsDir })
  const plan = lowerModel(checked.model, { definitionsDir: checked.definitionsDir, allBuiltins: false })
  const found = new Map<string, Json>()
  for (const file of plan.files) {
    if (file.kind !== 'module') continue
    for (const declaration of file.declarations) if (declaration.kind === 'const' && declaration.name === 'definition') found.set(file.path, declaration.value)
  }
  return found
}

/** Every schema of a definition that the runtime compiles, with the definitions section it resolves `$ref` against. */
function schemasOf(definition: JsonObject): { where: string; schema: JsonObject; definitions: Json }[] {
  const out: { where: string; schema: JsonObject; definitions: Json }[] = []
  const members = (where: string, owner: JsonObject, definitions: Json): void => {
    for (const [name, action] of Object.entries((owner.actions ?? {}) as Record<string, JsonObject>)) {
      out.push({ where: `${where}actions.${name}.input`, schema: action.input as JsonObject, definitions })
      out.push({ where: `${where}actions.${name}.output`, schema: action.output as JsonObject, definitions })
    }
    for (const [name, event] of Object.entries((owner.events ?? {}) as Record<string, JsonObject>)) out.push({ where: `${where}events.${name}`, schema: event.schema as JsonObject, definitions })
    for (const [name, channel] of Object.entries((owner.channels ?? {}) as Record<string, JsonObject>)) {
      for (const [message, spec] of Object.entries(channel.messages as Record<string, JsonObject>)) out.push({ where: `${where}channels.${name}.${message}`, schema: spec.schema as JsonObject, definitions })
    }
    if (owner.configuration && definition.kind !== 'bot') out.push({ where: `${where}configuration`, schema: owner.configuration as JsonObject, definitions })
  }
  if (definition.kind === 'bot') {
    for (const [alias, plugin] of Object.entries(definition.plugins as Record<string, JsonObject>)) members(`plugins.${alias}.`, plugin, plugin.definitions as Json)
  } else {
    members('', definition, definition.definitions as Json)
    for (const [name, schema] of Object.entries(definition.definitions as Record<string, JsonObject>)) out.push({ where: `definitions.${name}`, schema, definitions: definition.definitions as Json })
  }
  return out
}

function strictAjv(): Ajv {
  const ajv = new Ajv({ strict: true, allErrors: true })
  addFormats.default(ajv)
  return ajv
}

/** Every `$ref` in a value. */
function refs(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refs)
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, child]) => (key === '$ref' && typeof child === 'string' ? [child] : refs(child)))
}

describe.each(validCases)('%s definitions', (name) => {
  const golden = goldenDefinitions(name)

  it('evaluate from the golden text to exactly what lowering planned', () => {
    const planned = plannedDefinitions(name)
    expect([...golden.keys()].sort()).toEqual([...planned.keys()].sort())
    for (const [path, value] of golden) expect(value, path).toStrictEqual(planned.get(path))
  })

  it('have JSON Schemas that ajv compiles in strict mode, every $ref resolving', () => {
    for (const [path, definition] of golden) {
      const ajv = strictAjv()
      for (const { where, schema, definitions } of schemasOf(definition)) {
        expect(schema, `${path} ${where}`).toBeTypeOf('object')
        for (const ref of refs(schema)) {
          const key = decodeURIComponent(ref.replace(/^#\/definitions\//, ''))
          expect(Object.hasOwn(definitions as JsonObject, key), `${path} ${where}: ${ref}`).toBe(true)
        }
        expect(() => ajv.compile({ ...schema, definitions } as AnySchema), `${path} ${where}`).not.toThrow()
      }
    }
  })
})
