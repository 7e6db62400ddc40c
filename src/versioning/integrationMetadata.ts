// An integration's metadata keys between two versions (docs/versioning.md#integration-metadata):
// its secrets are what a deployment must set, so a new required one (or one made required)
// is major, a new optional one (or one made optional) minor, one removed patch (a variable
// left set harms nothing); its icon, readme, attributes and a secret's words are patch.

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

export function compareIntegrationMetadata(recorder: ChangeRecorder, before: IntegrationSpec, after: IntegrationSpec): void {
  compareSecrets(recorder, before.secrets ?? {}, after.secrets ?? {})
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
