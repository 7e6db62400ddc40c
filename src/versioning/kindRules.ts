// What is compared for each kind of definition: the members it may have (the shared rules
// of definitionComparison.ts), an integration's implemented interfaces
// (implementedInterfaces.ts), a plugin's interface dependencies; a bot's changes are all
// patch, since nothing uses a bot.

import { own } from '../jsonSchema/own.js'
import type { BotSpec, IntegrationSpec, InterfaceSpec, PluginSpec } from '../validate/definitionTypes.js'
import type { DefinitionComparison } from './definitionComparison.js'
import { compareImplementedInterfaces } from './implementedInterfaces.js'
import { rangeRelation } from './levels.js'

export function compareInterface(comparison: DefinitionComparison, before: InterfaceSpec, after: InterfaceSpec): void {
  comparison.defsOf(before.$defs, after.$defs)
  comparison.entitiesOf(before.entities, after.entities)
  comparison.actionsOf(before.actions, after.actions)
  comparison.eventsOf(before.events, after.events)
  comparison.channelsOf(before.channels, after.channels)
}

export function compareIntegration(comparison: DefinitionComparison, before: IntegrationSpec, after: IntegrationSpec): void {
  comparison.defsOf(before.$defs, after.$defs)
  comparison.configurationOf(before.configuration, after.configuration)
  comparison.configurationsOf(before.configurations, after.configurations)
  comparison.entitiesOf(before.entities, after.entities)
  comparison.actionsOf(before.actions, after.actions)
  comparison.eventsOf(before.events, after.events)
  comparison.channelsOf(before.channels, after.channels)
  compareImplementedInterfaces(comparison, before.interfaces, after.interfaces)
}

export function comparePlugin(comparison: DefinitionComparison, before: PluginSpec, after: PluginSpec): void {
  comparison.defsOf(before.$defs, after.$defs)
  comparison.configurationOf(before.configuration, after.configuration)
  compareDependencies(comparison, before.interfaces ?? {}, after.interfaces ?? {})
  comparison.actionsOf(before.actions, after.actions)
  comparison.eventsOf(before.events, after.events)
}

/** A plugin's interface dependencies: every bot that adds the plugin wires each one. */
function compareDependencies(
  comparison: DefinitionComparison,
  oldDependencies: NonNullable<PluginSpec['interfaces']>,
  newDependencies: NonNullable<PluginSpec['interfaces']>,
): void {
  for (const [local, oldDependency] of Object.entries(oldDependencies)) {
    if (own(newDependencies, local) === undefined) {
      comparison.add(
        'major',
        comparison.atOld(['interfaces', local]),
        `dependency '${local}' (interface '${oldDependency.name}') removed: bots that wire it no longer load`,
      )
    }
  }
  for (const [local, newDependency] of Object.entries(newDependencies)) {
    const oldDependency = own(oldDependencies, local)
    const path = ['interfaces', local]
    if (oldDependency === undefined) {
      comparison.add(
        'major',
        comparison.atNew(path),
        `new dependency '${local}' on interface '${newDependency.name}' ${newDependency.version}: every bot that adds this plugin must now wire it`,
      )
      continue
    }
    if (oldDependency.name !== newDependency.name) {
      comparison.add(
        'major',
        comparison.atNew([...path, 'name']),
        `dependency '${local}' is now on interface '${newDependency.name}' instead of '${oldDependency.name}'`,
      )
      continue
    }
    if (oldDependency.version === newDependency.version) continue
    const relation = rangeRelation(oldDependency.version, newDependency.version)
    const at = comparison.atNew([...path, 'version'])
    const versions = `(${oldDependency.version} -> ${newDependency.version})`
    if (relation === 'same') comparison.add('patch', at, `range of dependency '${local}' written differently ${versions}, same versions`)
    else if (relation === 'wider') comparison.add('minor', at, `dependency '${local}' accepts more versions of ${newDependency.name} ${versions}`)
    else {
      comparison.add(
        'major',
        at,
        `dependency '${local}' ${relation === 'narrower' ? 'accepts fewer' : 'accepts other'} versions of ${newDependency.name} ${versions}: bots wired to an integration that implements a version it no longer accepts break`,
      )
    }
  }
}

/** Bots are leaves (no definition uses a bot): every change is patch. */
export function compareBot(comparison: DefinitionComparison, before: BotSpec, after: BotSpec): void {
  comparison.members(
    (tag) => `message tag '${tag}'`,
    ['message', 'tags'],
    before.message?.tags,
    after.message?.tags,
    { removed: 'patch', added: 'patch' },
    (tag, oldTag, newTag) => comparison.metadata(`message tag '${tag}'`, ['message', 'tags', tag], oldTag, newTag, ['title', 'description']),
  )
  comparison.members(
    (alias) => `integration '${alias}'`,
    ['integrations'],
    before.integrations,
    after.integrations,
    { removed: 'patch', added: 'patch' },
    (alias, oldWiring, newWiring) =>
      comparison.metadata(`integration '${alias}'`, ['integrations', alias], oldWiring, newWiring, [
        'integration',
        'version',
        'configurationType',
        'configuration',
      ]),
  )
  comparison.members(
    (alias) => `plugin '${alias}'`,
    ['plugins'],
    before.plugins,
    after.plugins,
    { removed: 'patch', added: 'patch' },
    (alias, oldWiring, newWiring) =>
      comparison.metadata(`plugin '${alias}'`, ['plugins', alias], oldWiring, newWiring, ['plugin', 'version', 'configuration', 'dependencies']),
  )
}
