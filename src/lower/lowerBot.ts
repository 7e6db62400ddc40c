// A bot's module: declared message tags, the actions of every integration instance and
// of every plugin instance (dereferenced: typed with the entities of the integrations
// it is wired to), one flat map of callable actions, the `Bot` class and `definition`.

import { annotationsOf } from '../jsonSchema/annotations.js'
import { present } from '../jsonSchema/invariant.js'
import { own } from '../jsonSchema/own.js'
import { isMessageReference } from '../jsonSchema/reference.js'
import type { JsonValue, SchemaNode } from '../jsonSchema/types.js'
import { type BotModel, defsScope, type Model, type PluginInstance, requireDefinition } from '../resolve/model.js'
import { messagePayloadType } from './defs.js'
import { BINDINGS_PARAMETER, pluginMembers } from './lowerPlugin.js'
import { actionsAreGeneric, eventsAreGeneric, memberDefinitions, recurrenceDefinition } from './members.js'
import { indexed, ModuleBuilder, modulePath, ref } from './moduleBuilder.js'
import { pascalCase } from './names.js'
import type { ConstValue, ModuleFile, PropertySignature, TypeExpr } from './plan.js'
import { JsonSchemaLowering } from './schemaToJson.js'
import { docOf, type TypeContext } from './schemaToType.js'
import { definitionDoc, documented, sourceName } from './sources.js'
import { declareStateExpiredHandler, declareStates, stateDefinitions, stateTypeValue } from './states.js'
import { botTagKeys, declareIntegrationClients, pluginTagDeclarations, tagDeclarations, tagMapType } from './tagDeclarations.js'

function prop(name: string, type: TypeExpr, optional = false, doc?: { title?: string; description?: string }): PropertySignature {
  const d = doc && docOf(doc)
  return { name, optional, type, ...(d ? { doc: d } : {}) }
}

/** The entity types a plugin instance is bound to: `{ llm: { modelRef: openai.Entities['model'] } }`. */
function instanceBindings(model: Model, builder: ModuleBuilder, instance: PluginInstance): TypeExpr {
  const plugin = requireDefinition(model, instance.pluginKey, 'plugin')
  const locals: PropertySignature[] = plugin.dependencies.map((dependency) => {
    const entities: PropertySignature[] = Object.keys(plugin.scope)
      .filter((name) => name.startsWith(`${dependency.local}.`))
      .map((name) => {
        const target = own(instance.scope, name) ?? own(plugin.scope, name)
        const owner = target && model.definitions.get(target.owner)
        if (!target || !owner) return prop(name.slice(dependency.local.length + 1), { kind: 'keyword', name: 'unknown' })
        const namespace = builder.importDefinition(owner.kind, owner.name, owner.version)
        return prop(name.slice(dependency.local.length + 1), indexed(ref(`${namespace}.Entities`), target.entity))
      })
    return prop(dependency.local, { kind: 'object', members: entities })
  })
  return { kind: 'object', members: locals }
}

export function lowerBot(model: Model, bot: BotModel, definitionsDir: string): ModuleFile {
  const builder = new ModuleBuilder(modulePath('bot', bot.name, bot.version), [sourceName(bot.file, definitionsDir)])
  const runtime = builder.importRuntime(false)
  // type literals, not interfaces: they then fit `Message<T>`'s default tags, an index
  // signature, so a helper typed `Message<'text'>` takes a handler's message
  const messageTags = botTagKeys(model, bot, 'message')
  builder.add({
    kind: 'typeAlias',
    name: 'MessageTags',
    doc: {
      description:
        messageTags.length > 0
          ? "The message tags this bot reads and writes (its own, '<integrationAlias>:<key>' and '<pluginAlias>#<key>'); every tag is optional."
          : 'This bot declares no message tags.',
    },
    type: tagMapType(messageTags),
  })
  // conversation and user tags: declared only where some definition has them, so that other bots are unchanged
  const conversationTags = botTagKeys(model, bot, 'conversation')
  const userTags = botTagKeys(model, bot, 'user')
  const partyTags = conversationTags.length > 0 || userTags.length > 0
  if (partyTags) {
    for (const [name, keys, what] of [
      ['ConversationTags', conversationTags, 'conversation'],
      ['UserTags', userTags, 'user'],
    ] as const) {
      builder.add({
        kind: 'typeAlias',
        name,
        doc: { description: `The ${what} tags this bot reads and writes (docs/definitions.md#tags); every tag is optional.` },
        type: tagMapType(keys),
      })
    }
  }

  const integrations = bot.integrations.map((instance) => {
    const integration = requireDefinition(model, instance.integrationKey, 'integration')
    return { instance, integration, namespace: builder.importDefinition('integration', integration.name, integration.version) }
  })
  builder.add({
    kind: 'interface',
    name: 'Integrations',
    doc: { description: 'The actions of each integration this bot adds, by alias.' },
    members: integrations.map((i) => prop(i.instance.alias, ref(`${i.namespace}.Actions`))),
  })

  const plugins = bot.plugins.map((instance) => {
    const plugin = requireDefinition(model, instance.pluginKey, 'plugin')
    const namespace = builder.importDefinition('plugin', plugin.name, plugin.version)
    const members = pluginMembers(plugin, plugin.scope)
    const typing = { context: () => ({ entity: () => ({ kind: 'keyword', name: 'unknown' }) as const }), typeParameters: [{ name: BINDINGS_PARAMETER }] }
    const genericActions = plugin.dependencies.length > 0 && actionsAreGeneric(members, typing)
    const genericEvents = plugin.dependencies.length > 0 && eventsAreGeneric(members, typing)
    let actions: TypeExpr = ref(`${namespace}.Actions`)
    let events: TypeExpr = ref(`${namespace}.Events`)
    if (genericActions || genericEvents) {
      const bindings = builder.names.allocate(`${pascalCase(instance.alias)}Entities`)
      builder.add({
        kind: 'typeAlias',
        name: bindings,
        doc: { description: `The entity types plugin instance '${instance.alias}' is wired to.` },
        type: instanceBindings(model, builder, instance),
      })
      if (genericActions) actions = ref(`${namespace}.Actions`, [ref(bindings)])
      if (genericEvents) events = ref(`${namespace}.Events`, [ref(bindings)])
    }
    return { instance, plugin, namespace, actions, events }
  })
  builder.add({
    kind: 'interface',
    name: 'Plugins',
    doc: { description: 'The actions of each plugin instance, by alias, typed with the entities of the integrations it is wired to.' },
    members: plugins.map((p) => prop(p.instance.alias, p.actions)),
  })

  const callable: PropertySignature[] = [
    ...integrations.flatMap((i) => i.integration.actions.map((a) => prop(`${i.instance.alias}:${a.name}`, indexed(ref(`${i.namespace}.Actions`), a.name)))),
    ...plugins.flatMap((p) =>
      Object.keys(p.plugin.spec.actions ?? {}).map((a) => prop(`${p.instance.alias}#${a}`, indexed(indexed(ref('Plugins'), p.instance.alias), a))),
    ),
  ]
  builder.add({
    kind: 'interface',
    name: 'CallableActions',
    doc: { description: "What `callAction` accepts: `'<integrationAlias>:<action>'` and `'<pluginAlias>#<action>'`." },
    members: callable,
  })
  const ownEvents = declareOwnEvents(builder, bot)
  const events = [
    ...integrations.flatMap((i) => i.integration.events.map((e) => prop(`${i.instance.alias}:${e.name}`, indexed(ref(`${i.namespace}.Events`), e.name)))),
    // a plugin instance's own events, typed with the entities of the integrations it is wired to
    ...plugins.flatMap((p) => Object.keys(p.plugin.spec.events ?? {}).map((e) => prop(`${p.instance.alias}#${e}`, indexed(p.events, e)))),
    // the bot's own events, by their names
    ...ownEvents.map((e) => prop(e, indexed(ref('OwnEvents'), e))),
  ]
  builder.add({
    kind: 'interface',
    name: 'BotEvents',
    doc: {
      description:
        "What `bot.on.event` accepts: `'<integrationAlias>:<event>'`, `'<pluginAlias>#<event>'` (a plugin instance's own events) and the names of the bot's own events.",
    },
    members: events,
  })
  const hasStates = Object.keys(bot.spec.states ?? {}).length > 0
  declareStates(builder, bot.spec.states, botTypeContext(builder))
  if (hasStates) {
    const streams = integrations.some((i) => i.integration.channels.length > 0) ? 'CallChannels' : `${runtime}.NoStreams`
    const own = ownEvents.length > 0 ? 'OwnEvents' : `${runtime}.NoEvents`
    const partyArgs = partyTags ? 'ConversationTags, UserTags' : `${runtime}.TagMap, ${runtime}.TagMap`
    declareStateExpiredHandler(
      builder,
      runtime,
      `${runtime}.BotClient<MessageTags, CallableActions, ${streams}, ${partyArgs}, States, ${own}>`,
      `${runtime}.BotContext`,
    )
  }

  builder.add({
    kind: 'interface',
    name: 'Implementations',
    doc: {
      description:
        "What `createRuntime` takes for this bot: each integration and plugin it adds, by NAME, implemented by that definition's generated class (`Integration`, `Plugin`).",
    },
    members: [
      prop('integrations', implementationsByName(integrations.map((i) => ({ name: i.integration.name, type: `${i.namespace}.Integration` })))),
      prop('plugins', implementationsByName(plugins.map((p) => ({ name: p.plugin.name, type: `${p.namespace}.Plugin` })))),
    ],
  })
  // what runtime.integration(alias) gives: declared where the bot adds an integration, so that bots without any are unchanged
  const hasIntegrations = integrations.length > 0
  if (hasIntegrations) declareIntegrationClients(builder, runtime, integrations)
  // channels: declared only where an integration has some, so that bots without them are unchanged
  const streaming = integrations.filter((i) => i.integration.channels.length > 0)
  if (streaming.length > 0) {
    builder.add({
      kind: 'interface',
      name: 'BotChannels',
      doc: { description: "What `bot.on.channel` accepts: `'<integrationAlias>:<channel>'`, each message name -> payload." },
      members: streaming.flatMap((i) =>
        i.integration.channels.map((c) => prop(`${i.instance.alias}:${c.name}`, indexed(ref(`${i.namespace}.Channels`), c.name))),
      ),
    })
    builder.add({
      kind: 'interface',
      name: 'CallChannels',
      doc: { description: "What `streamAction` streams: each `'<integrationAlias>:<action>'` -> the channels of its integration." },
      members: streaming.flatMap((i) => i.integration.actions.map((a) => prop(`${i.instance.alias}:${a.name}`, ref(`${i.namespace}.Channels`)))),
    })
  }

  builder.addDefinition('BotDefinition', `bot '${bot.name}' (with its wiring)`, botDefinition(model, bot))
  builder.add({
    kind: 'class',
    name: 'Bot',
    doc: definitionDoc(bot.spec, `Bot '${bot.name}': \`const bot = new Bot()\`, then \`bot.on.message(...)\` and \`bot.on.event(...)\`.`),
    base: ref(`${runtime}.BotBase`, [
      ref('MessageTags'),
      ref('CallableActions'),
      ref('BotEvents'),
      ref('Implementations'),
      // a type argument is given where it or one after it differs from its default
      ...(streaming.length > 0
        ? [ref('BotChannels'), ref('CallChannels')]
        : partyTags || hasStates || ownEvents.length > 0 || hasIntegrations
          ? [ref(`${runtime}.NoChannels`), ref(`${runtime}.NoStreams`)]
          : []),
      ...(partyTags
        ? [ref('ConversationTags'), ref('UserTags')]
        : hasStates || ownEvents.length > 0 || hasIntegrations
          ? [ref(`${runtime}.TagMap`), ref(`${runtime}.TagMap`)]
          : []),
      ...(hasStates ? [ref('States')] : ownEvents.length > 0 || hasIntegrations ? [ref(`${runtime}.NoStates`)] : []),
      ...(ownEvents.length > 0 ? [ref('OwnEvents')] : hasIntegrations ? [ref(`${runtime}.NoEvents`)] : []),
      ...(hasIntegrations ? [ref('IntegrationClients')] : []),
    ]),
    options: null,
  })
  return builder.build()
}

/**
 * A schema of the bot's own (an event's, a state's) as JSON Schema: a bot has no
 * `definitions` section, so what its `$message`s reference is carried in the schema's own
 * `definitions` (the runtime validates with them: docs/generated-code.md#states).
 */
function selfContained(model: Model, schema: SchemaNode): ConstValue {
  const lowering = new JsonSchemaLowering(model)
  const root = lowering.lower(schema, {})
  const section = lowering.section()
  return Object.keys(section).length === 0 ? root : { ...(root.toJSON() as { [key: string]: ConstValue }), definitions: section }
}

/** A bot has no entities (BW2036): a reference in its schemas is a standard message's payload, or nothing. */
function botTypeContext(builder: ModuleBuilder): TypeContext {
  return { entity: (name) => (isMessageReference(name) ? messagePayloadType(builder, name) : { kind: 'keyword', name: 'unknown' }) }
}

/** Declares `OwnEvents`, the bot's own events (name -> payload), when it has some; gives their names. */
function declareOwnEvents(builder: ModuleBuilder, bot: BotModel): string[] {
  const events = Object.entries(bot.spec.events ?? {})
  if (events.length === 0) return []
  const members = events.map(([name, event]) => {
    const typeName = builder.names.allocate(`${pascalCase(name)}Event`)
    builder.declareSchema(typeName, event.schema, botTypeContext(builder), docOf(event.schema) ?? docOf(event))
    return prop(name, ref(typeName), false, event)
  })
  builder.add({
    kind: 'interface',
    name: 'OwnEvents',
    doc: { description: "The bot's own events by name: the payload each carries (its client emits them; `bot.on.event` handles them)." },
    members,
  })
  return events.map(([name]) => name)
}

/** NAME -> the generated class of each version the bot uses (a union when it adds two versions of one name). */
function implementationsByName(added: { name: string; type: string }[]): TypeExpr {
  const byName = new Map<string, string[]>()
  for (const { name, type } of added) {
    const types = byName.get(name) ?? []
    if (!types.includes(type)) types.push(type)
    byName.set(name, types)
  }
  return {
    kind: 'object',
    members: [...byName].map(([name, types]) =>
      prop(name, types.length === 1 ? ref(present(types[0], 'a list of one has a first item')) : { kind: 'union', members: types.map((t) => ref(t)) }),
    ),
  }
}

function botDefinition(model: Model, bot: BotModel): ConstValue {
  const integrations = Object.fromEntries(
    bot.integrations.map((instance) => {
      const integration = requireDefinition(model, instance.integrationKey, 'integration')
      const spec = own(bot.spec.integrations, instance.alias)
      // `configurationType: null` is the default, written as absent
      const type = spec?.configurationType ?? undefined
      const chosen = type === undefined ? {} : { configurationType: type }
      const enabled = spec?.enabled ?? true
      return [
        instance.alias,
        {
          name: integration.name,
          version: integration.version,
          ...chosen,
          configuration: instance.configuration as JsonValue,
          enabled,
          ...annotationsOf(spec ?? {}),
          user: tagDeclarations(integration.spec.user),
          channels: Object.fromEntries(
            integration.channels.map((c) => [c.name, { conversation: tagDeclarations(c.spec.conversation), message: tagDeclarations(c.spec.message) }]),
          ),
        },
      ]
    }),
  )
  const plugins = Object.fromEntries(
    bot.plugins.map((instance) => {
      const plugin = requireDefinition(model, instance.pluginKey, 'plugin')
      const lowering = new JsonSchemaLowering(model)
      const sections = memberDefinitions(pluginMembers(plugin, instance.scope), lowering)
      const dependencies = Object.fromEntries(
        instance.wiring.map((wire) => {
          const integration = requireDefinition(model, wire.integrationKey, 'integration')
          const implemented = integration.implemented.find((i) => i.alias === wire.integrationInterfaceAlias)
          return [
            wire.local,
            {
              integrationAlias: wire.integrationAlias,
              integrationInterfaceAlias: wire.integrationInterfaceAlias,
              interfaceName: implemented?.interfaceName ?? '',
              interfaceVersion: implemented?.version ?? '',
              actions: implemented?.actionNames ?? {},
              events: implemented?.eventNames ?? {},
              ...annotationsOf(own(own(bot.spec.plugins, instance.alias)?.dependencies, wire.local) ?? {}),
            },
          ]
        }),
      )
      return [
        instance.alias,
        {
          name: plugin.name,
          version: plugin.version,
          configuration: instance.configuration as JsonValue,
          ...annotationsOf(own(bot.spec.plugins, instance.alias) ?? {}),
          dependencies,
          definitions: lowering.section(),
          actions: sections.actions,
          events: sections.events,
          ...pluginTagDeclarations(plugin.spec),
          states: stateDefinitions(plugin.spec.states, lowering, defsScope(plugin.key, plugin.spec.$defs)),
        },
      ]
    }),
  )
  const ownEvents = Object.fromEntries(
    Object.entries(bot.spec.events ?? {}).map(([name, event]) => [
      name,
      {
        ...documented(event),
        ...annotationsOf(event),
        attributes: event.attributes ?? {},
        schema: selfContained(model, event.schema),
        ...recurrenceDefinition(event),
      },
    ]),
  )
  const message = bot.spec.message === undefined ? {} : { message: tagDeclarations(bot.spec.message) }
  return {
    kind: 'bot',
    name: bot.name,
    version: bot.version,
    ...documented(bot.spec),
    ...annotationsOf(bot.spec),
    tags: bot.tags,
    ...message,
    integrations,
    plugins,
    ...(bot.spec.user === undefined ? {} : { user: tagDeclarations(bot.spec.user) }),
    ...(bot.spec.conversation === undefined ? {} : { conversation: tagDeclarations(bot.spec.conversation) }),
    states: Object.fromEntries(
      Object.entries(bot.spec.states ?? {}).map(([name, state]) => [
        name,
        {
          ...documented(state),
          ...annotationsOf(state),
          type: stateTypeValue(name, state.type),
          schema: selfContained(model, state.schema),
          ...(state.expiry === undefined ? {} : { expiry: state.expiry }),
        },
      ]),
    ),
    events: ownEvents,
  }
}
