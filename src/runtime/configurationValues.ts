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

/**
 * `value` with each `{ $secret: NAME }` replaced by `read(NAME)`, at any depth (in lists and
 * union branches alike): the one place that knows what a secret reference is, for resolving
 * a configuration and for listing what it needs (`unsetSecrets`).
 */
function withSecrets(value: JsonValue, read: (name: string) => JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map((v) => withSecrets(v, read))
  if (value === null || typeof value !== 'object') return value
  const keys = Object.keys(value)
  const secret = value['$secret']
  if (keys.length === 1 && typeof secret === 'string') return read(secret)
  // Object.fromEntries defines own properties: a configuration key named `__proto__` stays a key
  return Object.fromEntries(keys.map((key) => [key, withSecrets(value[key] as JsonValue, read)]))
}

/** How a secret's MISSING_SECRET names the instance that needs it: `integration 'slack' (slack)`, `plugin instance 'notes' (notes)`. */
export function secretOwner(kind: 'integration' | 'plugin', alias: string, name: string): string {
  return `${kind === 'plugin' ? 'plugin instance' : 'integration'} '${alias}' (${name})`
}

function resolveSecrets(value: JsonValue, env: Env, owner: string): JsonValue {
  return withSecrets(value, (secret) => {
    const resolved = own(env, secret)
    if (resolved === undefined) throw new MissingSecretError(secret, owner)
    return resolved
  })
}

/** The names of the `{ $secret: NAME }` values of `raw` that `env` does not set, each once, in the order `raw` holds them. */
function unsetSecrets(raw: ConfigurationValue, env: Env): string[] {
  const unset = new Set<string>()
  withSecrets(raw, (secret) => {
    if (own(env, secret) === undefined) unset.add(secret)
    return secret
  })
  return [...unset]
}

/** The configuration the bot gives its integration or plugin instance at `alias`, as written (`{ $secret }` unresolved). */
function givenConfiguration(added: { readonly [alias: string]: { configuration: ConfigurationValue } }, alias: string): ConfigurationValue {
  return own(added, alias)?.configuration ?? {}
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
  const owner = secretOwner('integration', alias, impl.definition.name)
  const chosen = wiring?.configurationType
  if (chosen === undefined) {
    return {
      configurationType: null,
      configuration: configurationValue(
        givenConfiguration(bot.integrations, alias),
        impl.definition.configuration,
        impl.definition.definitions,
        env,
        owner,
        limits,
      ),
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
    configuration: configurationValue(givenConfiguration(bot.integrations, alias), alternative.schema, impl.definition.definitions, env, owner, limits),
  }
}

export function pluginConfiguration(bot: BotDefinition, alias: string, impl: RunnablePlugin, env: Env, limits: ValueLimits): JsonValue {
  return configurationValue(
    givenConfiguration(bot.plugins, alias),
    impl.definition.configuration,
    impl.definition.definitions,
    env,
    secretOwner('plugin', alias, impl.definition.name),
    limits,
  )
}

/** The secrets `integrationConfiguration` would find not set (MISSING_SECRET), by name, found without resolving the configuration. */
export function unsetIntegrationConfigurationSecrets(bot: BotDefinition, alias: string, env: Env): string[] {
  return unsetSecrets(givenConfiguration(bot.integrations, alias), env)
}

/** The secrets `pluginConfiguration` would find not set (MISSING_SECRET), by name, found without resolving the configuration. */
export function unsetPluginConfigurationSecrets(bot: BotDefinition, alias: string, env: Env): string[] {
  return unsetSecrets(givenConfiguration(bot.plugins, alias), env)
}
