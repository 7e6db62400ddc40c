// What is compared for each kind of definition: the members it may have (the shared rules
// of changeRecorder.ts), an integration's implemented interfaces
// (implementedInterfaces.ts), a plugin's interface dependencies; a bot's changes are all
// patch, since nothing uses a bot.

import { own } from '../jsonSchema/own.js'
import type { BotSpec, IntegrationSpec, InterfaceSpec, PluginSpec } from '../validate/definitionTypes.js'
import type { ChangeRecorder } from './changeRecorder.js'
import { compareImplementedInterfaces } from './implementedInterfaces.js'
import { compareIntegrationMetadata } from './integrationMetadata.js'
import { rangeRelation } from './levels.js'
import { compareRecurrence, compareRecurrences, compareStates } from './stateRules.js'

export function compareInterface(recorder: ChangeRecorder, before: InterfaceSpec, after: InterfaceSpec): void {
  recorder.defsOf(before.$defs, after.$defs)
  recorder.entitiesOf(before.entities, after.entities)
  recorder.actionsOf(before.actions, after.actions)
  recorder.eventsOf(before.events, after.events)
  recorder.channelsOf(before.channels, after.channels)
}

export function compareIntegration(recorder: ChangeRecorder, before: IntegrationSpec, after: IntegrationSpec): void {
  recorder.defsOf(before.$defs, after.$defs)
  recorder.configurationOf(before.configuration, after.configuration)
  recorder.configurationsOf(before.configurations, after.configurations)
  recorder.entitiesOf(before.entities, after.entities)
  recorder.actionsOf(before.actions, after.actions)
  recorder.eventsOf(before.events, after.events)
  recorder.channelsOf(before.channels, after.channels)
  compareImplementedInterfaces(recorder, before.interfaces, after.interfaces)
  compareIntegrationMetadata(recorder, before, after)
  recorder.tagsOf('user', ['user'], before.user, after.user)
  compareRecurrences(recorder, before.events, after.events)
  compareStates(recorder, before.states, after.states)
}

export function comparePlugin(recorder: ChangeRecorder, before: PluginSpec, after: PluginSpec): void {
  recorder.defsOf(before.$defs, after.$defs)
  recorder.configurationOf(before.configuration, after.configuration)
  compareDependencies(recorder, before.interfaces ?? {}, after.interfaces ?? {})
  recorder.actionsOf(before.actions, after.actions)
  recorder.eventsOf(before.events, after.events)
  for (const kind of ['user', 'conversation', 'message'] as const) recorder.tagsOf(kind, [kind], before[kind], after[kind])
  compareRecurrences(recorder, before.events, after.events)
  compareStates(recorder, before.states, after.states)
}

/** A plugin's interface dependencies: every bot that adds the plugin wires each one. */
function compareDependencies(
  recorder: ChangeRecorder,
  oldDependencies: NonNullable<PluginSpec['interfaces']>,
  newDependencies: NonNullable<PluginSpec['interfaces']>,
): void {
  for (const [local, oldDependency] of Object.entries(oldDependencies)) {
    if (own(newDependencies, local) === undefined) {
      recorder.add(
        'major',
        recorder.atOld(['interfaces', local]),
        `dependency '${local}' (interface '${oldDependency.name}') removed: bots that wire it no longer load`,
      )
    }
  }
  for (const [local, newDependency] of Object.entries(newDependencies)) {
    const oldDependency = own(oldDependencies, local)
    const path = ['interfaces', local]
    if (oldDependency === undefined) {
      recorder.add(
        'major',
        recorder.atNew(path),
        `new dependency '${local}' on interface '${newDependency.name}' ${newDependency.version}: every bot that adds this plugin must now wire it`,
      )
      continue
    }
    if (oldDependency.name !== newDependency.name) {
      recorder.add(
        'major',
        recorder.atNew([...path, 'name']),
        `dependency '${local}' is now on interface '${newDependency.name}' instead of '${oldDependency.name}'`,
      )
      continue
    }
    if (oldDependency.version === newDependency.version) continue
    const relation = rangeRelation(oldDependency.version, newDependency.version)
    const at = recorder.atNew([...path, 'version'])
    const versions = `(${oldDependency.version} -> ${newDependency.version})`
    if (relation === 'same') recorder.add('patch', at, `range of dependency '${local}' written differently ${versions}, same versions`)
    else if (relation === 'wider') recorder.add('minor', at, `dependency '${local}' accepts more versions of ${newDependency.name} ${versions}`)
    else {
      recorder.add(
        'major',
        at,
        `dependency '${local}' ${relation === 'narrower' ? 'accepts fewer' : 'accepts other'} versions of ${newDependency.name} ${versions}: bots wired to an integration that implements a version it no longer accepts break`,
      )
    }
  }
}

/** Bots are leaves (no definition uses a bot): every change is patch. */
export function compareBot(recorder: ChangeRecorder, before: BotSpec, after: BotSpec): void {
  for (const kind of ['user', 'conversation'] as const) recorder.tagsOf(kind, [kind], before[kind], after[kind], { removed: 'patch', added: 'patch' })
  recorder.members(
    (tag) => `message tag '${tag}'`,
    ['message', 'tags'],
    before.message?.tags,
    after.message?.tags,
    { removed: 'patch', added: 'patch' },
    (tag, oldTag, newTag) => recorder.metadata(`message tag '${tag}'`, ['message', 'tags', tag], oldTag, newTag, ['title', 'description']),
  )
  recorder.members(
    (alias) => `integration '${alias}'`,
    ['integrations'],
    before.integrations,
    after.integrations,
    { removed: 'patch', added: 'patch' },
    (alias, oldWiring, newWiring) =>
      // `configurationType: null` is the default, as absent: writing one for the other changes nothing
      recorder.metadata(`integration '${alias}'`, ['integrations', alias], withoutNullChoice(oldWiring), withoutNullChoice(newWiring), [
        'integration',
        'version',
        'configurationType',
        'configuration',
        'enabled',
      ]),
  )
  recorder.members(
    (alias) => `plugin '${alias}'`,
    ['plugins'],
    before.plugins,
    after.plugins,
    { removed: 'patch', added: 'patch' },
    (alias, oldWiring, newWiring) =>
      recorder.metadata(`plugin '${alias}'`, ['plugins', alias], oldWiring, newWiring, ['plugin', 'version', 'configuration', 'dependencies']),
  )
  compareStates(recorder, before.states, after.states, true)
  recorder.members(
    (name) => `event '${name}'`,
    ['events'],
    before.events,
    after.events,
    { removed: 'patch', added: 'patch' },
    (name, oldEvent, newEvent) => {
      recorder.metadata(`event '${name}'`, ['events', name], oldEvent, newEvent, ['title', 'description', 'schema', 'attributes'])
      compareRecurrence(recorder, name, oldEvent, newEvent, true)
    },
  )
}

function withoutNullChoice<T extends { configurationType?: string | null }>(wiring: T): T {
  return wiring.configurationType === null ? { ...wiring, configurationType: undefined } : wiring
}
