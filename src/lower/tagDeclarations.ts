// Tag declarations (`user`, `conversation`, `message` settings) as the `definition` constant
// carries them: each key's title, description and annotations, and the settings' own
// annotations; `{ tags: {} }` when nothing is declared (docs/definitions.md#tags).

import { annotationsOf, hasAnnotations } from '../jsonSchema/annotations.js'
import { type BotModel, type IntegrationModel, type Model, requireDefinition } from '../resolve/model.js'
import type { TagSettings } from '../validate/definitionTypes.js'
import { type ModuleBuilder, ref } from './moduleBuilder.js'
import { pascalCase } from './names.js'
import type { ConstValue, TypeExpr } from './plan.js'
import { docOf, optionalPropertyType } from './schemaToType.js'
import { documented } from './sources.js'

/** A node's title and description, then its annotations: one new object, without spreading copies into it. */
function documentedAndAnnotated(node: { title?: string; description?: string }): { [key: string]: ConstValue } {
  const fields: { [key: string]: ConstValue } = documented(node)
  // annotation keys start with `x-`: none is `__proto__`, so assigning them makes own properties
  if (hasAnnotations(node)) Object.assign(fields, annotationsOf(node))
  return fields
}

export function tagDeclarations(settings: TagSettings | undefined): ConstValue {
  if (settings === undefined) return { tags: {} }
  const declared = settings.tags ?? {}
  // fromEntries, so that a key named `__proto__` stays an own property
  const tags = Object.fromEntries(
    Object.keys(declared).map((key): [string, ConstValue] => [key, documentedAndAnnotated(declared[key] as { title?: string; description?: string })]),
  )
  return hasAnnotations(settings) ? { ...annotationsOf(settings), tags } : { tags }
}

/** A plugin's or a channel's three kinds of tags, as written. */
export function pluginTagDeclarations(spec: { user?: TagSettings; conversation?: TagSettings; message?: TagSettings }): {
  user: ConstValue
  conversation: ConstValue
  message: ConstValue
} {
  return { user: tagDeclarations(spec.user), conversation: tagDeclarations(spec.conversation), message: tagDeclarations(spec.message) }
}

/** One tag key as a client writes it, with its documentation. */
export interface TagKey {
  key: string
  tag: { title?: string; description?: string }
}

type TagKind = 'user' | 'conversation' | 'message'

function keysOf(settings: TagSettings | undefined, prefix = ''): TagKey[] {
  return Object.entries(settings?.tags ?? {}).map(([key, tag]) => ({ key: `${prefix}${key}`, tag }))
}

/** An integration's keys of one kind, unprefixed: its user tags, or its channels' conversation or message tags (a key once, as the first channel declares it). */
export function integrationTagKeys(integration: IntegrationModel, kind: TagKind, prefix = ''): TagKey[] {
  if (kind === 'user') return keysOf(integration.spec.user, prefix)
  const seen = new Map<string, TagKey>()
  for (const channel of integration.channels) for (const entry of keysOf(channel.spec[kind], prefix)) if (!seen.has(entry.key)) seen.set(entry.key, entry)
  return [...seen.values()]
}

/** Whether the integration declares any tag (user, or a channel's conversation or message): its module then exports `Tags`. */
export function integrationIsTagged(integration: IntegrationModel): boolean {
  return (['user', 'conversation', 'message'] as const).some((kind) => integrationTagKeys(integration, kind).length > 0)
}

/** The keys a bot reads and writes: its own, each integration's as '<alias>:<key>', each plugin instance's as '<alias>#<key>' (docs/definitions.md#tags). */
export function botTagKeys(model: Model, bot: BotModel, kind: TagKind): TagKey[] {
  return [
    ...keysOf(bot.spec[kind]),
    ...bot.integrations.flatMap((i) => integrationTagKeys(requireDefinition(model, i.integrationKey, 'integration'), kind, `${i.alias}:`)),
    ...bot.plugins.flatMap((p) => keysOf(requireDefinition(model, p.pluginKey, 'plugin').spec[kind], `${p.alias}#`)),
  ]
}

/** A tag map type: each key an optional string; `Record<string, never>` when there is none. */
export function tagMapType(keys: readonly TagKey[]): TypeExpr {
  if (keys.length === 0) return { kind: 'raw', text: 'Record<string, never>' }
  return {
    kind: 'object',
    members: keys.map(({ key, tag }) => {
      const doc = docOf(tag)
      return { name: key, optional: true, type: optionalPropertyType(key, { kind: 'keyword', name: 'string' }), ...(doc ? { doc } : {}) }
    }),
  }
}

/**
 * A plugin's `UserTags`, `ConversationTags`, `MessageTags` and `Tags` (its own keys,
 * unprefixed), when it declares any; whether it did.
 */
export function declarePluginTags(builder: ModuleBuilder, spec: { user?: TagSettings; conversation?: TagSettings; message?: TagSettings }): boolean {
  const kinds = (['user', 'conversation', 'message'] as const).map((kind) => ({ kind, keys: keysOf(spec[kind]) }))
  if (kinds.every((k) => k.keys.length === 0)) return false
  for (const { kind, keys } of kinds) {
    builder.add({
      kind: 'typeAlias',
      name: `${pascalCase(kind)}Tags`,
      doc: { description: `The plugin's own ${kind} tags (docs/definitions.md#tags); every tag is optional.` },
      type: tagMapType(keys),
    })
  }
  builder.add({
    kind: 'interface',
    name: 'Tags',
    doc: { description: 'The tags this plugin reads and writes, by kind (a bot sees them as `<alias>#<key>`).' },
    members: kinds.map(({ kind }) => ({ name: kind, optional: false, type: ref(`${pascalCase(kind)}Tags`) })),
  })
  return true
}

/**
 * A bot's `IntegrationClients`: alias -> what `runtime.integration(alias)` gives, the
 * integration's client typed with its own `Tags` (`runtime.NoTags` when it declares none).
 */
export function declareIntegrationClients(
  builder: ModuleBuilder,
  runtime: string,
  integrations: readonly { instance: { alias: string }; integration: IntegrationModel; namespace: string }[],
): void {
  builder.add({
    kind: 'interface',
    name: 'IntegrationClients',
    doc: {
      description:
        "What `runtime.integration(alias)` gives for each integration this bot adds, by alias: its conversation and user calls and `createMessage`, with that integration's own tags (docs/runtime.md#incoming-messages).",
    },
    members: integrations.map((i) => ({
      name: i.instance.alias,
      optional: false,
      type: ref(`${runtime}.IncomingIntegrationClient`, [integrationIsTagged(i.integration) ? ref(`${i.namespace}.Tags`) : ref(`${runtime}.NoTags`)]),
    })),
  })
}
