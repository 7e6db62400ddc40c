// A plugin's module, typed against the lowest workspace version of each interface it
// depends on. Types that reference interface entities are generic in `Bound` (the
// entity types per interface local name), so that a bot can instantiate them with the
// entities of the integrations each plugin instance is wired to (docs/definitions.md#bot).
import { annotationsOf } from '../jsonSchema/annotations.js'
import { own } from '../jsonSchema/own.js'
import { isDefsReference, isMessageReference } from '../jsonSchema/reference.js'
import { defsScope, EMPTY_CONFIGURATION, type EntityScope, type Model, type PluginModel, requireDefinition } from '../resolve/model.js'
import { allocateNamedTypes, declareDefs, messagePayloadType } from './defs.js'
import { schemaWithHolderAnnotations } from './holderAnnotations.js'
import { declareMemberTypes, type MemberSets, type MemberTyping, memberDefinitions } from './members.js'
import { indexed, ModuleBuilder, modulePath, ref } from './moduleBuilder.js'
import type { ModuleFile, PropertySignature, TypeExpr } from './plan.js'
import { JsonSchemaLowering } from './schemaToJson.js'
import { docOf, type TypeContext, type TypeView } from './schemaToType.js'
import { definitionDoc, documented, sourceName } from './sources.js'
import { declareStateExpiredHandler, declareStates, stateDefinitions } from './states.js'
import { declarePluginTags, pluginTagDeclarations } from './tagDeclarations.js'

export const BINDINGS_PARAMETER = 'Bound'

/** The plugin's actions and events with a given entity scope (its own, or an instance's). */
export function pluginMembers(plugin: PluginModel, scope: EntityScope): MemberSets {
  return {
    actions: Object.entries(plugin.spec.actions ?? {}).map(([name, spec]) => ({ name, spec, scope, ...documented(spec) })),
    events: Object.entries(plugin.spec.events ?? {}).map(([name, spec]) => ({ name, spec, scope, ...documented(spec) })),
    channels: [],
  }
}

/**
 * Where the plugin's interfaces declare channels: `InterfaceChannels` (what `on.channel`
 * accepts) and `InterfaceCallChannels` (what `streamAction` streams, per call). Nothing, and
 * false, for a plugin whose interfaces have none.
 */
function declareInterfaceChannels(
  builder: ModuleBuilder,
  dependencies: { local: string; iface: { spec: { actions: object; channels?: object | undefined } }; namespace: string }[],
): boolean {
  const withChannels = dependencies.filter((d) => Object.keys(d.iface.spec.channels ?? {}).length > 0)
  if (withChannels.length === 0) return false
  builder.add({
    kind: 'interface',
    name: 'InterfaceChannels',
    doc: { description: "What `on.channel` accepts: `'<local>:<interface channel>'` keys, each message name -> payload." },
    members: withChannels.flatMap((d) =>
      Object.keys(d.iface.spec.channels ?? {}).map((channel) => ({
        name: `${d.local}:${channel}`,
        optional: false,
        type: indexed(ref(`${d.namespace}.Channels`), channel),
      })),
    ),
  })
  builder.add({
    kind: 'interface',
    name: 'InterfaceCallChannels',
    doc: { description: "What `streamAction` streams: each `'<local>:<interface action>'` -> the channels of its interface." },
    members: withChannels.flatMap((d) =>
      Object.keys(d.iface.spec.actions).map((action) => ({ name: `${d.local}:${action}`, optional: false, type: ref(`${d.namespace}.Channels`) })),
    ),
  })
  return true
}

export function lowerPlugin(model: Model, plugin: PluginModel, definitionsDir: string): ModuleFile {
  const builder = new ModuleBuilder(modulePath('plugin', plugin.name, plugin.version), [sourceName(plugin.file, definitionsDir)])
  builder.names.allocate(BINDINGS_PARAMETER)
  const runtime = builder.importRuntime(false)
  const dependencies = plugin.dependencies.flatMap((d) => {
    if (!d.interfaceKey) return []
    const iface = requireDefinition(model, d.interfaceKey, 'interface')
    return [{ local: d.local, range: d.range, iface, namespace: builder.importDefinition('interface', iface.name, iface.version) }]
  })

  // the plugin's own named schemas: the same types whatever its instances are wired to,
  // in both views where defaults make them differ (they reference no entities)
  const defsTypes = allocateNamedTypes(builder.names, plugin.key, {}, plugin.spec.$defs)
  const defsType = (reference: string, view?: TypeView): TypeExpr => {
    if (isMessageReference(reference)) return messagePayloadType(builder, reference)
    const typeName = (view === 'given' ? defsTypes.inputNames.get(reference) : undefined) ?? defsTypes.names.get(reference)
    return typeName === undefined ? { kind: 'keyword', name: 'unknown' } : ref(typeName)
  }
  const defsHaveDefaults = (reference: string): boolean => defsTypes.inputNames.has(reference)
  declareDefs(builder, plugin.spec.$defs, defsTypes, { entity: defsType, entityHasDefaults: defsHaveDefaults })
  const ownReference = (name: string): boolean => isDefsReference(name) || isMessageReference(name)
  let typing: MemberTyping = {
    context: () => ({
      entity: (name, view) => (ownReference(name) ? defsType(name, view) : { kind: 'keyword', name: 'unknown' }),
      entityHasDefaults: defsHaveDefaults,
    }),
  }
  if (dependencies.length > 0) {
    builder.add({
      kind: 'interface',
      name: 'EntityBindings',
      doc: { description: 'The entity types of each interface this plugin depends on, by local name (the lowest version that satisfies its range).' },
      members: dependencies.map((d) => ({ name: d.local, optional: false, type: ref(`${d.namespace}.Entities`) })),
    })
    builder.add({
      kind: 'typeAlias',
      name: 'EntityBindingShape',
      doc: { description: 'What a bot may bind: any entity types under the same names (a wired integration’s entities).' },
      type: { kind: 'raw', text: '{ [L in keyof EntityBindings]: { [K in keyof EntityBindings[L]]: unknown } }' },
    })
    const context = (): TypeContext => ({
      entity: (name: string, view?: TypeView): TypeExpr => {
        if (ownReference(name)) return defsType(name, view)
        const [local = '', entity = ''] = name.split('.')
        return indexed(indexed(ref(BINDINGS_PARAMETER), local), entity)
      },
      // a wired integration's entities are in the handler's view (docs/generated-code.md#defaults-the-two-views)
      entityHasDefaults: defsHaveDefaults,
    })
    typing = {
      context,
      typeParameters: [{ name: BINDINGS_PARAMETER, constraint: ref('EntityBindingShape'), default: ref('EntityBindings') }],
      typeArguments: [ref(BINDINGS_PARAMETER)],
    }
  }
  const configuration = plugin.spec.configuration?.schema ?? EMPTY_CONFIGURATION
  // the handler's view: the runtime fills defaults in before handlers read it
  builder.declareSchema(
    'Configuration',
    configuration,
    { ...typing.context({}), view: 'filled' },
    docOf(plugin.spec.configuration ?? {}) ?? { description: 'The configuration a bot gives this plugin.' },
  )
  const members = pluginMembers(plugin, plugin.scope)
  declareMemberTypes(builder, members, typing, { actions: 'Actions', events: 'Events', channels: null })
  const hasStates = Object.keys(plugin.spec.states ?? {}).length > 0
  declareStates(builder, plugin.spec.states, typing.context({}))

  const interfaceMembers: PropertySignature[] = dependencies.map((d) => ({ name: d.local, optional: false, type: ref(`${d.namespace}.Actions`) }))
  builder.add({
    kind: 'interface',
    name: 'Interfaces',
    doc: { description: 'The actions of each interface this plugin depends on, by local name.' },
    members: interfaceMembers,
  })
  const calls: PropertySignature[] = dependencies.flatMap((d) =>
    Object.keys(d.iface.spec.actions).map((action) => ({
      name: `${d.local}:${action}`,
      optional: false,
      type: indexed(ref(`${d.namespace}.Actions`), action),
    })),
  )
  builder.add({
    kind: 'interface',
    name: 'InterfaceCalls',
    doc: { description: "What `callAction` accepts: `'<local>:<interface action>'` keys." },
    members: calls,
  })
  const events: PropertySignature[] = dependencies.flatMap((d) =>
    Object.keys(d.iface.spec.events ?? {}).map((event) => ({
      name: `${d.local}:${event}`,
      optional: false,
      type: indexed(ref(`${d.namespace}.Events`), event),
    })),
  )
  builder.add({
    kind: 'interface',
    name: 'InterfaceEvents',
    doc: { description: "What `on.event` accepts: `'<local>:<interface event>'` keys." },
    members: events,
  })
  const streams = declareInterfaceChannels(builder, dependencies)
  const tagged = declarePluginTags(builder, plugin.spec)
  if (hasStates) {
    const client = `${runtime}.PluginClient<InterfaceCalls, Events, ${streams ? 'InterfaceCallChannels' : `${runtime}.NoStreams`}, ${tagged ? 'Tags' : `${runtime}.AnyTags`}, States>`
    declareStateExpiredHandler(builder, runtime, client, `${runtime}.PluginContext<Configuration>`)
  }

  const lowering = new JsonSchemaLowering(model)
  lowering.includeDefs(plugin.key, plugin.spec.$defs)
  const sections = memberDefinitions(members, lowering)
  builder.addDefinition('PluginDefinition', `plugin '${plugin.name}' ${plugin.version}`, {
    kind: 'plugin',
    name: plugin.name,
    version: plugin.version,
    ...documented(plugin.spec),
    ...annotationsOf(plugin.spec),
    configuration: lowering.lower(
      plugin.spec.configuration ? schemaWithHolderAnnotations(plugin.spec.configuration) : configuration,
      defsScope(plugin.key, plugin.spec.$defs),
    ),
    interfaces: Object.fromEntries(
      dependencies.map((d) => [
        d.local,
        { name: d.iface.name, version: d.range, resolvedVersion: d.iface.version, ...annotationsOf(own(plugin.spec.interfaces, d.local) ?? {}) },
      ]),
    ),
    definitions: lowering.section(),
    actions: sections.actions,
    events: sections.events,
    ...pluginTagDeclarations(plugin.spec),
    states: stateDefinitions(plugin.spec.states, lowering, defsScope(plugin.key, plugin.spec.$defs)),
  })
  builder.add({
    kind: 'class',
    name: 'Plugin',
    doc: definitionDoc(
      plugin.spec,
      `Implements plugin '${plugin.name}' ${plugin.version}: \`new Plugin({ actions })\`, then \`plugin.on.message(...)\` and \`plugin.on.event(...)\`.`,
    ),
    base: ref(`${runtime}.PluginBase`, [
      ref('Configuration'),
      ref('Actions'),
      ref('InterfaceCalls'),
      ref('InterfaceEvents'),
      ref('Events'),
      // name and version as literal types: createRuntime's options are checked by the bot with them
      { kind: 'literal', value: plugin.name },
      { kind: 'literal', value: plugin.version },
      // a type argument is given where it or one after it differs from its default
      ...(streams
        ? [ref('InterfaceChannels'), ref('InterfaceCallChannels')]
        : tagged || hasStates
          ? [ref(`${runtime}.NoChannels`), ref(`${runtime}.NoStreams`)]
          : []),
      ...(tagged ? [ref('Tags')] : hasStates ? [ref(`${runtime}.AnyTags`)] : []),
      ...(hasStates ? [ref('States')] : []),
    ]),
    options: ref(`${runtime}.PluginOptions`, [
      ref('Configuration'),
      ref('Actions'),
      ref('InterfaceCalls'),
      ref('Events'),
      ...(streams ? [ref('InterfaceCallChannels')] : tagged || hasStates ? [ref(`${runtime}.NoStreams`)] : []),
      ...(tagged ? [ref('Tags')] : hasStates ? [ref(`${runtime}.AnyTags`)] : []),
      ...(hasStates ? [ref('States')] : []),
    ]),
  })
  return builder.build()
}
