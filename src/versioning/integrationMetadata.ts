// An integration's metadata keys between two versions (docs/versioning.md#integration-metadata):
// its secrets are what a deployment must set, so a new required one (or one made required)
// is major, a new optional one (or one made optional) minor, one removed patch (a variable
// left set harms nothing); its identifier added, removed or re-keyed is major; its icon,
// readme, attributes and the words of a secret or the identifier are patch.

import { own } from '../jsonSchema/own.js'
import type { IntegrationSpec } from '../validate/definitionTypes.js'
import type { ChangeRecorder } from './changeRecorder.js'

type Secrets = NonNullable<IntegrationSpec['secrets']>

function compareSecrets(recorder: ChangeRecorder, before: Secrets, after: Secrets): void {
  for (const name of Object.keys(before)) {
    if (own(after, name) === undefined)
      recorder.add('patch', recorder.atOld(['secrets', name]), `secret '${name}' removed: deployments no longer need to set it`)
  }
  for (const [name, secret] of Object.entries(after)) {
    const previous = own(before, name)
    const required = secret.optional !== true
    if (previous === undefined) {
      recorder.add(
        required ? 'major' : 'minor',
        recorder.atNew(['secrets', name]),
        required ? `required secret '${name}' added: every deployment must now set it` : `optional secret '${name}' added`,
      )
      continue
    }
    const wasRequired = previous.optional !== true
    if (wasRequired !== required) {
      recorder.add(
        required ? 'major' : 'minor',
        recorder.atNew(['secrets', name, 'optional']),
        required ? `secret '${name}' is now required: every deployment must set it` : `secret '${name}' is now optional`,
      )
    }
    recorder.metadata(`secret '${name}'`, ['secrets', name], previous, secret, ['title', 'description'])
  }
}

/**
 * The identifier (docs/definitions.md#identifier): added, its implementations must give
 * `identify`; removed, the integration's shared webhook URL serves nothing; its key changed,
 * requests route by another value: each is major. Its words are patch.
 */
function compareIdentifier(recorder: ChangeRecorder, before: IntegrationSpec['identifier'], after: IntegrationSpec['identifier']): void {
  if (before === undefined && after === undefined) return
  if (before === undefined || after === undefined) {
    recorder.add(
      'major',
      after === undefined ? recorder.atOld(['identifier']) : recorder.atNew(['identifier']),
      after === undefined
        ? "identifier removed: the integration's shared webhook URL no longer routes to any bot"
        : `identifier added ('${after.configuration}'): every implementation must now give identify`,
    )
    return
  }
  if (before.configuration !== after.configuration)
    recorder.add(
      'major',
      recorder.atNew(['identifier', 'configuration']),
      `identifier changed ('${before.configuration}' -> '${after.configuration}'): requests now route by another configuration value`,
    )
  recorder.metadata('the identifier', ['identifier'], before, after, ['title', 'description'])
}

export function compareIntegrationMetadata(recorder: ChangeRecorder, before: IntegrationSpec, after: IntegrationSpec): void {
  compareSecrets(recorder, before.secrets ?? {}, after.secrets ?? {})
  compareIdentifier(recorder, before.identifier, after.identifier)
  // not `metadata`: compareDefinition already compares the top's annotations
  for (const key of ['icon', 'readme'] as const) {
    const was = before[key]
    const now = after[key]
    if (was === now) continue
    const verb = was === undefined ? 'added' : now === undefined ? 'removed' : `changed (${was} -> ${now})`
    recorder.add('patch', now === undefined ? recorder.atOld([key]) : recorder.atNew([key]), `${key} of the integration ${verb}`)
  }
  recorder.attributes('the integration', [], before.attributes, after.attributes)
}
