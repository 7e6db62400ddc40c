// Who may read and write which tags (docs/definitions.md#tags): tags are stored under the keys
// the bot sees, its own (`priority`), an integration's `'<alias>:<key>'` and a plugin
// instance's `'<alias>#<key>'`; an integration or a plugin reads and writes only its own
// keys, unprefixed. A view maps a client's keys to stored keys and back.

import { own } from '../jsonSchema/own.js'
import type { BotDefinition, TagDeclarations } from './definition.js'
import type { StoredTags } from './messageStore.js'
import { joinPath } from './validation.js'

export type TagKind = 'user' | 'conversation' | 'message'

/** Who uses a client: the bot, the integration it adds as `alias`, or its plugin instance `alias`. */
export type ClientOwner = { kind: 'bot' } | { kind: 'integration'; alias: string } | { kind: 'plugin'; alias: string }

export interface TagView {
  /** how errors name the owner: "bot 'support'", "integration 'slack'" */
  readonly owner: string
  /** the client's key -> the stored key */
  readonly toStored: ReadonlyMap<string, string>
  /** the stored key -> the client's key; stored keys not in it are not shown to this client */
  readonly fromStored: ReadonlyMap<string, string>
}

function keysOf(declarations: TagDeclarations | undefined): string[] {
  return Object.keys(declarations?.tags ?? {})
}

function view(owner: string, pairs: [clientKey: string, storedKey: string][]): TagView {
  return { owner, toStored: new Map(pairs), fromStored: new Map(pairs.map(([client, stored]) => [stored, client])) }
}

/** An integration's keys of one kind: its user tags, or the conversation or message tags of `channel` (of every channel when undefined). */
export function integrationKeys(definition: BotDefinition, alias: string, kind: TagKind, channel?: string): string[] {
  const integration = own(definition.integrations, alias)
  if (!integration) return []
  if (kind === 'user') return keysOf(integration.user)
  const channels = channel === undefined ? Object.values(integration.channels ?? {}) : [own(integration.channels ?? {}, channel)]
  return [...new Set(channels.flatMap((c) => keysOf(c?.[kind])))]
}

function pluginKeys(definition: BotDefinition, alias: string, kind: TagKind): string[] {
  return keysOf(own(definition.plugins, alias)?.[kind])
}

function botOwnKeys(definition: BotDefinition, kind: TagKind): string[] {
  if (kind === 'message') return definition.tags
  return keysOf(definition[kind])
}

/** Views by owner kind, alias, tag kind and channel: nested maps, so that asking makes no string (every dispatch and delivery asks). */
type ViewsBy = Map<string, Map<string, Map<string, Map<string, TagView>>>>

/** Views made once per definition. */
const madeViews = new WeakMap<BotDefinition, ViewsBy>()

/** The map under `key` in `map`, made when missing. */
function inner<V>(map: Map<string, Map<string, V>>, key: string): Map<string, V> {
  let value = map.get(key)
  if (value === undefined) {
    value = new Map()
    map.set(key, value)
  }
  return value
}

/** The view of `owner` on tags of `kind` (an integration's conversation and message tags: of `channel`, or of all its channels). */
export function tagView(definition: BotDefinition, owner: ClientOwner, kind: TagKind, channel?: string): TagView {
  let views = madeViews.get(definition)
  if (views === undefined) {
    views = new Map()
    madeViews.set(definition, views)
  }
  const byChannel = inner(inner(inner(views, owner.kind), owner.kind === 'bot' ? '' : owner.alias), kind)
  // a channel name is never empty: '' stands for every channel
  let made = byChannel.get(channel ?? '')
  if (made === undefined) {
    made = makeTagView(definition, owner, kind, channel)
    byChannel.set(channel ?? '', made)
  }
  return made
}

function makeTagView(definition: BotDefinition, owner: ClientOwner, kind: TagKind, channel?: string): TagView {
  if (owner.kind === 'integration') {
    return view(
      `integration '${owner.alias}'`,
      integrationKeys(definition, owner.alias, kind, channel).map((key) => [key, `${owner.alias}:${key}`]),
    )
  }
  if (owner.kind === 'plugin') {
    return view(
      `plugin instance '${owner.alias}'`,
      pluginKeys(definition, owner.alias, kind).map((key) => [key, `${owner.alias}#${key}`]),
    )
  }
  const pairs: [string, string][] = botOwnKeys(definition, kind).map((key) => [key, key])
  for (const alias of Object.keys(definition.integrations)) {
    for (const key of integrationKeys(definition, alias, kind)) pairs.push([`${alias}:${key}`, `${alias}:${key}`])
  }
  for (const alias of Object.keys(definition.plugins)) {
    for (const key of pluginKeys(definition, alias, kind)) pairs.push([`${alias}#${key}`, `${alias}#${key}`])
  }
  return view(`bot '${definition.name}'`, pairs)
}

/**
 * The problems of `tags` as a client gives them (`path`: where they sit in its input), and
 * the tags under their stored keys. `removable`: a value '' removes the tag (updates).
 */
export function storedTags(
  tagView: TagView,
  kind: TagKind,
  tags: { [key: string]: unknown },
  path: string,
  removable: boolean,
): { issues: string[]; tags: StoredTags } {
  const issues: string[] = []
  const stored: StoredTags = {}
  // keys, not entries: no pair per tag (a delivery's ack and every conversation call pass here)
  for (const key of Object.keys(tags)) {
    const value = tags[key]
    const storedKey = tagView.toStored.get(key)
    if (storedKey === undefined) {
      const declared = [...tagView.toStored.keys()]
      issues.push(
        `${joinPath(path, key)}: is not a ${kind} tag ${tagView.owner} declares (${declared.length > 0 ? `it declares ${declared.join(', ')}` : 'it declares none'})`,
      )
    } else if (typeof value !== 'string') {
      issues.push(`${joinPath(path, key)}: must be a string`)
    } else if (value === '' && !removable) {
      issues.push(`${joinPath(path, key)}: must not be empty (leave the tag out instead)`)
    } else stored[storedKey] = value
  }
  return { issues, tags: stored }
}

/** The stored tags a client sees, under its keys. */
export function visibleTags(tagView: TagView, tags: StoredTags): StoredTags {
  const shown: StoredTags = {}
  for (const key of Object.keys(tags)) {
    const clientKey = tagView.fromStored.get(key)
    if (clientKey !== undefined) shown[clientKey] = tags[key] as string
  }
  return shown
}
