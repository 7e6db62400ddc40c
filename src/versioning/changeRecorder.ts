// The change recorder for one definition's two versions (compareDefinition.ts drives it):
// where each side's member lives, the changes found so far (a ChangeList), and the rules
// for the members every kind but bots may have (entities, $defs, actions, events,
// channels, configurations), each change with the level it needs (docs/versioning.md).

import { isAnnotationKey } from '../jsonSchema/annotations.js'
import { jsonEqual } from '../jsonSchema/jsonEqual.js'
import { own } from '../jsonSchema/own.js'
import { formatPointer } from '../jsonSchema/pointer.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import type { Model } from '../resolve/model.js'
import { EMPTY_CONFIGURATION } from '../resolve/model.js'
import type { ActionSpec, ChannelSpec, EventSpec, SchemaHolder } from '../validate/definitionTypes.js'
import { ChangeList, type Place } from './changes.js'
import { compareSchemas, type Role } from './compareSchema.js'
import { entitySpace, SharedEntities } from './entities.js'
import type { SideDefinition } from './sideDefinition.js'
import type { ChangeLevel } from './types.js'

/**
 * An integration or plugin without `configuration` has an empty, closed one, as `check` and
 * the runtime read it (docs/definitions.md#integration): a bot may give it no field.
 */
const DEFAULT_CONFIGURATION: SchemaNode = EMPTY_CONFIGURATION

export type Path = (string | number)[]

export class ChangeRecorder {
  readonly out = new ChangeList()
  readonly entities: SharedEntities

  constructor(
    readonly oldSide: SideDefinition,
    readonly newSide: SideDefinition,
    oldModel: Model,
    newModel: Model,
  ) {
    this.entities = new SharedEntities(entitySpace(oldSide, oldModel), entitySpace(newSide, newModel))
  }

  atOld(path: Path): Place {
    return { side: 'old', file: this.oldSide.file, pointer: formatPointer(path) }
  }

  atNew(path: Path): Place {
    return { side: 'new', file: this.newSide.file, pointer: formatPointer(path) }
  }

  add(level: ChangeLevel, place: Place, message: string): void {
    this.out.add(level, place, message)
  }

  /** Members of a map: removed, added (with a hint where a removed one looks renamed), and both. */
  members<T>(
    describe: (name: string) => string,
    path: Path,
    before: Record<string, T> | undefined,
    after: Record<string, T> | undefined,
    levels: { removed: ChangeLevel; added: ChangeLevel },
    both: (name: string, oldMember: T, newMember: T) => void,
  ): void {
    const oldMembers = before ?? {}
    const newMembers = after ?? {}
    const removed = Object.keys(oldMembers).filter((name) => own(newMembers, name) === undefined)
    const added = Object.keys(newMembers).filter((name) => own(oldMembers, name) === undefined)
    for (const name of removed) {
      const twin = added.find((other) => jsonEqual(own(oldMembers, name), own(newMembers, other)))
      this.add(levels.removed, this.atOld([...path, name]), `${describe(name)} removed${twin === undefined ? '' : ` (renamed to '${twin}'?)`}`)
    }
    for (const name of added) this.add(levels.added, this.atNew([...path, name]), `${describe(name)} added`)
    for (const [name, value] of Object.entries(newMembers)) {
      const previous = own(oldMembers, name)
      if (previous !== undefined && !jsonEqual(previous, value)) both(name, previous, value)
    }
  }

  /** Plain metadata keys (title, description, billable, cacheable...) and `x-` annotations: patch. */
  metadata(what: string, path: Path, before: object, after: object, keys: readonly string[]): void {
    const oldKeys = before as Record<string, unknown>
    const newKeys = after as Record<string, unknown>
    const annotations = [...new Set([...Object.keys(oldKeys), ...Object.keys(newKeys)])].filter(isAnnotationKey)
    for (const key of annotations.length === 0 ? keys : [...keys, ...annotations]) {
      const was = oldKeys[key]
      const now = newKeys[key]
      if (jsonEqual(was, now)) continue
      const verb = was === undefined ? 'added' : now === undefined ? 'removed' : 'changed'
      const place = now === undefined ? this.atOld([...path, key]) : this.atNew([...path, key])
      this.add(
        'patch',
        place,
        `${key} of ${what} ${verb}${typeof was !== 'object' && typeof now !== 'object' && was !== undefined && now !== undefined ? ` (${String(was)} -> ${String(now)})` : ''}`,
      )
    }
  }

  attributes(what: string, path: Path, before: Record<string, string> | undefined, after: Record<string, string> | undefined): void {
    const oldAttributes = before ?? {}
    const newAttributes = after ?? {}
    for (const key of new Set([...Object.keys(oldAttributes), ...Object.keys(newAttributes)])) {
      const was = own(oldAttributes, key)
      const now = own(newAttributes, key)
      if (was === now) continue
      const verb = was === undefined ? 'added' : now === undefined ? 'removed' : `changed (${was} -> ${now})`
      const place = now === undefined ? this.atOld([...path, 'attributes', key]) : this.atNew([...path, 'attributes', key])
      this.add('patch', place, `attribute '${key}' of ${what} ${verb}`)
    }
  }

  schema(role: Role, what: string, oldPath: Path, newPath: Path, before: SchemaNode, after: SchemaNode): void {
    compareSchemas(
      {
        role,
        what,
        old: { schema: before, file: this.oldSide.file, pointer: formatPointer(oldPath) },
        new: { schema: after, file: this.newSide.file, pointer: formatPointer(newPath) },
      },
      this.entities,
      this.out,
    )
  }

  holder(role: Role, what: string, path: Path, before: SchemaHolder, after: SchemaHolder): void {
    this.metadata(what, path, before, after, ['title', 'description'])
    this.schema(role, what, [...path, 'schema'], [...path, 'schema'], before.schema, after.schema)
  }

  // ---- the members every kind but bots may have

  entitiesOf(before: Record<string, SchemaHolder> | undefined, after: Record<string, SchemaHolder> | undefined): void {
    this.members(
      (name) => `entity '${name}'`,
      ['entities'],
      before,
      after,
      { removed: 'major', added: 'minor' },
      (name, oldEntity, newEntity) => this.holder('both', `entity '${name}'`, ['entities', name], oldEntity, newEntity),
    )
  }

  /**
   * Named schemas, each compared on its own as an entity is (both ways): a `$ref` is
   * compared "modulo" the entry it names, so a change inside an entry is reported once,
   * here, not again at every use. Removing one removes an exported type; adding one adds one.
   */
  defsOf(before: Record<string, SchemaNode> | undefined, after: Record<string, SchemaNode> | undefined): void {
    this.members(
      (name) => `$defs '${name}'`,
      ['$defs'],
      before,
      after,
      { removed: 'major', added: 'minor' },
      (name, oldSchema, newSchema) => this.schema('both', `$defs '${name}'`, ['$defs', name], ['$defs', name], oldSchema, newSchema),
    )
  }

  actionsOf(before: Record<string, ActionSpec> | undefined, after: Record<string, ActionSpec> | undefined): void {
    this.members(
      (name) => `action '${name}'`,
      ['actions'],
      before,
      after,
      { removed: 'major', added: 'minor' },
      (name, oldAction, newAction) => {
        const what = `action '${name}'`
        const path = ['actions', name]
        this.metadata(what, path, oldAction, newAction, ['title', 'description', 'billable', 'cacheable'])
        this.attributes(what, path, oldAction.attributes, newAction.attributes)
        this.holder('input', `input of ${what}`, [...path, 'input'], oldAction.input, newAction.input)
        this.holder('output', `output of ${what}`, [...path, 'output'], oldAction.output, newAction.output)
      },
    )
  }

  eventsOf(before: Record<string, EventSpec> | undefined, after: Record<string, EventSpec> | undefined): void {
    this.members(
      (name) => `event '${name}'`,
      ['events'],
      before,
      after,
      { removed: 'major', added: 'minor' },
      (name, oldEvent, newEvent) => {
        const what = `event '${name}'`
        this.metadata(what, ['events', name], oldEvent, newEvent, ['title', 'description'])
        this.attributes(what, ['events', name], oldEvent.attributes, newEvent.attributes)
        this.schema('output', `payload of ${what}`, ['events', name, 'schema'], ['events', name, 'schema'], oldEvent.schema, newEvent.schema)
      },
    )
  }

  channelsOf(before: Record<string, ChannelSpec> | undefined, after: Record<string, ChannelSpec> | undefined): void {
    this.members(
      (name) => `channel '${name}'`,
      ['channels'],
      before,
      after,
      { removed: 'major', added: 'minor' },
      (channel, oldChannel, newChannel) => {
        this.metadata(`channel '${channel}'`, ['channels', channel], oldChannel, newChannel, ['title', 'description'])
        this.members(
          (message) => `message '${message}' of channel '${channel}'`,
          ['channels', channel, 'messages'],
          oldChannel.messages,
          newChannel.messages,
          { removed: 'major', added: 'minor' },
          (message, oldMessage, newMessage) =>
            this.holder('both', `message '${message}' of channel '${channel}'`, ['channels', channel, 'messages', message], oldMessage, newMessage),
        )
      },
    )
  }

  /** An integration's alternative configurations: inputs, as the default is; removing one breaks the bots that chose it. */
  configurationsOf(before: Record<string, SchemaHolder> | undefined, after: Record<string, SchemaHolder> | undefined): void {
    this.members(
      (name) => `configuration '${name}'`,
      ['configurations'],
      before,
      after,
      { removed: 'major', added: 'minor' },
      (name, oldConfiguration, newConfiguration) =>
        this.holder('configuration', `configuration '${name}'`, ['configurations', name], oldConfiguration, newConfiguration),
    )
  }

  configurationOf(before: SchemaHolder | undefined, after: SchemaHolder | undefined): void {
    if (before && after) this.metadata('the configuration', ['configuration'], before, after, ['title', 'description'])
    this.schema(
      'configuration',
      'the configuration',
      ['configuration', 'schema'],
      ['configuration', 'schema'],
      before?.schema ?? DEFAULT_CONFIGURATION,
      after?.schema ?? DEFAULT_CONFIGURATION,
    )
  }
}
