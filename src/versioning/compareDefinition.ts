// Compares two versions of one definition, member by member (docs/versioning.md):
//
//   removed entity, action, event, channel, channel message ........ major
//   added entity, action, event, channel, channel message ........... minor
//   schemas ...................................... compareSchemas (by the direction of data)
//   titles, descriptions, attributes, billable, cacheable, x- annotations ... patch
//   integration: configuration and each alternative configuration (inputs; a removed
//     alternative is major, an added one minor), implemented interfaces
//     and its metadata: secrets (a new required one major), icon, readme, attributes
//   plugin: configuration (an input), interface dependencies
//   declared tags of integrations (users, channels) and plugins: removed major, added minor
//   states and recurrences: stateRules.ts
//   bot: every change is patch (bots are leaves: nothing uses a bot)
import { isAnnotationKey } from '../jsonSchema/annotations.js'
import { jsonEqual } from '../jsonSchema/jsonEqual.js'
import type { Model } from '../resolve/model.js'
import type { DefinitionSpec } from '../validate/definitionTypes.js'
import { ChangeRecorder } from './changeRecorder.js'
import type { ChangeList } from './changes.js'
import { compareBot, compareIntegration, compareInterface, comparePlugin } from './kindRules.js'
import type { SideDefinition } from './sideDefinition.js'

/** The top-level keys the rules compare; any other key that changed is reported as it is. */
const COVERED: Record<DefinitionSpec['kind'], readonly string[]> = {
  interface: ['kind', 'name', 'version', 'title', 'description', '$defs', 'entities', 'actions', 'events', 'channels'],
  integration: [
    'kind',
    'name',
    'version',
    'title',
    'description',
    '$defs',
    'configuration',
    'configurations',
    'entities',
    'actions',
    'events',
    'channels',
    'interfaces',
    // integrationMetadata.ts
    'secrets',
    'identifier',
    'icon',
    'readme',
    'attributes',
    'user',
    'states',
  ],
  plugin: [
    'kind',
    'name',
    'version',
    'title',
    'description',
    '$defs',
    'configuration',
    'interfaces',
    'actions',
    'events',
    'user',
    'conversation',
    'message',
    'states',
  ],
  bot: ['kind', 'name', 'version', 'title', 'description', 'message', 'integrations', 'plugins', 'user', 'conversation', 'states', 'events'],
}

export function compareDefinition(oldSide: SideDefinition, newSide: SideDefinition, oldModel: Model, newModel: Model): ChangeList {
  const recorder = new ChangeRecorder(oldSide, newSide, oldModel, newModel)
  const before = oldSide.spec
  const after = newSide.spec
  const what = `${after.kind} '${after.name}'`
  recorder.metadata(`the ${after.kind}`, [], before, after, ['title', 'description'])
  if (before.kind === 'interface' && after.kind === 'interface') compareInterface(recorder, before, after)
  else if (before.kind === 'integration' && after.kind === 'integration') compareIntegration(recorder, before, after)
  else if (before.kind === 'plugin' && after.kind === 'plugin') comparePlugin(recorder, before, after)
  else if (before.kind === 'bot' && after.kind === 'bot') compareBot(recorder, before, after)
  // a key the rules above do not know (a newer format): still a change
  const keys = new Set([...Object.keys(before), ...Object.keys(after)])
  for (const key of keys) {
    if (COVERED[after.kind].includes(key) || isAnnotationKey(key)) continue
    const was = (before as unknown as Record<string, unknown>)[key]
    const now = (after as unknown as Record<string, unknown>)[key]
    if (!jsonEqual(was, now))
      recorder.add(
        after.kind === 'bot' ? 'patch' : 'major',
        now === undefined ? recorder.atOld([key]) : recorder.atNew([key]),
        `'${key}' of ${what} changed${after.kind === 'bot' ? '' : ' (not compared in detail, so counted as breaking)'}`,
      )
  }
  return recorder.out
}
