// Fail fast on secrets (docs/runtime.md#missing-secrets): every secret the bot's calls would
// read and find not set (MISSING_SECRET), listed at start-up without running anything, from
// the same code that reads them at each call (configurationValues.ts, integrationSecrets.ts).
// Names only: a secret that is not set has no value to show.
import { own } from '../jsonSchema/own.js'
import { type Env, secretOwner, unsetIntegrationConfigurationSecrets, unsetPluginConfigurationSecrets } from './configurationValues.js'
import type { BotDefinition } from './definition.js'
import { MissingSecretError } from './errors.js'
import { unsetIntegrationSecrets } from './integrationSecrets.js'
import type { RunnableIntegration, RunnablePlugin } from './runnables.js'

/** A secret the bot needs and its environment does not set, and where it is needed. */
export interface MissingSecret {
  /** the environment variable's name */
  secret: string
  /** who reads it: an integration instance the bot adds, or a plugin instance */
  kind: 'integration' | 'plugin'
  /** the alias the bot adds it as */
  alias: string
  /** the integration's or plugin's name */
  name: string
  /** the message of the MISSING_SECRET a call that reads it would fail with */
  message: string
}

function missingSecret(secret: string, kind: MissingSecret['kind'], alias: string, name: string): MissingSecret {
  return { secret, kind, alias, name, message: new MissingSecretError(secret, secretOwner(kind, alias, name)).message }
}

/**
 * Per enabled integration instance, in the bot's order: the `{ $secret: NAME }` values of the
 * configuration the bot gives it, then the required secrets its integration declares; then
 * per plugin instance, its configuration's. Each name once per instance. An instance whose
 * implementation is not given is left out, as a disabled one is: nothing of it runs, so it
 * reads no secret (`verify()` names the implementation).
 */
export function missingSecrets(
  definition: BotDefinition,
  integrations: { readonly [name: string]: RunnableIntegration },
  plugins: { readonly [name: string]: RunnablePlugin },
  env: Env,
): MissingSecret[] {
  const missing: MissingSecret[] = []
  for (const [alias, wiring] of Object.entries(definition.integrations)) {
    const impl = own(integrations, wiring.name)
    if (wiring.enabled === false || impl === undefined) continue
    const unset = new Set([...unsetIntegrationConfigurationSecrets(definition, alias, env), ...unsetIntegrationSecrets(impl, env)])
    for (const secret of unset) missing.push(missingSecret(secret, 'integration', alias, wiring.name))
  }
  for (const [alias, wiring] of Object.entries(definition.plugins)) {
    if (own(plugins, wiring.name) === undefined) continue
    for (const secret of unsetPluginConfigurationSecrets(definition, alias, env)) missing.push(missingSecret(secret, 'plugin', alias, wiring.name))
  }
  return missing
}
