// The `definition` constant of every golden module, evaluated from the golden text
// itself: it equals what lowering planned, its JSON Schemas compile in ajv's strict
// mode, and hostile property names (`__proto__`) are own properties, never prototypes.
import { Ajv, type AnySchema } from 'ajv'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../src/jsonSchema/types.js'
import { lowerModel } from '../../src/lower/lowerModel.js'
import type { ConstValue } from '../../src/lower/plan.js'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import * as runtime from '../../src/runtime/index.js'
import { evaluateModule } from '../support/evaluateModule.js'
import { definitionsDirOf, readExpected, validCases } from './validFixtures.js'

type Json = JsonValue
type JsonObject = { [key: string]: Json }

/** Runs a golden module and returns its exports; `@botwire/runtime` is the only import it may run. */
function runGolden(path: string, text: string): Record<string, unknown> {
  return evaluateModule(path, text, (specifier) => {
    if (specifier === '@botwire/runtime') return runtime
    throw new Error(`${path} imports ${specifier} at run time; only type imports of other definitions are expected`)
  })
}

/** Modules with a `definition`, by path: the value the golden text evaluates to. */
function goldenDefinitions(name: string): Map<string, JsonObject> {
  const found = new Map<string, JsonObject>()
  for (const [path, text] of readExpected(name)) {
    if (!/\/v[^/]+\.ts$/.test(path)) continue
    const exported = runGolden(path, text)
    expect(exported.definition, path).toBeTypeOf('object')
    found.set(path, exported.definition as JsonObject)
  }
  return found
}

/** The `definition` values lowering planned, by path (their schemas as JSON text, which `JSON.stringify` sees through). */
function plannedDefinitions(name: string): Map<string, ConstValue> {
  const definitionsDir = definitionsDirOf(name)
  const checked = checkWorkspace({ definitionsDir, builtins: true, cwd: definitionsDir })
  const plan = lowerModel(checked.model, { definitionsDir: checked.definitionsDir, allBuiltins: false })
  const found = new Map<string, ConstValue>()
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
    for (const [name, event] of Object.entries((owner.events ?? {}) as Record<string, JsonObject>))
      out.push({ where: `${where}events.${name}`, schema: event.schema as JsonObject, definitions })
    for (const [name, channel] of Object.entries((owner.channels ?? {}) as Record<string, JsonObject>)) {
      for (const [message, spec] of Object.entries(channel.messages as Record<string, JsonObject>))
        out.push({ where: `${where}channels.${name}.${message}`, schema: spec.schema as JsonObject, definitions })
    }
    if (owner.configuration && definition.kind !== 'bot') out.push({ where: `${where}configuration`, schema: owner.configuration as JsonObject, definitions })
  }
  if (definition.kind === 'bot') {
    for (const [alias, plugin] of Object.entries(definition.plugins as Record<string, JsonObject>))
      members(`plugins.${alias}.`, plugin, plugin.definitions as Json)
  } else {
    members('', definition, definition.definitions as Json)
    for (const [name, schema] of Object.entries(definition.definitions as Record<string, JsonObject>))
      out.push({ where: `definitions.${name}`, schema, definitions: definition.definitions as Json })
  }
  return out
}

/** Every object inside a value, with where it is. */
function objectsIn(value: unknown, at = '$'): { at: string; value: object }[] {
  if (value === null || typeof value !== 'object') return []
  return [{ at, value }, ...Object.entries(value).flatMap(([key, child]) => objectsIn(child, `${at}[${JSON.stringify(key)}]`))]
}

/**
 * Strict mode; union types allowed, because docs/definitions.md#schemas allows type lists such as
 * `[string, integer]`, which ajv's strictTypes rejects without allowUnionTypes
 * (`[T, null]` alone passes either way).
 */
function strictAjv(): Ajv {
  const ajv = new Ajv({ strict: true, allowUnionTypes: true, allErrors: true })
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
    // the model's objects have null prototypes; compare as JSON text, key order included
    for (const [path, value] of golden) expect(JSON.stringify(value, null, 1), path).toBe(JSON.stringify(planned.get(path), null, 1))
  })

  it('are plain data: every object an ordinary object or array, its prototype untouched', () => {
    for (const [path, definition] of golden) {
      for (const { at, value } of objectsIn(definition)) {
        const prototype = Object.getPrototypeOf(value)
        expect(prototype === Object.prototype || prototype === Array.prototype, `${path} ${at}`).toBe(true)
      }
    }
  })

  it('have JSON Schemas that ajv compiles in strict mode, every $ref resolving', () => {
    for (const [path, definition] of golden) {
      const ajv = strictAjv()
      // botwire's annotations (`x-` keys, `secret`), registered as docs/generated-code.md says
      for (const keyword of runtime.annotationKeywords(definition)) ajv.addKeyword(keyword)
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

describe('hostile property names in definitions', () => {
  const golden = goldenDefinitions('hostile-names')
  const at = (path: string): JsonObject => {
    const found = golden.get(path)
    if (!found) throw new Error(`no golden module ${path}`)
    return found
  }
  const child = (value: Json | undefined, ...keys: string[]): JsonObject => {
    let current = value
    for (const key of keys) {
      expect(current !== null && typeof current === 'object' && !Array.isArray(current) && Object.hasOwn(current, key), `missing own key ${key}`).toBe(true)
      current = (current as JsonObject)[key]
    }
    return current as JsonObject
  }

  it('keeps `__proto__` an own property of schema properties, and the prototype untouched', () => {
    const properties = child(at('interfaces/keywords/v1.0.0.ts'), 'definitions', 'keywords@1.0.0:default', 'properties')
    expect(Object.hasOwn(properties, '__proto__')).toBe(true)
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(properties, '__proto__')?.value).toEqual({ type: 'string', description: 'must stay an own property */' })
    expect(Object.keys(properties)).toEqual(['__proto__', 'constructor', 'content-type', 'with space', 'quote"d', "it's", 'café', '', 'toString', 'valueOf'])
    expect(child(at('interfaces/keywords/v1.0.0.ts'), 'definitions', 'keywords@1.0.0:default').required).toEqual(['__proto__', 'constructor', '', 'café'])
  })

  it('keeps `__proto__` an own property of a configuration schema and of a bot configuration value', () => {
    const schemaProperties = child(at('integrations/hostile/v1.0.0.ts'), 'configuration', 'properties')
    expect(Object.keys(schemaProperties)).toEqual(['__proto__', 'content-type', '', 'hasOwnProperty'])
    const configuration = child(at('bots/hostile-bot/v0.0.0.ts'), 'integrations', 'constructor', 'configuration')
    expect(Object.getPrototypeOf(configuration)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(configuration, '__proto__')?.value).toBe('proto-value')
    expect(Object.keys(configuration)).toEqual(['__proto__', 'content-type', '', 'hasOwnProperty'])
  })

  it('keeps keyword-named members as own keys (not inherited ones)', () => {
    const definition = at('integrations/hostile/v1.0.0.ts')
    expect(Object.keys(child(definition, 'actions'))).toEqual(['Entities', 'definition', 'Integration', 'delete', 'class', 'constructor', 'fooBar', 'foo_bar'])
    expect(Object.keys(child(definition, 'events'))).toEqual(['constructor', 'default'])
    expect(child(definition, 'interfaces', 'keywords', 'actions')).toEqual({
      default: 'Integration',
      delete: 'delete',
      class: 'class',
      constructor: 'constructor',
      fooBar: 'fooBar',
      foo_bar: 'foo_bar',
    })
    const bot = at('bots/hostile-bot/v0.0.0.ts')
    expect(Object.keys(child(bot, 'integrations'))).toEqual(['constructor'])
    expect(Object.keys(child(bot, 'plugins'))).toEqual(['default'])
    expect(bot.tags).toEqual(['constructor', 'toString', 'default'])
  })
})
