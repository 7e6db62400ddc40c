// An integration's or plugin instance's configuration as its handlers get it
// (docs/runtime.md#defaults): the bot's values with each `{ $secret: NAME }` read from
// the environment at the call, defaults filled in, checked against the schema now that the
// real values are known. A fresh copy every time.
import { fillDefaults } from '../jsonSchema/defaults.js'
import { own } from '../jsonSchema/own.js'
import type { BotDefinition, ConfigurationValue, JsonSchema, JsonValue } from './definition.js'
import { MissingSecretError, ValidationError } from './errors.js'
import type { RunnableIntegration, RunnablePlugin } from './runnables.js'
import { list } from './runtimeOptions.js'
import { type SchemaDefinitions, validateValue } from './validation.js'
import type { ValueLimits } from './valueLimits.js'

/** Where `{ $secret: NAME }` values come from. */
export type Env = { readonly [name: string]: string | undefined }

function resolveSecrets(value: JsonValue, env: Env, owner: string): JsonValue {
  if (Array.isArray(value)) return value.map((v) => resolveSecrets(v, env, owner))
  if (value === null || typeof value !== 'object') return value
  const keys = Object.keys(value)
  const secret = value['$secret']
  if (keys.length === 1 && typeof secret === 'string') {
    const resolved = own(env, secret)
    if (resolved === undefined) throw new MissingSecretError(secret, owner)
    return resolved
  }
  // Object.fromEntries defines own properties: a configuration key named `__proto__` stays a key
  return Object.fromEntries(keys.map((key) => [key, resolveSecrets(value[key] as JsonValue, env, owner)]))
}

/**
 * The configuration with secrets resolved and defaults filled in (a fresh copy each
 * time), checked against the schema now that the real values are known.
 */
function configurationValue(
  raw: ConfigurationValue,
  schema: JsonSchema,
  definitions: SchemaDefinitions,
  env: Env,
  owner: string,
  limits: ValueLimits,
): JsonValue {
  const resolved = fillDefaults(resolveSecrets(raw, env, owner), schema, definitions) as JsonValue
  const issues = validateValue(resolved, schema, definitions, 'configuration', limits)
  if (issues.length > 0) throw new ValidationError('INVALID_CONFIGURATION', `the configuration of ${owner} is invalid`, issues)
  return resolved
}

/**
 * An integration instance's configuration and the name of the configuration it follows:
 * the alternative the bot chose with `configurationType`, or the default (`null`).
 */
export function integrationConfiguration(
  bot: BotDefinition,
  alias: string,
  impl: RunnableIntegration,
  env: Env,
  limits: ValueLimits,
): { configurationType: string | null; configuration: JsonValue } {
  const wiring = own(bot.integrations, alias)
  const owner = `integration '${alias}' (${impl.definition.name})`
  const chosen = wiring?.configurationType
  if (chosen === undefined) {
    return {
      configurationType: null,
      configuration: configurationValue(wiring?.configuration ?? {}, impl.definition.configuration, impl.definition.definitions, env, owner, limits),
    }
  }
  const alternative = own(impl.definition.configurations ?? {}, chosen)
  if (!alternative) {
    const known = Object.keys(impl.definition.configurations ?? {})
    throw new ValidationError('INVALID_CONFIGURATION', `the configuration of ${owner} is invalid`, [
      `configurationType: ${impl.definition.name} ${impl.definition.version} has no configuration '${chosen}' (its configurations: ${list(known)})`,
    ])
  }
  return {
    configurationType: chosen,
    configuration: configurationValue(wiring?.configuration ?? {}, alternative.schema, impl.definition.definitions, env, owner, limits),
  }
}

export function pluginConfiguration(bot: BotDefinition, alias: string, impl: RunnablePlugin, env: Env, limits: ValueLimits): JsonValue {
  const wiring = own(bot.plugins, alias)
  return configurationValue(
    wiring?.configuration ?? {},
    impl.definition.configuration,
    impl.definition.definitions,
    env,
    `plugin instance '${alias}' (${impl.definition.name})`,
    limits,
  )
}
