// No secret value ever reaches a generated file or any output, wherever a schema places a
// secret (docs/definitions.md#where-a-secret-sits): random configuration schemas with
// `secret: true` in properties, list items, allOf parts, anyOf/oneOf branches and $defs
// entries, of integrations and plugins, and random bot configurations for them that give
// each secret either as { $secret: NAME } or in plain text (sometimes also a default that
// holds one). check+generate must refuse every plain secret and every such default, accept
// the rest, and never show a secret value: not in a file, not in a diagnostic. Where
// generation succeeds, the generated code run by the runtime hands the implementation each
// secret read from the environment. An integration also declares random deployment secrets
// of its own (`secrets`, docs/definitions.md#integration-metadata), required or optional and
// set or not: their values never reach a file either, the implementation gets each as
// `ctx.secrets.NAME`, and a required one left unset is MISSING_SECRET with no value in it.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as runtime from '@botwire/runtime'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { generate } from '../../src/index.js'
import { tempDir } from '../support/cli.js'
import { evaluateModule } from '../support/evaluateModule.js'
import { propertyRuns } from '../support/propertyBudget.js'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** A value that looks like a secret: nothing else in a workspace or its output contains `zqs`. */
const SECRET_MARK = 'zqs'

/** A schema with the values it generates: secrets plain or by reference, recorded as they are made. */
interface Shape {
  schema: { [key: string]: Json }
  /** a value for it, each secret given plain or as { $secret } at random (the draw records which) */
  value: (draw: Draw) => Json
  /** whether the schema has a place marked `secret: true` */
  holdsSecret: boolean
}

/** What one case draws as it builds values (a seeded sequence, so a case replays). */
interface Draw {
  next: () => number
  /** each secret value written in plain text */
  plain: string[]
  /** each { $secret: NAME }'s value, by NAME */
  env: Record<string, string>
  /** makes every value drawn distinct */
  count: number
}

const KEYS = ['alpha', 'beta', 'gamma', 'region', 'host', 'label', 'mode', 'limit']

function secretValue(draw: Draw): string {
  return `${SECRET_MARK}${draw.count++}x${Math.floor(draw.next() * 1e9).toString(36)}`
}

/** A string leaf: a secret (given plain or as { $secret } at random) or a plain word. */
function stringLeaf(secret: boolean): Shape {
  return {
    schema: secret ? { type: 'string', secret: true } : { type: 'string' },
    holdsSecret: secret,
    value: (draw) => {
      if (!secret) return `word${draw.count++}`
      const real = secretValue(draw)
      if (draw.next() < 0.2) {
        draw.plain.push(real)
        return real
      }
      const name = `SECRET_${draw.count++}`
      draw.env[name] = real
      return { $secret: name }
    },
  }
}

const integerLeaf: Shape = { schema: { type: 'integer' }, holdsSecret: false, value: (draw) => Math.floor(draw.next() * 100) }

/** Shapes built from smaller ones; `defs` collects named schemas that `$ref` reaches. */
function shapeArbitrary(defs: Map<string, Json>): fc.Arbitrary<Shape> {
  const { shape } = fc.letrec<{ shape: Shape; leaf: Shape; node: Shape }>((tie) => ({
    leaf: fc.oneof(
      // most strings are secrets: the cases that matter
      fc.integer({ min: 0, max: 9 }).map((n) => stringLeaf(n < 7)),
      fc.constant(integerLeaf),
      // a union: the string branch may be the secret one; the integer branch takes numbers
      fc
        .tuple(
          fc.constantFrom('anyOf', 'oneOf'),
          fc.integer({ min: 0, max: 9 }).map((n) => n < 7),
        )
        .map(
          ([keyword, secret]): Shape => ({
            schema: { [keyword]: [stringLeaf(secret).schema, integerLeaf.schema] },
            holdsSecret: secret,
            value: (draw) => (draw.next() < 0.5 ? integerLeaf.value(draw) : stringLeaf(secret).value(draw)),
          }),
        ),
    ),
    node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, tie('leaf'), tie('shape')),
    shape: fc.oneof(
      { depthSize: 'small', maxDepth: 3 },
      tie('leaf'),
      // an object
      fc.uniqueArray(fc.tuple(fc.constantFrom(...KEYS), tie('node')), { minLength: 1, maxLength: 3, selector: ([key]) => key }).map(
        (entries): Shape => ({
          schema: { type: 'object', properties: Object.fromEntries(entries.map(([key, child]) => [key, child.schema])) },
          holdsSecret: entries.some(([, child]) => child.holdsSecret),
          value: (draw) => Object.fromEntries(entries.map(([key, child]) => [key, child.value(draw)])),
        }),
      ),
      // a list
      tie('node').map(
        (item): Shape => ({
          schema: { type: 'array', items: item.schema },
          holdsSecret: item.holdsSecret,
          value: (draw) => Array.from({ length: 1 + Math.floor(draw.next() * 3) }, () => item.value(draw)),
        }),
      ),
      // an object made of allOf parts, each declaring its own property
      fc.tuple(tie('node'), tie('node')).map(
        ([first, second]): Shape => ({
          schema: { type: 'object', allOf: [{ properties: { alpha: first.schema } }, { properties: { beta: second.schema } }] },
          holdsSecret: first.holdsSecret || second.holdsSecret,
          value: (draw) => ({ alpha: first.value(draw), beta: second.value(draw) }),
        }),
      ),
      // a oneOf of two closed objects told apart by their required key
      fc.tuple(tie('node'), tie('node')).map(
        ([first, second]): Shape => ({
          schema: {
            oneOf: [
              { type: 'object', properties: { alpha: first.schema }, required: ['alpha'], additionalProperties: false },
              { type: 'object', properties: { beta: second.schema }, required: ['beta'], additionalProperties: false },
            ],
          },
          holdsSecret: first.holdsSecret || second.holdsSecret,
          value: (draw) => (draw.next() < 0.5 ? { alpha: first.value(draw) } : { beta: second.value(draw) }),
        }),
      ),
      // a named schema
      tie('node').map((inner): Shape => {
        const name = `d${defs.size}`
        defs.set(name, inner.schema)
        return { schema: { $ref: `#/$defs/${name}` }, holdsSecret: inner.holdsSecret, value: inner.value }
      }),
    ),
  }))
  return shape
}

/** One of an integration's own secrets: whether it may be left out, and whether the environment sets it. */
interface OwnSecret {
  name: string
  optional: boolean
  set: boolean
}

interface Case {
  kind: 'integration' | 'plugin'
  /** the integration's own secrets (none for a plugin) */
  ownSecrets: OwnSecret[]
  properties: [string, Shape][]
  defs: Map<string, Json>
  seed: number
  /** a default that holds a secret value, on the first property that holds a secret */
  secretDefault: boolean
}

const caseArbitrary: fc.Arbitrary<Case> = fc
  .tuple(
    fc.constantFrom<'integration' | 'plugin'>('integration', 'plugin'),
    fc.integer(),
    fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
    fc.uniqueArray(fc.record({ name: fc.constantFrom('SIGNING_SECRET', 'APP_TOKEN', 'WEBHOOK_KEY', 'X1'), optional: fc.boolean(), set: fc.boolean() }), {
      maxLength: 3,
      selector: (secret) => secret.name,
    }),
  )
  .chain(([kind, seed, secretDefault, ownSecrets]) => {
    const defs = new Map<string, Json>()
    return fc
      .uniqueArray(fc.tuple(fc.constantFrom(...KEYS), shapeArbitrary(defs)), { minLength: 1, maxLength: 3, selector: ([key]) => key })
      .map((properties) => ({
        kind,
        ownSecrets: kind === 'integration' ? ownSecrets : [],
        properties,
        defs,
        seed,
        secretDefault: secretDefault && properties.some(([, shape]) => shape.holdsSecret),
      }))
  })

/** A small seeded generator: the values a case draws replay with its seed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1
  return () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) / 2 ** 32
  }
}

/** The value with every { $secret: NAME } read from `env`, as the implementation must see it. */
function resolved(value: Json, env: Record<string, string>): Json {
  if (Array.isArray(value)) return value.map((item) => resolved(item, env))
  if (value === null || typeof value !== 'object') return value
  if (typeof value.$secret === 'string') return env[value.$secret] ?? null
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolved(item, env)]))
}

const PROBE = { input: { schema: { type: 'object' } }, output: { schema: { type: 'object' } } }

/**
 * A default for the first property that holds a secret (and is no `$ref`, which takes no
 * default beside it), drawn like a bot's value with every secret in plain text; with the
 * secret values it holds (none: no default).
 */
function secretDefault(c: Case): { key: string; value: Json; secrets: string[] } | undefined {
  const found = c.properties.find(([, shape]) => shape.holdsSecret && !('$ref' in shape.schema))
  if (!c.secretDefault || found === undefined) return undefined
  const scratch: Draw = { next: seeded(c.seed ^ 0x5eed), plain: [], env: {}, count: 1000 }
  const value = resolved(found[1].value(scratch), scratch.env)
  const secrets = [...scratch.plain, ...Object.values(scratch.env)].filter((secret) => JSON.stringify(value).includes(secret))
  return secrets.length === 0 ? undefined : { key: found[0], value, secrets }
}

function workspace(c: Case, draw: Draw): { dir: string; configuration: Json; withDefault: boolean; unsetValues: string[] } {
  const withDefault = secretDefault(c)
  const properties = Object.fromEntries(
    c.properties.map(([key, shape]) => [key, key === withDefault?.key ? { ...shape.schema, default: withDefault.value } : shape.schema]),
  )
  draw.plain.push(...(withDefault?.secrets ?? []))
  const configuration = Object.fromEntries(c.properties.map(([key, shape]) => [key, shape.value(draw)]))
  const definition: { [key: string]: Json } = {
    kind: c.kind,
    name: 'vault',
    version: '1.0.0',
    ...(c.defs.size > 0 ? { $defs: Object.fromEntries(c.defs) } : {}),
    configuration: { schema: { type: 'object', properties } },
    actions: { probe: PROBE },
    ...(c.ownSecrets.length > 0
      ? { secrets: Object.fromEntries(c.ownSecrets.map((s) => [s.name, { description: `the ${s.name}`, optional: s.optional }])) }
      : {}),
  }
  // every own secret gets a value (in the environment or not), so that a file that held one would show
  const own: Record<string, string> = {}
  for (const secret of c.ownSecrets) own[secret.name] = secretValue(draw)
  for (const secret of c.ownSecrets) if (secret.set) draw.env[secret.name] = own[secret.name] as string
  const instance = { [c.kind]: 'vault', version: '1.0.0', configuration }
  const bot = { kind: 'bot', name: 'vault-bot', version: '1.0.0', [c.kind === 'integration' ? 'integrations' : 'plugins']: { vault: instance } }
  const dir = tempDir()
  mkdirSync(join(dir, 'definitions'))
  // JSON is YAML: the workspace is written as JSON text, which keeps every value as it is
  writeFileSync(join(dir, 'definitions', 'vault.yaml'), JSON.stringify(definition, null, 1))
  writeFileSync(join(dir, 'definitions', 'vault-bot.yaml'), JSON.stringify(bot, null, 1))
  return { dir, configuration, withDefault: withDefault !== undefined, unsetValues: c.ownSecrets.filter((s) => !s.set).map((s) => own[s.name] as string) }
}

/** Runs the generated bot with the environment `env` and returns what the implementation is handed: its configuration and its own secrets. */
async function contextSeen(
  files: readonly { path: string; text: string }[],
  kind: Case['kind'],
  env: Record<string, string>,
): Promise<{ configuration: unknown; secrets: unknown }> {
  const text = (path: string): string => files.find((file) => file.path === path)?.text ?? ''
  const load = (path: string): Record<string, unknown> =>
    evaluateModule(path, text(path), (specifier) => {
      if (specifier === '@botwire/runtime') return runtime
      throw new Error(`${path} imports ${specifier} at run time`)
    })
  const definitionModule = load(`${kind}s/vault/v1.0.0.ts`)
  const botModule = load('bots/vault-bot/v1.0.0.ts')
  let seen: { configuration: unknown; secrets: unknown } | undefined
  type Implementation = new (options: { actions: { probe: (args: { ctx: { configuration: unknown; secrets?: unknown } }) => object } }) => never
  const Implementation = (kind === 'integration' ? definitionModule.Integration : definitionModule.Plugin) as Implementation
  const implementation = new Implementation({
    actions: {
      probe: ({ ctx }) => {
        seen = { configuration: ctx.configuration, secrets: ctx.secrets }
        return {}
      },
    },
  })
  const Bot = botModule.Bot as new () => never
  const bot = new Bot()
  const created = runtime.createRuntime({
    bot,
    env,
    ...(kind === 'integration' ? { integrations: { vault: implementation } } : { plugins: { vault: implementation } }),
  })
  await created.client.callAction({ type: kind === 'integration' ? 'vault:probe' : 'vault#probe', input: {} } as never)
  return seen ?? { configuration: undefined, secrets: undefined }
}

describe('secrets, wherever a schema places them (property)', () => {
  it('never reach a generated file or a diagnostic; a plain secret or a secret default is refused; the runtime reads the rest from the environment', async () => {
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async (c) => {
        const draw: Draw = { next: seeded(c.seed), plain: [], env: {}, count: 0 }
        const { dir, configuration, withDefault, unsetValues } = workspace(c, draw)
        const result = generate({ definitions: join(dir, 'definitions'), out: join(dir, 'generated'), write: false, builtins: false })
        const secrets = [...draw.plain, ...Object.values(draw.env), ...unsetValues]
        const shown = JSON.stringify(result.diagnostics)
        for (const secret of secrets) {
          expect(shown, `diagnostics show ${secret}`).not.toContain(secret)
          for (const file of result.files) expect(file.text, `${file.path} holds ${secret}`).not.toContain(secret)
        }
        const codes = result.diagnostics.map((d) => d.code)
        const plainGiven = draw.plain.some((secret) => JSON.stringify(configuration).includes(secret))
        if (withDefault) expect(codes).toContain('BW2028')
        // a definition refused for its default (BW2028, a schema error) is not checked further, so neither is the bot's value for it
        if (plainGiven && !withDefault) expect(codes).toContain('BW4016')
        const refused = withDefault || plainGiven
        expect(result.ok, JSON.stringify(result.diagnostics)).toBe(!refused)
        if (refused) return
        const missing = c.ownSecrets.find((s) => !s.optional && !s.set)
        if (missing !== undefined) {
          const error = (await contextSeen(result.files, c.kind, draw.env).then(
            () => undefined,
            (thrown: unknown) => thrown,
          )) as runtime.RuntimeError | undefined
          expect([error?.code, (error as runtime.MissingSecretError | undefined)?.secret]).toEqual(['MISSING_SECRET', missing.name])
          for (const secret of secrets) expect(error?.message).not.toContain(secret)
          return
        }
        const seen = await contextSeen(result.files, c.kind, draw.env)
        expect(seen.configuration).toEqual(resolved(configuration, draw.env))
        if (c.kind === 'integration') expect(seen.secrets).toEqual(Object.fromEntries(c.ownSecrets.map((s) => [s.name, draw.env[s.name]])))
      }),
      { numRuns: propertyRuns(8), seed: 2028 },
    )
  })
})
