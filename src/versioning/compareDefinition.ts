// Compares two versions of one definition, member by member (docs/versioning.md):
//
//   removed entity, action, event, channel, channel message ........ major
//   added entity, action, event, channel, channel message ........... minor
//   schemas ...................................... compareSchemas (by the direction of data)
//   titles, descriptions, attributes, billable, cacheable, x- annotations ... patch
//   integration: configuration and each alternative configuration (inputs; a removed
//     alternative is major, an added one minor), implemented interfaces
//   plugin: configuration (an input), interface dependencies
//   bot: every change is patch (bots are leaves: nothing uses a bot)
import semver from 'semver'
import { isAnnotationKey } from '../jsonSchema/annotations.js'
import { jsonEqual } from '../jsonSchema/jsonEqual.js'
import { own } from '../jsonSchema/own.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { formatPointer } from '../load/yamlNodes.js'
import type { Model } from '../resolve/model.js'
import { EMPTY_CONFIGURATION } from '../resolve/model.js'
import type {
  ActionSpec,
  BotSpec,
  ChannelSpec,
  DefinitionSpec,
  EventSpec,
  ImplementedInterfaceSpec,
  IntegrationSpec,
  InterfaceSpec,
  MetadataOverride,
  PluginSpec,
  SchemaHolder,
} from '../validate/definitionTypes.js'
import { ChangeList, type Place } from './changes.js'
import { compareSchemas, type Role } from './compareSchema.js'
import { entitySpace, SharedEntities } from './entities.js'
import { interfaceVersionChange, rangeRelation } from './levels.js'
import type { SideDefinition } from './sideDefinition.js'
import type { ChangeLevel } from './types.js'

/**
 * An integration or plugin without `configuration` has an empty, closed one, as `check` and
 * the runtime read it (docs/definitions.md#integration): a bot may give it no field.
 */
const DEFAULT_CONFIGURATION: SchemaNode = EMPTY_CONFIGURATION

type Path = (string | number)[]

class Comparison {
  readonly out = new ChangeList()
  readonly entities: SharedEntities

  constructor(
    readonly old: SideDefinition,
    readonly neu: SideDefinition,
    oldModel: Model,
    newModel: Model,
  ) {
    this.entities = new SharedEntities(entitySpace(old, oldModel), entitySpace(neu, newModel))
  }

  atOld(path: Path): Place {
    return { side: 'old', file: this.old.file, pointer: formatPointer(path) }
  }

  atNew(path: Path): Place {
    return { side: 'new', file: this.neu.file, pointer: formatPointer(path) }
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
    both: (name: string, old: T, neu: T) => void,
  ): void {
    const a = before ?? {}
    const b = after ?? {}
    const removed = Object.keys(a).filter((name) => own(b, name) === undefined)
    const added = Object.keys(b).filter((name) => own(a, name) === undefined)
    for (const name of removed) {
      const twin = added.find((other) => jsonEqual(own(a, name), own(b, other)))
      this.add(levels.removed, this.atOld([...path, name]), `${describe(name)} removed${twin === undefined ? '' : ` (renamed to '${twin}'?)`}`)
    }
    for (const name of added) this.add(levels.added, this.atNew([...path, name]), `${describe(name)} added`)
    for (const [name, value] of Object.entries(b)) {
      const previous = own(a, name)
      if (previous !== undefined && !jsonEqual(previous, value)) both(name, previous, value)
    }
  }

  /** Plain metadata keys (title, description, billable, cacheable...) and `x-` annotations: patch. */
  metadata(what: string, path: Path, before: object, after: object, keys: readonly string[]): void {
    const a = before as Record<string, unknown>
    const b = after as Record<string, unknown>
    const annotations = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(isAnnotationKey)
    for (const key of annotations.length === 0 ? keys : [...keys, ...annotations]) {
      const x = a[key]
      const y = b[key]
      if (jsonEqual(x, y)) continue
      const verb = x === undefined ? 'added' : y === undefined ? 'removed' : 'changed'
      const place = y === undefined ? this.atOld([...path, key]) : this.atNew([...path, key])
      this.add(
        'patch',
        place,
        `${key} of ${what} ${verb}${typeof x !== 'object' && typeof y !== 'object' && x !== undefined && y !== undefined ? ` (${String(x)} -> ${String(y)})` : ''}`,
      )
    }
  }

  attributes(what: string, path: Path, before: Record<string, string> | undefined, after: Record<string, string> | undefined): void {
    const a = before ?? {}
    const b = after ?? {}
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const x = own(a, key)
      const y = own(b, key)
      if (x === y) continue
      const verb = x === undefined ? 'added' : y === undefined ? 'removed' : `changed (${x} -> ${y})`
      const place = y === undefined ? this.atOld([...path, 'attributes', key]) : this.atNew([...path, 'attributes', key])
      this.add('patch', place, `attribute '${key}' of ${what} ${verb}`)
    }
  }

  schema(role: Role, what: string, oldPath: Path, newPath: Path, before: SchemaNode, after: SchemaNode): void {
    compareSchemas(
      {
        role,
        what,
        old: { schema: before, file: this.old.file, pointer: formatPointer(oldPath) },
        new: { schema: after, file: this.neu.file, pointer: formatPointer(newPath) },
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
      (name, a, b) => this.holder('both', `entity '${name}'`, ['entities', name], a, b),
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
      (name, a, b) => this.schema('both', `$defs '${name}'`, ['$defs', name], ['$defs', name], a, b),
    )
  }

  actionsOf(before: Record<string, ActionSpec> | undefined, after: Record<string, ActionSpec> | undefined): void {
    this.members(
      (name) => `action '${name}'`,
      ['actions'],
      before,
      after,
      { removed: 'major', added: 'minor' },
      (name, a, b) => {
        const what = `action '${name}'`
        const path = ['actions', name]
        this.metadata(what, path, a, b, ['title', 'description', 'billable', 'cacheable'])
        this.attributes(what, path, a.attributes, b.attributes)
        this.holder('input', `input of ${what}`, [...path, 'input'], a.input, b.input)
        this.holder('output', `output of ${what}`, [...path, 'output'], a.output, b.output)
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
      (name, a, b) => {
        const what = `event '${name}'`
        this.metadata(what, ['events', name], a, b, ['title', 'description'])
        this.attributes(what, ['events', name], a.attributes, b.attributes)
        this.schema('output', `payload of ${what}`, ['events', name, 'schema'], ['events', name, 'schema'], a.schema, b.schema)
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
      (channel, a, b) => {
        this.metadata(`channel '${channel}'`, ['channels', channel], a, b, ['title', 'description'])
        this.members(
          (message) => `message '${message}' of channel '${channel}'`,
          ['channels', channel, 'messages'],
          a.messages,
          b.messages,
          { removed: 'major', added: 'minor' },
          (message, x, y) => this.holder('both', `message '${message}' of channel '${channel}'`, ['channels', channel, 'messages', message], x, y),
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
      (name, x, y) => this.holder('configuration', `configuration '${name}'`, ['configurations', name], x, y),
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

// ---- per kind

function compareInterface(c: Comparison, a: InterfaceSpec, b: InterfaceSpec): void {
  c.defsOf(a.$defs, b.$defs)
  c.entitiesOf(a.entities, b.entities)
  c.actionsOf(a.actions, b.actions)
  c.eventsOf(a.events, b.events)
  c.channelsOf(a.channels, b.channels)
}

function overrides(
  c: Comparison,
  alias: string,
  interfaceName: string,
  member: 'actions' | 'events' | 'channels',
  before: Record<string, MetadataOverride> | undefined,
  after: Record<string, MetadataOverride> | undefined,
): void {
  const word = member.slice(0, -1)
  const a = before ?? {}
  const b = after ?? {}
  for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = own(a, name)
    const y = own(b, name)
    const path = ['interfaces', alias, member, name]
    const was = x?.name ?? name
    const now = y?.name ?? name
    if (was !== now) {
      c.add(
        'major',
        y ? c.atNew(y.name === undefined ? path : [...path, 'name']) : c.atOld(path),
        `${interfaceName} ${word} '${name}' is now named '${now}' (was '${was}'): code that uses '${was}' breaks`,
      )
    }
    c.metadata(`the override of ${interfaceName} ${word} '${name}'`, path, x ?? {}, y ?? {}, ['title', 'description', 'attributes'])
  }
}

function compareImplemented(
  c: Comparison,
  before: Record<string, ImplementedInterfaceSpec> | undefined,
  after: Record<string, ImplementedInterfaceSpec> | undefined,
): void {
  const a = before ?? {}
  const b = after ?? {}
  for (const alias of Object.keys(a)) {
    const x = own(a, alias) as ImplementedInterfaceSpec
    if (own(b, alias) === undefined)
      c.add('major', c.atOld(['interfaces', alias]), `no longer implements interface '${x.name}' (alias '${alias}'): its actions, events and channels are gone`)
  }
  for (const [alias, y] of Object.entries(b)) {
    const x = own(a, alias)
    const path = ['interfaces', alias]
    if (x === undefined) {
      c.add('minor', c.atNew(path), `now implements interface '${y.name}' ${y.version} (alias '${alias}')`)
      continue
    }
    if (jsonEqual(x, y)) continue
    if (x.name !== y.name) {
      c.add('major', c.atNew([...path, 'name']), `alias '${alias}' now implements interface '${y.name}' instead of '${x.name}'`)
      continue
    }
    const level = interfaceVersionChange(x.version, y.version)
    if (level !== 'none') {
      const why =
        level === 'major'
          ? `: ${y.version} is a ${semver.lt(y.version, x.version) ? 'lower version, so what later versions added may be gone' : 'breaking version of the interface'}`
          : level === 'minor'
            ? ', which may add actions, events and channels'
            : ''
      c.add(level, c.atNew([...path, 'version']), `implements ${y.name} ${y.version} instead of ${x.version}${why}`)
    }
    const entities = new Set([...Object.keys(x.entities), ...Object.keys(y.entities)])
    for (const entity of entities) {
      const was = own(x.entities, entity)
      const now = own(y.entities, entity)
      if (was === now) continue
      const at = [...path, 'entities', entity]
      if (was === undefined || now === undefined) {
        c.add(
          'patch',
          now === undefined ? c.atOld(at) : c.atNew(at),
          `mapping of ${y.name}.${entity} ${now === undefined ? 'removed' : 'added'} (follows the interface version)`,
        )
        continue
      }
      const before = own(c.old.spec.kind === 'integration' ? c.old.spec.entities : undefined, was)
      const after = own(c.neu.spec.kind === 'integration' ? c.neu.spec.entities : undefined, now)
      if (!before || !after) {
        c.add('major', c.atNew(at), `${y.name}.${entity} is now mapped to '${now}' (was '${was}')`)
        continue
      }
      c.schema(
        'both',
        `the entity mapped to ${y.name}.${entity} ('${was}' -> '${now}')`,
        ['entities', was, 'schema'],
        ['entities', now, 'schema'],
        before.schema,
        after.schema,
      )
    }
    overrides(c, alias, y.name, 'actions', x.actions, y.actions)
    overrides(c, alias, y.name, 'events', x.events, y.events)
    overrides(c, alias, y.name, 'channels', x.channels, y.channels)
  }
}

function compareIntegration(c: Comparison, a: IntegrationSpec, b: IntegrationSpec): void {
  c.defsOf(a.$defs, b.$defs)
  c.configurationOf(a.configuration, b.configuration)
  c.configurationsOf(a.configurations, b.configurations)
  c.entitiesOf(a.entities, b.entities)
  c.actionsOf(a.actions, b.actions)
  c.eventsOf(a.events, b.events)
  c.channelsOf(a.channels, b.channels)
  compareImplemented(c, a.interfaces, b.interfaces)
}

function comparePlugin(c: Comparison, a: PluginSpec, b: PluginSpec): void {
  c.defsOf(a.$defs, b.$defs)
  c.configurationOf(a.configuration, b.configuration)
  const before = a.interfaces ?? {}
  const after = b.interfaces ?? {}
  for (const [local, x] of Object.entries(before)) {
    if (own(after, local) === undefined) {
      c.add('major', c.atOld(['interfaces', local]), `dependency '${local}' (interface '${x.name}') removed: bots that wire it no longer load`)
    }
  }
  for (const [local, y] of Object.entries(after)) {
    const x = own(before, local)
    const path = ['interfaces', local]
    if (x === undefined) {
      c.add('major', c.atNew(path), `new dependency '${local}' on interface '${y.name}' ${y.version}: every bot that adds this plugin must now wire it`)
      continue
    }
    if (x.name !== y.name) {
      c.add('major', c.atNew([...path, 'name']), `dependency '${local}' is now on interface '${y.name}' instead of '${x.name}'`)
      continue
    }
    if (x.version === y.version) continue
    const relation = rangeRelation(x.version, y.version)
    const at = c.atNew([...path, 'version'])
    if (relation === 'same') c.add('patch', at, `range of dependency '${local}' written differently (${x.version} -> ${y.version}), same versions`)
    else if (relation === 'wider') c.add('minor', at, `dependency '${local}' accepts more versions of ${y.name} (${x.version} -> ${y.version})`)
    else {
      c.add(
        'major',
        at,
        `dependency '${local}' ${relation === 'narrower' ? 'accepts fewer' : 'accepts other'} versions of ${y.name} (${x.version} -> ${y.version}): bots wired to an integration that implements a version it no longer accepts break`,
      )
    }
  }
  c.actionsOf(a.actions, b.actions)
  c.eventsOf(a.events, b.events)
}

/** Bots are leaves (no definition uses a bot): every change is patch. */
function compareBot(c: Comparison, a: BotSpec, b: BotSpec): void {
  c.members(
    (tag) => `message tag '${tag}'`,
    ['message', 'tags'],
    a.message?.tags,
    b.message?.tags,
    { removed: 'patch', added: 'patch' },
    (tag, x, y) => c.metadata(`message tag '${tag}'`, ['message', 'tags', tag], x, y, ['title', 'description']),
  )
  c.members(
    (alias) => `integration '${alias}'`,
    ['integrations'],
    a.integrations,
    b.integrations,
    { removed: 'patch', added: 'patch' },
    (alias, x, y) => c.metadata(`integration '${alias}'`, ['integrations', alias], x, y, ['integration', 'version', 'configurationType', 'configuration']),
  )
  c.members(
    (alias) => `plugin '${alias}'`,
    ['plugins'],
    a.plugins,
    b.plugins,
    { removed: 'patch', added: 'patch' },
    (alias, x, y) => c.metadata(`plugin '${alias}'`, ['plugins', alias], x, y, ['plugin', 'version', 'configuration', 'dependencies']),
  )
}

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
  ],
  plugin: ['kind', 'name', 'version', 'title', 'description', '$defs', 'configuration', 'interfaces', 'actions', 'events'],
  bot: ['kind', 'name', 'version', 'title', 'description', 'message', 'integrations', 'plugins'],
}

export function compareDefinition(old: SideDefinition, neu: SideDefinition, oldModel: Model, newModel: Model): ChangeList {
  const c = new Comparison(old, neu, oldModel, newModel)
  const a = old.spec
  const b = neu.spec
  const what = `${b.kind} '${b.name}'`
  c.metadata(`the ${b.kind}`, [], a, b, ['title', 'description'])
  if (a.kind === 'interface' && b.kind === 'interface') compareInterface(c, a, b)
  else if (a.kind === 'integration' && b.kind === 'integration') compareIntegration(c, a, b)
  else if (a.kind === 'plugin' && b.kind === 'plugin') comparePlugin(c, a, b)
  else if (a.kind === 'bot' && b.kind === 'bot') compareBot(c, a, b)
  // a key the rules above do not know (a newer format): still a change
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  for (const key of keys) {
    if (COVERED[b.kind].includes(key) || isAnnotationKey(key)) continue
    const x = (a as unknown as Record<string, unknown>)[key]
    const y = (b as unknown as Record<string, unknown>)[key]
    if (!jsonEqual(x, y))
      c.add(
        b.kind === 'bot' ? 'patch' : 'major',
        y === undefined ? c.atOld([key]) : c.atNew([key]),
        `'${key}' of ${what} changed${b.kind === 'bot' ? '' : ' (not compared in detail, so counted as breaking)'}`,
      )
  }
  return c.out
}
