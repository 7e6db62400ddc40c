// An integration's module: its entities, configuration, final actions/events/channels
// (own and implemented, under final names, entities substituted), the `Integration`
// class and `definition`.

import { annotationsOf } from '../jsonSchema/annotations.js'
import { own } from '../jsonSchema/own.js'
import type { IntegrationModel, Model } from '../resolve/model.js'
import { defsScope, EMPTY_CONFIGURATION } from '../resolve/model.js'
import type { SchemaHolder } from '../validate/definitionTypes.js'
import { foreignDefsHasDefaults, foreignDefsType } from './defs.js'
import { declareDeliveries } from './deliveries.js'
import { declareEntities } from './entities.js'
import { schemaWithHolderAnnotations } from './holderAnnotations.js'
import { declareSecrets, integrationIdentifier, integrationMetadata } from './integrationMetadata.js'
import { declareMemberTypes, type MemberSets, memberDefinitions } from './members.js'
import { ModuleBuilder, modulePath, ref } from './moduleBuilder.js'
import { pascalCase } from './names.js'
import type { Doc, ModuleFile, PropertySignature } from './plan.js'
import { JsonSchemaLowering } from './schemaToJson.js'
import { docOf, schemaToType, type TypeContext } from './schemaToType.js'
import { definitionDoc, documented, sourceName } from './sources.js'
import { declareStates, stateDefinitions } from './states.js'
import { integrationIsTagged, integrationTagKeys, tagDeclarations, tagMapType } from './tagDeclarations.js'

/**
 * The integration's entities that stand for an interface entity whose type has an index
 * signature (`additionalProperties: true` or a schema): declared as type aliases, so that
 * they are assignable to it in TypeScript as they extend it in the schemas (an interface
 * without an index signature is not assignable to a type with one, even `unknown`'s).
 */
function entitiesForIndexSignatures(model: Model, integration: IntegrationModel): Set<string> {
  const aliased = new Set<string>()
  const anyEntity: TypeContext = { entity: () => ({ kind: 'keyword', name: 'unknown' }) }
  for (const implemented of integration.implemented) {
    const iface = model.definitions.get(implemented.interfaceKey)
    if (iface?.kind !== 'interface') continue
    for (const [interfaceEntity, own] of Object.entries(implemented.entityMap)) {
      const holder = Object.hasOwn(iface.spec.entities, interfaceEntity) ? iface.spec.entities[interfaceEntity] : undefined
      const type = holder && schemaToType(holder.schema, anyEntity)
      if (type && ((type.kind === 'object' && type.index !== undefined) || (type.kind === 'ref' && type.name === 'Record'))) aliased.add(own)
    }
  }
  return aliased
}

/**
 * The alternative configurations (docs/generated-code.md#configurations): a type for each
 * and the `Configurations` map, NAME -> type, which types `ctx.configuration` by
 * `ctx.configurationType`. Nothing is declared for an integration that has none.
 */
function declareAlternatives(builder: ModuleBuilder, integration: IntegrationModel, context: TypeContext): Record<string, SchemaHolder> | undefined {
  const alternatives = integration.spec.configurations
  if (alternatives === undefined || Object.keys(alternatives).length === 0) return undefined
  const members: PropertySignature[] = []
  for (const [name, holder] of Object.entries(alternatives)) {
    const typeName = builder.names.allocate(`${pascalCase(name)}Configuration`)
    const doc = docOf(holder) ?? docOf(holder.schema) ?? { description: `Configuration '${name}', which a bot chooses with \`configurationType: ${name}\`.` }
    builder.declareSchema(typeName, holder.schema, context, doc)
    members.push({ name, optional: false, type: ref(typeName), ...(docOf(holder) ? { doc: docOf(holder) as Doc } : {}) })
  }
  builder.add({
    kind: 'interface',
    name: 'Configurations',
    doc: { description: 'The alternative configurations by name (`configurationType`); `Configuration` is the default.' },
    members,
  })
  return alternatives
}

export function lowerIntegration(model: Model, integration: IntegrationModel, definitionsDir: string): ModuleFile {
  const builder = new ModuleBuilder(modulePath('integration', integration.name, integration.version), [sourceName(integration.file, definitionsDir)])
  const runtime = builder.importRuntime(false)
  const entities = declareEntities(builder, integration.key, integration.spec.entities ?? {}, entitiesForIndexSignatures(model, integration), {
    defs: integration.spec.$defs,
    foreign: (target, view) => foreignDefsType(model, builder, target, view),
    foreignHasDefaults: (target) => foreignDefsHasDefaults(model, target),
  })
  const configuration = integration.spec.configuration?.schema ?? EMPTY_CONFIGURATION
  // the handler's view: the runtime fills defaults in before handlers read it; a
  // configuration references no entities, only named schemas
  const configurationScope = defsScope(integration.key, integration.spec.$defs)
  builder.declareSchema(
    'Configuration',
    configuration,
    { ...entities.context(configurationScope), view: 'filled' },
    docOf(integration.spec.configuration ?? {}) ?? { description: 'The configuration a bot gives this integration.' },
  )
  const alternatives = declareAlternatives(builder, integration, { ...entities.context(configurationScope), view: 'filled' })
  const secrets = declareSecrets(builder, integration)
  const members: MemberSets = {
    actions: integration.actions.map((a) => ({ name: a.name, spec: a.spec, scope: a.scope, ...documented(a) })),
    events: integration.events.map((e) => ({ name: e.name, spec: e.spec, scope: e.scope, ...documented(e) })),
    channels: integration.channels.map((c) => ({ name: c.name, spec: c.spec, scope: c.scope, ...documented(c) })),
  }
  declareMemberTypes(builder, members, { context: entities.context }, { actions: 'Actions', events: 'Events', channels: 'Channels' })
  const hasStates = Object.keys(integration.spec.states ?? {}).length > 0
  declareStates(builder, integration.spec.states, entities.context(configurationScope))
  const lowering = new JsonSchemaLowering(model)
  const entityKeys = Object.fromEntries(
    Object.keys(integration.spec.entities ?? {}).map((entity) => [entity, lowering.include({ owner: integration.key, entity })]),
  )
  lowering.includeDefs(integration.key, integration.spec.$defs)
  const sections = memberDefinitions(members, lowering)
  const interfaces = Object.fromEntries(
    integration.implemented.map((i) => [
      i.alias,
      {
        name: i.interfaceName,
        version: i.version,
        ...annotationsOf(own(integration.spec.interfaces, i.alias) ?? {}),
        entities: i.entityMap,
        actions: i.actionNames,
        events: i.eventNames,
        channels: i.channelNames,
      },
    ]),
  )
  builder.addDefinition('IntegrationDefinition', `integration '${integration.name}' ${integration.version}`, {
    kind: 'integration',
    name: integration.name,
    version: integration.version,
    ...documented(integration.spec),
    ...annotationsOf(integration.spec),
    configuration: lowering.lower(
      integration.spec.configuration ? schemaWithHolderAnnotations(integration.spec.configuration) : configuration,
      configurationScope,
    ),
    ...(alternatives
      ? {
          configurations: Object.fromEntries(
            Object.entries(alternatives).map(([name, holder]) => [
              name,
              { ...documented(holder), ...annotationsOf(holder), schema: lowering.lower(holder.schema, configurationScope) },
            ]),
          ),
        }
      : {}),
    definitions: lowering.section(),
    entities: entityKeys,
    ...sections,
    interfaces,
    ...integrationMetadata(integration),
    user: tagDeclarations(integration.spec.user),
    states: stateDefinitions(integration.spec.states, lowering, configurationScope),
    ...integrationIdentifier(integration),
  })
  // tags: declared only where the integration has some, so that other integrations are unchanged
  const tagKinds = (['user', 'conversation', 'message'] as const).map((kind) => ({ kind, keys: integrationTagKeys(integration, kind) }))
  const tagged = integrationIsTagged(integration)
  // reserved names (names.ts): no entity or channel message takes them
  const tagsName = 'Tags'
  const kindNames = tagKinds.map(({ kind }) => `${pascalCase(kind)}Tags`)
  if (tagged) {
    for (const [i, { kind, keys }] of tagKinds.entries()) {
      builder.add({
        kind: 'typeAlias',
        name: kindNames[i] ?? '',
        doc: { description: `The ${kind} tags of this integration${kind === 'user' ? '' : "'s channels"} (docs/definitions.md#tags); every tag is optional.` },
        type: tagMapType(keys),
      })
    }
    builder.add({
      kind: 'interface',
      name: tagsName,
      doc: { description: 'The tags this integration reads and writes, by kind.' },
      members: tagKinds.map(({ kind }, i) => ({ name: kind, optional: false, type: ref(kindNames[i] ?? '') })),
    })
  }
  const alternativesArg = alternatives ? ref('Configurations') : ref(`${runtime}.NoAlternatives`)
  const secretsArg = secrets ? ref('Secrets') : ref(`${runtime}.NoSecrets`)
  const tagsArg = tagged ? ref(tagsName) : ref(`${runtime}.AnyTags`)
  const statesArg = hasStates ? ref('States') : ref(`${runtime}.NoStates`)
  declareDeliveries(
    builder,
    integration,
    runtime,
    ref(`${runtime}.IntegrationContext`, [ref('Configuration'), alternativesArg, secretsArg]),
    ref(`${runtime}.IntegrationClient`, [ref('Events'), ref('Channels'), tagsArg, statesArg]),
    tagsArg,
  )
  // the optional type arguments in their order (alternatives, channels, secrets, tags, states):
  // one is given where it or one after it differs from its default
  const optional = [
    { given: alternatives, arg: alternativesArg },
    { given: members.channels.length > 0, arg: members.channels.length > 0 ? ref('Channels') : ref(`${runtime}.NoChannels`) },
    { given: secrets, arg: secretsArg },
    { given: tagged, arg: tagsArg },
    { given: hasStates, arg: statesArg },
  ]
  const lastGiven = optional.findLastIndex((o) => o.given)
  const optionalArgs = optional.slice(0, lastGiven + 1).map((o) => o.arg)
  const typeArgs = [ref('Configuration'), ref('Actions'), ref('Events'), ...optionalArgs]
  builder.add({
    kind: 'class',
    name: 'Integration',
    doc: definitionDoc(
      integration.spec,
      `Implements integration '${integration.name}' ${integration.version}: \`new Integration({ actions${integration.spec.identifier === undefined ? '' : ', identify'} })\` with a handler for every action.`,
    ),
    // name and version as literal types: createRuntime's options are checked by the bot with them
    base: ref(`${runtime}.IntegrationBase`, [
      ...typeArgs.slice(0, 3),
      alternativesArg,
      { kind: 'literal', value: integration.name },
      { kind: 'literal', value: integration.version },
      ...optionalArgs.slice(1),
    ]),
    // an integration with an identifier must say how to read it from a request: `identify` is required
    options: ref(`${runtime}.${integration.spec.identifier === undefined ? 'IntegrationOptions' : 'IdentifiedIntegrationOptions'}`, typeArgs),
  })
  return builder.build()
}
