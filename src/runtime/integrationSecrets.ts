// An integration's own deployment secrets as its handlers get them (`ctx.secrets.NAME`,
// docs/runtime.md#integration-secrets): each declared name read from the environment at the
// call, like a configuration's `{ $secret: NAME }`. A required one that is not set stops
// the call with MISSING_SECRET, which names the secret and never holds a value.
import { own } from '../jsonSchema/own.js'
import type { Env } from './configurationValues.js'
import { MissingSecretError } from './errors.js'
import type { RunnableIntegration } from './runnables.js'

/** NAME -> its value, `undefined` for an optional secret the environment leaves out. */
export type SecretValues = { readonly [name: string]: string | undefined }

export function integrationSecrets(alias: string, impl: RunnableIntegration, env: Env): SecretValues {
  const declared = impl.definition.secrets
  const values: Record<string, string | undefined> = {}
  for (const name of Object.keys(declared)) {
    const value = own(env, name)
    if (value === undefined && own(declared, name)?.optional !== true) {
      throw new MissingSecretError(name, `integration '${alias}' (${impl.definition.name})`)
    }
    // a declared name is an environment variable name (uppercase, digits, `_`): never `__proto__`
    values[name] = value
  }
  return values
}
