// The interfaces an integration implements, compared between its two versions: an
// interface dropped or swapped for another is major, a new one minor, the interface's
// version by interfaceVersionChange, each entity mapping by the entities it maps, and each
// renaming override (a member under another name breaks the code that uses the old one).

import semver from 'semver'
import { jsonEqual } from '../jsonSchema/jsonEqual.js'
import { own } from '../jsonSchema/own.js'
import type { ImplementedInterfaceSpec, MetadataOverride } from '../validate/definitionTypes.js'
import type { ChangeRecorder } from './changeRecorder.js'
import { interfaceVersionChange } from './levels.js'

function compareOverrides(
  recorder: ChangeRecorder,
  alias: string,
  interfaceName: string,
  member: 'actions' | 'events' | 'channels',
  before: Record<string, MetadataOverride> | undefined,
  after: Record<string, MetadataOverride> | undefined,
): void {
  const word = member.slice(0, -1)
  const oldOverrides = before ?? {}
  const newOverrides = after ?? {}
  for (const name of new Set([...Object.keys(oldOverrides), ...Object.keys(newOverrides)])) {
    const oldOverride = own(oldOverrides, name)
    const newOverride = own(newOverrides, name)
    const path = ['interfaces', alias, member, name]
    const was = oldOverride?.name ?? name
    const now = newOverride?.name ?? name
    if (was !== now) {
      recorder.add(
        'major',
        newOverride ? recorder.atNew(newOverride.name === undefined ? path : [...path, 'name']) : recorder.atOld(path),
        `${interfaceName} ${word} '${name}' is now named '${now}' (was '${was}'): code that uses '${was}' breaks`,
      )
    }
    recorder.metadata(`the override of ${interfaceName} ${word} '${name}'`, path, oldOverride ?? {}, newOverride ?? {}, ['title', 'description', 'attributes'])
  }
}

export function compareImplementedInterfaces(
  recorder: ChangeRecorder,
  before: Record<string, ImplementedInterfaceSpec> | undefined,
  after: Record<string, ImplementedInterfaceSpec> | undefined,
): void {
  const oldInterfaces = before ?? {}
  const newInterfaces = after ?? {}
  for (const alias of Object.keys(oldInterfaces)) {
    const oldInterface = own(oldInterfaces, alias) as ImplementedInterfaceSpec
    if (own(newInterfaces, alias) === undefined)
      recorder.add(
        'major',
        recorder.atOld(['interfaces', alias]),
        `no longer implements interface '${oldInterface.name}' (alias '${alias}'): its actions, events and channels are gone`,
      )
  }
  for (const [alias, newInterface] of Object.entries(newInterfaces)) {
    const oldInterface = own(oldInterfaces, alias)
    const path = ['interfaces', alias]
    if (oldInterface === undefined) {
      recorder.add('minor', recorder.atNew(path), `now implements interface '${newInterface.name}' ${newInterface.version} (alias '${alias}')`)
      continue
    }
    if (jsonEqual(oldInterface, newInterface)) continue
    if (oldInterface.name !== newInterface.name) {
      recorder.add(
        'major',
        recorder.atNew([...path, 'name']),
        `alias '${alias}' now implements interface '${newInterface.name}' instead of '${oldInterface.name}'`,
      )
      continue
    }
    const level = interfaceVersionChange(oldInterface.version, newInterface.version)
    if (level !== 'none') {
      const why =
        level === 'major'
          ? `: ${newInterface.version} is a ${semver.lt(newInterface.version, oldInterface.version) ? 'lower version, so what later versions added may be gone' : 'breaking version of the interface'}`
          : level === 'minor'
            ? ', which may add actions, events and channels'
            : ''
      recorder.add(
        level,
        recorder.atNew([...path, 'version']),
        `implements ${newInterface.name} ${newInterface.version} instead of ${oldInterface.version}${why}`,
      )
    }
    compareEntityMappings(recorder, alias, oldInterface, newInterface)
    compareOverrides(recorder, alias, newInterface.name, 'actions', oldInterface.actions, newInterface.actions)
    compareOverrides(recorder, alias, newInterface.name, 'events', oldInterface.events, newInterface.events)
    compareOverrides(recorder, alias, newInterface.name, 'channels', oldInterface.channels, newInterface.channels)
  }
}

/** Each interface entity's mapping: a mapping added or removed follows the interface version; a remapped one compares the two entities. */
function compareEntityMappings(recorder: ChangeRecorder, alias: string, oldInterface: ImplementedInterfaceSpec, newInterface: ImplementedInterfaceSpec): void {
  const path = ['interfaces', alias]
  const entities = new Set([...Object.keys(oldInterface.entities), ...Object.keys(newInterface.entities)])
  for (const entity of entities) {
    const was = own(oldInterface.entities, entity)
    const now = own(newInterface.entities, entity)
    if (was === now) continue
    const at = [...path, 'entities', entity]
    if (was === undefined || now === undefined) {
      recorder.add(
        'patch',
        now === undefined ? recorder.atOld(at) : recorder.atNew(at),
        `mapping of ${newInterface.name}.${entity} ${now === undefined ? 'removed' : 'added'} (follows the interface version)`,
      )
      continue
    }
    const oldSpec = recorder.oldSide.spec
    const newSpec = recorder.newSide.spec
    const before = own(oldSpec.kind === 'integration' ? oldSpec.entities : undefined, was)
    const after = own(newSpec.kind === 'integration' ? newSpec.entities : undefined, now)
    if (!before || !after) {
      recorder.add('major', recorder.atNew(at), `${newInterface.name}.${entity} is now mapped to '${now}' (was '${was}')`)
      continue
    }
    recorder.schema(
      'both',
      `the entity mapped to ${newInterface.name}.${entity} ('${was}' -> '${now}')`,
      ['entities', was, 'schema'],
      ['entities', now, 'schema'],
      before.schema,
      after.schema,
    )
  }
}
