/**
 * An own member bound to an interface member (an override whose `name` is the own
 * member's) must keep the interface member's contract, after entity mapping
 * (docs/definitions.md#binding-an-interface-member-to-an-own-member): an own action accepts
 * every input of the interface action and its output extends the interface action's; an
 * own event's payload, and each message of an own channel, extends the interface's.
 */

import { type Diagnostic, diagnostic, relatedLocation } from '../diagnostics/diagnostic.js'
import { ExtensionChecker, type ExtensionFailure, Inhabitation, type SchemaLocation, type SideEntities } from '../jsonSchema/extension.js'
import { own } from '../jsonSchema/own.js'
import { formatPointer } from '../jsonSchema/pointer.js'
import { DEFS_PREFIX, describeReference, isDefsReference } from '../jsonSchema/reference.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { locate } from '../load/yamlNodes.js'
import { type IntegrationModel, type InterfaceModel, type MemberBinding, requireDefinition } from '../resolve/model.js'
import type { SourceFile } from '../source/sourceFile.js'
import { walkSchema } from '../validate/schemaSites.js'
import { defineCheck } from './check.js'
import { entityPointer, entityResolver, inhabitationOf, unsoundEntities } from './entityAnalysis.js'

const MEMBER_WORD = { actions: 'action', events: 'event', channels: 'channel' } as const

/**
 * A schema of the interface member, read in the integration: `$entity` names mapped to
 * the integration's; undefined where one is not mapped. Its `$ref`s keep naming the
 * interface's `$defs`: they become `<interface key>#/$defs/NAME`, which no reference of
 * the integration's own is.
 */
function mapEntities(schema: SchemaNode, scope: MemberBinding['scope'], integrationKey: string, interfaceKey: string): SchemaNode | undefined {
  let unmapped = false
  const copy = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(copy)
    if (node === null || typeof node !== 'object') return node
    // Object.fromEntries keeps a `__proto__` key an own property
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => {
        if (key === '$ref' && typeof value === 'string') return [key, `${interfaceKey}${value}`]
        if (key === 'const' || key === 'enum' || key === 'default' || key === 'examples') return [key, value]
        if (key !== '$entity' || typeof value !== 'string') return [key, copy(value)]
        const target = own(scope, value)
        if (target === undefined || target.owner !== integrationKey) unmapped = true
        return [key, target?.entity ?? value]
      }),
    )
  }
  const mapped = copy(schema) as SchemaNode
  return unmapped ? undefined : mapped
}

/** Whether a schema reaches an entity whose problem is reported elsewhere (an unknown reference, a cycle). */
function reachesUnsound(schema: SchemaNode, integration: IntegrationModel): boolean {
  const unsound = unsoundEntities(integration)
  let found = false
  walkSchema(schema, '', (node) => {
    if (typeof node.$entity === 'string' && (unsound.has(node.$entity) || !Object.hasOwn(integration.spec.entities ?? {}, node.$entity))) found = true
  })
  return found
}

/** One schema pair of a binding: what is compared, and where each side is written. */
type PartTemplate = 'inputDoesNotFit' | 'outputDoesNotFit' | 'payloadDoesNotFit' | 'messageDoesNotFit'

interface Part {
  template: PartTemplate
  message?: string
  /** which side is the interface member's, read with the integration's entities */
  interfaceSide: 'subject' | 'target'
  /** the schema whose values must all fit `target`, and where it is written */
  subject: { schema: SchemaNode; file: SourceFile; pointer: string }
  target: { schema: SchemaNode; file: SourceFile; pointer: string }
}

function parts(binding: MemberBinding, integration: IntegrationModel, iface: InterfaceModel): { parts: Part[]; unknownMessages: string[] } {
  const ownAt = (...path: string[]): { file: SourceFile; pointer: string } => ({
    file: integration.file,
    pointer: formatPointer([binding.kind, binding.name, ...path]),
  })
  const interfaceAt = (...path: string[]): { file: SourceFile; pointer: string } => ({
    file: iface.file,
    pointer: formatPointer([binding.kind, binding.interfaceMember, ...path]),
  })
  if (binding.kind === 'actions') {
    const mine = own(integration.spec.actions, binding.name)
    const theirs = own(iface.spec.actions, binding.interfaceMember)
    if (mine === undefined || theirs === undefined) return { parts: [], unknownMessages: [] }
    return {
      parts: [
        // every input a caller of the interface action may pass is one the own action accepts
        {
          template: 'inputDoesNotFit',
          interfaceSide: 'subject',
          subject: { schema: theirs.input.schema, ...interfaceAt('input', 'schema') },
          target: { schema: mine.input.schema, ...ownAt('input', 'schema') },
        },
        {
          template: 'outputDoesNotFit',
          interfaceSide: 'target',
          subject: { schema: mine.output.schema, ...ownAt('output', 'schema') },
          target: { schema: theirs.output.schema, ...interfaceAt('output', 'schema') },
        },
      ],
      unknownMessages: [],
    }
  }
  if (binding.kind === 'events') {
    const mine = own(integration.spec.events, binding.name)
    const theirs = own(iface.spec.events, binding.interfaceMember)
    if (mine === undefined || theirs === undefined) return { parts: [], unknownMessages: [] }
    return {
      parts: [
        {
          template: 'payloadDoesNotFit',
          interfaceSide: 'target',
          subject: { schema: mine.schema, ...ownAt('schema') },
          target: { schema: theirs.schema, ...interfaceAt('schema') },
        },
      ],
      unknownMessages: [],
    }
  }
  const mine = own(integration.spec.channels, binding.name)
  const theirs = own(iface.spec.channels, binding.interfaceMember)
  if (mine === undefined || theirs === undefined) return { parts: [], unknownMessages: [] }
  const found: Part[] = []
  const unknownMessages: string[] = []
  for (const [message, holder] of Object.entries(mine.messages)) {
    const counterpart = own(theirs.messages, message)
    if (counterpart === undefined) {
      unknownMessages.push(message)
      continue
    }
    found.push({
      template: 'messageDoesNotFit',
      interfaceSide: 'target',
      message,
      subject: { schema: holder.schema, ...ownAt('messages', message, 'schema') },
      target: { schema: counterpart.schema, ...interfaceAt('messages', message, 'schema') },
    })
  }
  return { parts: found, unknownMessages }
}

/** The interface's `$defs`, as the interface member's side reads them: keyed `<interface key>#/$defs/NAME`, their own `$ref`s so qualified too. */
function interfaceDefs(iface: InterfaceModel): (name: string) => SchemaNode | undefined {
  const copies = new Map<string, SchemaNode | undefined>()
  return (name) => {
    if (!copies.has(name)) {
      const schema = name.startsWith(`${iface.key}${DEFS_PREFIX}`) ? own(iface.spec.$defs, name.slice(iface.key.length + DEFS_PREFIX.length)) : undefined
      // a `$defs` entry references no entity: mapping leaves only its `$ref`s qualified
      copies.set(name, schema && mapEntities(schema, {}, '', iface.key))
    }
    return copies.get(name)
  }
}

/** Where a failure's location is written: inside the compared schema, inside the interface's `$defs`, or inside an entity of the integration. */
function placeOf(
  location: SchemaLocation,
  root: { file: SourceFile; pointer: string },
  integration: IntegrationModel,
  iface: InterfaceModel,
): { file: SourceFile; pointer: string } {
  if (location.entity === null) return { file: root.file, pointer: `${root.pointer}${location.pointer}` }
  if (location.entity.startsWith(`${iface.key}${DEFS_PREFIX}`)) {
    return { file: iface.file, pointer: `${formatPointer(['$defs', location.entity.slice(iface.key.length + DEFS_PREFIX.length)])}${location.pointer}` }
  }
  return { file: integration.file, pointer: entityPointer(location, location.entity) }
}

export const boundMembersCheck = defineCheck({
  name: 'BoundMembers',
  codes: ['BW4018'],
  kinds: ['integration'],
  run(integration, model) {
    const out: Diagnostic[] = []
    if (integration.bindings.length === 0) return out
    const integrationResolver = entityResolver(integration)
    for (const binding of integration.bindings) {
      const iface = requireDefinition(model, binding.interfaceKey, 'interface')
      const fromInterface = interfaceDefs(iface)
      const resolveEntity = (name: string): SchemaNode | undefined => fromInterface(name) ?? integrationResolver(name)
      const inhabitation = iface.spec.$defs === undefined ? inhabitationOf(integration) : new Inhabitation(resolveEntity)
      const member = MEMBER_WORD[binding.kind]
      const args = { member, name: binding.name, interfaceMember: binding.interfaceMember, interface: iface.name, alias: binding.alias }
      const ownMember = relatedLocation('ownMember', { member, name: binding.name }, locate(integration.file, formatPointer([binding.kind, binding.name])))
      const found = parts(binding, integration, iface)
      if (found.unknownMessages.length > 0) {
        const messages = Object.keys(own(iface.spec.channels, binding.interfaceMember)?.messages ?? {})
        out.push(
          diagnostic(
            'BW4018',
            'unknownMessage',
            { ...args, messages: found.unknownMessages.map((m) => `'${m}'`).join(', '), theirs: messages.map((m) => `'${m}'`).join(', ') || 'none' },
            locate(integration.file, binding.pointer),
            { path: binding.pointer, related: [ownMember] },
          ),
        )
      }
      for (const part of found.parts) {
        const { interfaceSide } = part
        const mapped = mapEntities(part[interfaceSide].schema, binding.scope, integration.key, iface.key)
        if (mapped === undefined) continue // an unmapped entity: the mapping's own diagnostic says so
        const subject = interfaceSide === 'subject' ? mapped : part.subject.schema
        const target = interfaceSide === 'target' ? mapped : part.target.schema
        if (reachesUnsound(subject, integration) || reachesUnsound(target, integration)) continue
        // both sides read with the integration's entities; the member schemas named as whose they are
        const label = (name: string): string => {
          const at = name.indexOf(DEFS_PREFIX)
          if (at > 0) return `${iface.name}'s ${describeReference(name.slice(at))}`
          return isDefsReference(name) ? `${integration.name}'s ${describeReference(name)}` : `${integration.name}.${name}`
        }
        const side = (whose: string): SideEntities => ({ resolveEntity, label: (name) => (name === null ? whose : label(name)) })
        const ownSide = side(`its own ${member} '${binding.name}'`)
        const theirSide = side(`the interface's ${member} '${binding.interfaceMember}'`)
        const [subjectSide, targetSide] = interfaceSide === 'subject' ? [theirSide, ownSide] : [ownSide, theirSide]
        const checker = new ExtensionChecker(subjectSide, targetSide, { subject: inhabitation, target: inhabitation })
        const result = checker.check({ schema: subject, entity: null, ...subjectSide }, { schema: target, entity: null, ...targetSide })
        if (result.extends) continue
        const failure = result.failures[0] as ExtensionFailure
        const where = placeOf(failure.subject, part.subject, integration, iface)
        const compared = placeOf(failure.target, part.target, integration, iface)
        const at = { pointer: failure.subject.pointer || '/', reason: failure.reason }
        out.push(
          diagnostic(
            'BW4018',
            part.template satisfies 'inputDoesNotFit' | 'outputDoesNotFit' | 'payloadDoesNotFit' | 'messageDoesNotFit',
            { ...args, ...at, message: part.message ?? '' },
            locate(integration.file, binding.pointer),
            {
              path: binding.pointer,
              related: [
                ownMember,
                relatedLocation('partNotFitting', {}, locate(where.file, where.pointer)),
                relatedLocation('comparedWith', {}, locate(compared.file, compared.pointer)),
              ],
            },
          ),
        )
      }
    }
    return out
  },
})
