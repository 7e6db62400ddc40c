// An integration's metadata keys (docs/definitions.md#integration-metadata): its own
// deployment secrets, typed as `Secrets` for `ctx.secrets`, and what `definition` carries
// of them all (names and descriptions of the secrets, never a value; icon, readme and
// attributes as written).

import { annotationsOf } from '../jsonSchema/annotations.js'
import type { JsonValue } from '../jsonSchema/types.js'
import type { IntegrationModel } from '../resolve/model.js'
import type { ModuleBuilder } from './moduleBuilder.js'
import type { PropertySignature } from './plan.js'
import { docOf } from './schemaToType.js'
import { documented } from './sources.js'

/**
 * `Secrets`: NAME -> `string`, or `string | undefined` for an optional one (the key is
 * always there: the runtime sets each declared name). Returns whether it declared one:
 * an integration without secrets keeps the runtime's default (`NoSecrets`).
 */
export function declareSecrets(builder: ModuleBuilder, integration: IntegrationModel): boolean {
  const secrets = integration.spec.secrets ?? {}
  const names = Object.keys(secrets)
  if (names.length === 0) return false
  const members: PropertySignature[] = names.map((name) => {
    const secret = secrets[name] ?? {}
    const string = { kind: 'keyword', name: 'string' } as const
    const doc = docOf(secret)
    return {
      name,
      optional: false,
      type: secret.optional === true ? { kind: 'union', members: [string, { kind: 'keyword', name: 'undefined' }] } : string,
      ...(doc ? { doc } : {}),
    }
  })
  builder.add({
    kind: 'interface',
    name: 'Secrets',
    doc: { description: "The integration's own deployment secrets, read from the environment: `ctx.secrets` of its handlers." },
    members,
  })
  return true
}

/** The metadata fields of an integration's `definition`, in the order the runtime's `IntegrationDefinition` lists them. */
export function integrationMetadata(integration: IntegrationModel): { [key: string]: JsonValue } {
  const spec = integration.spec
  const secrets = Object.fromEntries(
    Object.entries(spec.secrets ?? {}).map(([name, secret]) => [name, { ...documented(secret), ...annotationsOf(secret), optional: secret.optional === true }]),
  )
  return {
    secrets,
    ...(spec.icon === undefined ? {} : { icon: spec.icon }),
    ...(spec.readme === undefined ? {} : { readme: spec.readme }),
    attributes: { ...(spec.attributes ?? {}) },
  }
}

/** The `identifier` of an integration's `definition` (docs/definitions.md#identifier), as written; nothing when it declares none, so other integrations are unchanged. */
export function integrationIdentifier(integration: IntegrationModel): { [key: string]: JsonValue } {
  const identifier = integration.spec.identifier
  if (identifier === undefined) return {}
  return { identifier: { ...documented(identifier), ...annotationsOf(identifier), configuration: identifier.configuration } }
}
