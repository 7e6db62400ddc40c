// An integration's view of itself: the interfaces it implements bound to their
// definitions, entity mappings checked, and its final actions, events and channels
// (own members, then each interface's under their overridden names).
import { type Diagnostic, diagnostic, relatedLocation } from '../diagnostics/diagnostic.js'
import { closest, listNames, suggestionText } from '../diagnostics/suggest.js'
import { annotationsOf, hasAnnotations } from '../jsonSchema/annotations.js'
import { own } from '../jsonSchema/own.js'
import { formatPointer } from '../jsonSchema/pointer.js'
import { locate, locateKey } from '../load/yamlNodes.js'
import type { ImplementedInterfaceSpec, IntegrationSpec, MetadataOverride, RawDefinition } from '../validate/definitionTypes.js'
import { checkEntityReferences } from './entityReferences.js'
import {
  defsScope,
  type EntityScope,
  type FinalAction,
  type FinalChannel,
  type FinalEvent,
  type ImplementedInterface,
  type IntegrationModel,
  type InterfaceModel,
  type MemberBinding,
  type MemberOrigin,
} from './model.js'
import { availableVersions, hasName, modelBase, resolveExact, type SymbolTable, type TableEntry, unknownInterfaceHint } from './symbolTable.js'

/** A definition's own entity names and `$defs` entries, bound to itself. */
export function ownScope(key: string, entities: Record<string, unknown> | undefined, defs: Record<string, unknown> | undefined): EntityScope {
  const scope: EntityScope = Object.fromEntries(Object.keys(entities ?? {}).map((name) => [name, { owner: key, entity: name }]))
  return defs === undefined ? scope : { ...scope, ...defsScope(key, defs) }
}

type MemberKind = 'actions' | 'events' | 'channels'
const MEMBER_WORD: Record<MemberKind, string> = { actions: 'action', events: 'event', channels: 'channel' }

interface Claim {
  pointer: string
  label: string
  /** claimed by the integration's own member, which an override's `name` binds to */
  own: boolean
}

export function resolveIntegration(
  entry: TableEntry,
  table: SymbolTable,
  interfaces: ReadonlyMap<string, InterfaceModel>,
): { model: IntegrationModel; diagnostics: Diagnostic[] } {
  const raw = entry.raw as RawDefinition<IntegrationSpec>
  const { file, spec } = raw
  const diagnostics: Diagnostic[] = []
  const scope = ownScope(entry.key, spec.entities, spec.$defs)
  diagnostics.push(...checkEntityReferences(file, spec, scope))
  const ownEntities = Object.keys(spec.entities ?? {})

  const implemented: ImplementedInterface[] = []
  const interfaceModels = new Map<string, InterfaceModel>()
  for (const [alias, impl] of Object.entries(spec.interfaces ?? {})) {
    const base = formatPointer(['interfaces', alias])
    if (!hasName(table, 'interface', impl.name)) {
      const { hint, suggestion } = unknownInterfaceHint(table, impl.name)
      diagnostics.push(diagnostic('BW3004', 'unknownInterface', { name: impl.name, hint }, locate(file, `${base}/name`), { path: `${base}/name`, suggestion }))
      continue
    }
    const resolved = resolveExact(table, 'interface', impl.name, impl.version)
    if (resolved.found === null) {
      // a broken version (or one that may be) is reported in its own file: the mapping cannot be checked against it
      if (resolved.broken) continue
      diagnostics.push(
        diagnostic(
          'BW3005',
          'versionNotPresent',
          { name: impl.name, version: impl.version, available: availableVersions(resolved.available) },
          locate(file, `${base}/version`),
          {
            path: `${base}/version`,
            data: { available: resolved.available },
          },
        ),
      )
      continue
    }
    const iface = interfaces.get(resolved.found.key)
    if (!iface) continue // the interface itself failed to resolve; reported there
    interfaceModels.set(alias, iface)
    const mappingDiagnostics = checkEntityMapping(raw, alias, impl, iface, ownEntities)
    diagnostics.push(...mappingDiagnostics)
    diagnostics.push(...checkOverrides(raw, alias, impl, iface))
    implemented.push({
      alias,
      interfaceKey: iface.key,
      interfaceName: iface.name,
      version: iface.version,
      entityMap: Object.fromEntries(Object.entries(impl.entities).filter(([k, v]) => Object.hasOwn(iface.spec.entities, k) && ownEntities.includes(v))),
      actionNames: finalNames(iface.spec.actions, impl.actions),
      eventNames: finalNames(iface.spec.events, impl.events),
      channelNames: finalNames(iface.spec.channels, impl.channels),
    })
  }

  const members = buildMembers(entry.key, raw, implemented, interfaceModels, scope)
  diagnostics.push(...members.diagnostics)
  return {
    model: {
      kind: 'integration',
      ...modelBase(entry),
      spec,
      scope,
      implemented,
      actions: members.actions,
      events: members.events,
      channels: members.channels,
      bindings: members.bindings,
    },
    diagnostics,
  }
}

function finalNames(members: Record<string, unknown> | undefined, overrides: Record<string, MetadataOverride> | undefined): Record<string, string> {
  return Object.fromEntries(Object.keys(members ?? {}).map((name) => [name, own(overrides, name)?.name ?? name]))
}

function checkEntityMapping(
  raw: RawDefinition<IntegrationSpec>,
  alias: string,
  impl: ImplementedInterfaceSpec,
  iface: InterfaceModel,
  ownEntities: string[],
): Diagnostic[] {
  const { file } = raw
  const out: Diagnostic[] = []
  const base = formatPointer(['interfaces', alias, 'entities'])
  const interfaceEntities = Object.keys(iface.spec.entities)
  // a misspelt key ('modelref') is reported once, as unknown with its suggestion, not also as a missing 'modelRef'
  const suggested = new Set(
    Object.keys(impl.entities)
      .filter((k) => !interfaceEntities.includes(k))
      .map((k) => closest(k, interfaceEntities)),
  )
  const missing = interfaceEntities.filter((name) => !Object.hasOwn(impl.entities, name) && !suggested.has(name))
  if (missing.length > 0) {
    out.push(
      diagnostic(
        'BW3006',
        missing.length === 1 ? 'entityNotMapped' : 'entitiesNotMapped',
        { name: iface.name, version: iface.version, entities: listNames(missing) },
        locateKey(file, base),
        {
          path: base,
          data: { entities: missing },
          related: missing.map((name) => relatedLocation('declared', { name }, locate(iface.file, formatPointer(['entities', name])))),
        },
      ),
    )
  }
  for (const [interfaceEntity, ownEntity] of Object.entries(impl.entities)) {
    const at = `${base}${formatPointer([interfaceEntity])}`
    if (!interfaceEntities.includes(interfaceEntity)) {
      const suggestion = closest(interfaceEntity, interfaceEntities)
      const entities = interfaceEntities.length > 0 ? `its entities are ${listNames(interfaceEntities)}` : 'it has no entities'
      out.push(
        diagnostic(
          'BW3007',
          'noInterfaceEntity',
          { interface: iface.name, entity: interfaceEntity, didYouMean: suggestionText(suggestion), entities },
          locateKey(file, at),
          { path: at, suggestion },
        ),
      )
    }
    if (!ownEntities.includes(ownEntity)) {
      const list = ownEntities.length > 0 ? `its entities are ${listNames(ownEntities)}` : 'it declares no entities'
      const suggestion = closest(ownEntity, ownEntities)
      out.push(
        diagnostic(
          'BW3007',
          'noOwnEntity',
          { integration: raw.spec.name, entity: ownEntity, didYouMean: suggestionText(suggestion), entities: list },
          locate(file, at),
          { path: at, suggestion },
        ),
      )
    }
  }
  return out
}

function checkOverrides(raw: RawDefinition<IntegrationSpec>, alias: string, impl: ImplementedInterfaceSpec, iface: InterfaceModel): Diagnostic[] {
  const out: Diagnostic[] = []
  for (const kind of ['actions', 'events', 'channels'] as const) {
    const declared = Object.keys(iface.spec[kind] ?? {})
    for (const name of Object.keys(impl[kind] ?? {})) {
      if (declared.includes(name)) continue
      const at = formatPointer(['interfaces', alias, kind, name])
      const list = declared.length > 0 ? `its ${kind} are ${listNames(declared)}` : `it has no ${kind}`
      const suggestion = closest(name, declared)
      out.push(
        diagnostic(
          'BW3008',
          'unknownMember',
          { interface: iface.name, member: MEMBER_WORD[kind], name, didYouMean: suggestionText(suggestion), members: list },
          locateKey(raw.file, at),
          { path: at, suggestion },
        ),
      )
    }
  }
  return out
}

function buildMembers(
  key: string,
  raw: RawDefinition<IntegrationSpec>,
  implemented: ImplementedInterface[],
  interfaceModels: Map<string, InterfaceModel>,
  scope: EntityScope,
): { actions: FinalAction[]; events: FinalEvent[]; channels: FinalChannel[]; bindings: MemberBinding[]; diagnostics: Diagnostic[] } {
  const { file, spec } = raw
  const diagnostics: Diagnostic[] = []
  const result = { actions: [] as FinalAction[], events: [] as FinalEvent[], channels: [] as FinalChannel[] }
  const bindings: MemberBinding[] = []
  for (const kind of ['actions', 'events', 'channels'] as const) {
    const claims = new Map<string, Claim>()
    const claim = (name: string, at: Claim): boolean => {
      const first = claims.get(name)
      if (first) {
        diagnostics.push(
          diagnostic(
            'BW4003',
            first.own ? 'collidesWithOwn' : 'nameCollision',
            { member: MEMBER_WORD[kind], name, integration: spec.name, here: at.label, first: first.label, kind },
            locate(file, at.pointer),
            {
              path: at.pointer,
              related: [relatedLocation('alsoUsedFor', { name, first: first.label }, locate(file, first.pointer))],
            },
          ),
        )
        return false
      }
      claims.set(name, at)
      return true
    }
    for (const [name, member] of Object.entries(spec[kind] ?? {})) {
      const pointer = formatPointer([kind, name])
      if (!claim(name, { pointer, label: `its own ${MEMBER_WORD[kind]}`, own: true })) continue
      pushMember(result, kind, { name, member, scope, origin: { from: 'own' }, pointer })
    }
    for (const impl of implemented) {
      const iface = interfaceModels.get(impl.alias)
      if (!iface) continue
      const overrides = own(spec.interfaces, impl.alias)?.[kind]
      const names = kind === 'actions' ? impl.actionNames : kind === 'events' ? impl.eventNames : impl.channelNames
      // entities are remapped to the integration's; a `$ref` keeps naming the interface's `$defs`
      const memberScope: EntityScope = {
        ...Object.fromEntries(Object.entries(impl.entityMap).map(([ifaceEntity, ownEntity]) => [ifaceEntity, { owner: key, entity: ownEntity }])),
        ...defsScope(iface.key, iface.spec.$defs),
      }
      for (const [interfaceMember, member] of Object.entries(iface.spec[kind] ?? {})) {
        const finalName = names[interfaceMember] ?? interfaceMember
        const override = own(overrides, interfaceMember)
        const pointer =
          override?.name !== undefined ? formatPointer(['interfaces', impl.alias, kind, interfaceMember, 'name']) : formatPointer(['interfaces', impl.alias])
        // an override that names an own member binds the two: the own member stands for it
        if (override?.name !== undefined && claims.get(finalName)?.own === true) {
          if ('attributes' in override && override.attributes !== undefined) {
            const at = formatPointer(['interfaces', impl.alias, kind, interfaceMember, 'attributes'])
            diagnostics.push(
              diagnostic('BW4026', 'attributesOfBoundMember', { member: MEMBER_WORD[kind], name: interfaceMember, own: finalName }, locateKey(file, at), {
                path: at,
                related: [relatedLocation('ownMember', { member: MEMBER_WORD[kind], name: finalName }, locateKey(file, formatPointer([kind, finalName])))],
              }),
            )
          }
          bindings.push({ kind, alias: impl.alias, interfaceKey: iface.key, interfaceMember, name: finalName, pointer, scope: memberScope })
          continue
        }
        if (!claim(finalName, { pointer, label: `${MEMBER_WORD[kind]} '${interfaceMember}' of interface '${iface.name}' (alias '${impl.alias}')`, own: false }))
          continue
        const origin: MemberOrigin = { from: 'interface', alias: impl.alias, interfaceKey: iface.key, interfaceMember }
        pushMember(result, kind, { name: finalName, member, scope: memberScope, origin, pointer, override })
      }
    }
  }
  return { ...result, bindings, diagnostics }
}

type FinalMember = FinalAction | FinalEvent | FinalChannel

interface MemberInput {
  name: string
  member: unknown
  scope: EntityScope
  origin: MemberOrigin
  pointer: string
  /** the interface member's override, whose title and description win over the member's */
  override?: MetadataOverride | undefined
}

/**
 * The interface member as the integration declares it: an override's `attributes` replace
 * the member's, and its `x-` annotations are added to the member's (a copy only then).
 */
function overridden(member: unknown, override: MetadataOverride | undefined): unknown {
  if (override === undefined || (override.attributes === undefined && !hasAnnotations(override))) return member
  const copy = { ...(member as object), ...annotationsOf(override) } as { attributes?: unknown }
  if (override.attributes !== undefined) copy.attributes = override.attributes
  return copy
}

/** Built property by property: spreads cost this pass a third of its time in a first run. */
function pushMember(result: { actions: FinalAction[]; events: FinalEvent[]; channels: FinalChannel[] }, kind: MemberKind, input: MemberInput): void {
  const spec = input.member as { title?: string; description?: string }
  const final = {
    name: input.name,
    spec: overridden(input.member, input.override),
    scope: input.scope,
    origin: input.origin,
    pointer: input.pointer,
  } as FinalMember
  const title = input.override?.title ?? spec.title
  const description = input.override?.description ?? spec.description
  if (title !== undefined) final.title = title
  if (description !== undefined) final.description = description
  if (kind === 'actions') result.actions.push(final as FinalAction)
  else if (kind === 'events') result.events.push(final as FinalEvent)
  else result.channels.push(final as FinalChannel)
}
