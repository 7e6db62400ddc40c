// An integration's own deployment secrets as its handlers get them (`ctx.secrets.NAME`,
// docs/runtime.md#integration-secrets): each declared name read from the environment at the
// call, like a configuration's `{ $secret: NAME }`. A required one that is not set stops
// the call with MISSING_SECRET, which names the secret and never holds a value.
import { own } from '../jsonSchema/own.js'
import { type Env, secretOwner } from './configurationValues.js'
import { MissingSecretError } from './errors.js'
import type { RunnableIntegration } from './runnables.js'

/** NAME -> its value, `undefined` for an optional secret the environment leaves out. */
export type SecretValues = { readonly [name: string]: string | undefined }

/** The required secrets (no `optional: true`) the integration declares and `env` does not set, in the order it declares them. */
export function unsetIntegrationSecrets(impl: RunnableIntegration, env: Env): string[] {
  const declared = impl.definition.secrets
  return Object.keys(declared).filter((name) => own(env, name) === undefined && own(declared, name)?.optional !== true)
}

export function integrationSecrets(alias: string, impl: RunnableIntegration, env: Env): SecretValues {
  const [unset] = unsetIntegrationSecrets(impl, env)
  if (unset !== undefined) throw new MissingSecretError(unset, secretOwner('integration', alias, impl.definition.name))
  const values: Record<string, string | undefined> = {}
  // a declared name is an environment variable name (uppercase, digits, `_`): never `__proto__`
  for (const name of Object.keys(impl.definition.secrets)) values[name] = own(env, name)
  return values
}
