// Types and definition values for actions, events and channels: shared by interface,
// integration and plugin modules, which differ only in how `$entity` names resolve.
import { annotationsOf } from '../jsonSchema/annotations.js'
import type { JsonValue } from '../jsonSchema/types.js'
import type { EntityScope } from '../resolve/model.js'
import type { ActionSpec, ChannelSpec, EventSpec } from '../validate/definitionTypes.js'
import { schemaWithHolderAnnotations } from './holderAnnotations.js'
import { type ModuleBuilder, ref } from './moduleBuilder.js'
import { pascalCase } from './names.js'
import type { ConstValue, Doc, PropertySignature, TypeExpr, TypeParameter } from './plan.js'
import { type JsonSchemaLowering, referencesEntities } from './schemaToJson.js'
import { docOf, hasFilledDefaults, type TypeContext, type TypeView } from './schemaToType.js'
import { definitionDoc, documented } from './sources.js'
import { tagDeclarations } from './tagDeclarations.js'

export interface Member<S> {
  name: string
  spec: S
  scope: EntityScope
  title?: string
  description?: string
}

export interface MemberSets {
  actions: Member<ActionSpec>[]
  events: Member<EventSpec>[]
  channels: Member<ChannelSpec>[]
}

export interface MemberTyping {
  /** the type context for a member's scope */
  context(scope: EntityScope): TypeContext
  /** type parameters for types whose schemas reference entities (plugins), else none */
  typeParameters?: TypeParameter[]
  /** type arguments that pass those parameters on */
  typeArguments?: TypeExpr[]
}

function docFor(member: { title?: string; description?: string }): Doc | undefined {
  return docOf(member)
}

/** Declares a schema's type under a fresh name; returns the type expression that uses it. */
function declare(
  builder: ModuleBuilder,
  wanted: string,
  schema: ActionSpec['input']['schema'],
  scope: EntityScope,
  typing: MemberTyping,
  doc: Doc | undefined,
  view?: TypeView,
): TypeExpr {
  const name = builder.names.allocate(wanted)
  const generic = typing.typeParameters !== undefined && referencesEntities(schema)
  const context = typing.context(scope)
  builder.declareSchema(name, schema, view ? { ...context, view } : context, doc, generic ? typing.typeParameters : undefined)
  return ref(name, generic ? typing.typeArguments : undefined)
}

function member(name: string, type: TypeExpr, doc?: Doc): PropertySignature {
  return { name, optional: false, type, ...(doc ? { doc } : {}) }
}

/**
 * Declares `Actions`, `Events` and `Channels` (each generic where any member type is).
 * `definition`: the definition whose own title and description lead the JSDoc of
 * `Actions` (an interface's, which has no class to carry them).
 */
export function declareMemberTypes(
  builder: ModuleBuilder,
  members: MemberSets,
  typing: MemberTyping,
  exported: { actions: string; events: string; channels: string | null },
  definition: { title?: string; description?: string } = {},
): void {
  const generic = (types: TypeExpr[]): boolean => types.some((t) => t.kind === 'ref' && t.args !== undefined)
  const actionMembers: PropertySignature[] = []
  const actionTypes: TypeExpr[] = []
  for (const action of members.actions) {
    const base = pascalCase(action.name)
    const input = declare(
      builder,
      `${base}Input`,
      action.spec.input.schema,
      action.scope,
      typing,
      docOf(action.spec.input.schema) ?? { description: `Input of action '${action.name}'.` },
      'filled',
    )
    // what a caller gives, where defaults make it differ from what the handler reads
    const callInput = hasFilledDefaults(action.spec.input.schema, typing.context(action.scope))
      ? declare(
          builder,
          `${base}CallInput`,
          action.spec.input.schema,
          action.scope,
          typing,
          { description: `Input of action '${action.name}' as a caller gives it: properties with a default may be left out.` },
          'given',
        )
      : undefined
    const output = declare(
      builder,
      `${base}Output`,
      action.spec.output.schema,
      action.scope,
      typing,
      docOf(action.spec.output.schema) ?? { description: `Output of action '${action.name}'.` },
    )
    actionTypes.push(input, output, ...(callInput ? [callInput] : []))
    const shape = [member('input', input), member('output', output), ...(callInput ? [member('callInput', callInput)] : [])]
    actionMembers.push(member(action.name, { kind: 'object', members: shape }, docFor(action)))
  }
  const eventMembers: PropertySignature[] = []
  const eventTypes: TypeExpr[] = []
  for (const event of members.events) {
    const payload = declare(builder, `${pascalCase(event.name)}Event`, event.spec.schema, event.scope, typing, docOf(event.spec.schema) ?? docFor(event))
    eventTypes.push(payload)
    eventMembers.push(member(event.name, payload, docFor(event)))
  }
  const channelMembers: PropertySignature[] = []
  const channelTypes: TypeExpr[] = []
  for (const channel of members.channels) {
    const messages: PropertySignature[] = []
    for (const [name, message] of Object.entries(channel.spec.messages)) {
      const type = declare(
        builder,
        `${pascalCase(channel.name)}${pascalCase(name)}Message`,
        message.schema,
        channel.scope,
        typing,
        docOf(message) ?? docOf(message.schema),
      )
      channelTypes.push(type)
      messages.push(member(name, type, docOf(message)))
    }
    channelMembers.push(member(channel.name, { kind: 'object', members: messages }, docFor(channel)))
  }
  const declareMap = (name: string, members: PropertySignature[], types: TypeExpr[], doc: Doc): void => {
    const parameters = typing.typeParameters && generic(types) ? typing.typeParameters : undefined
    builder.add({ kind: 'interface', name, doc, members, ...(parameters ? { typeParameters: parameters } : {}) })
  }
  declareMap(exported.actions, actionMembers, actionTypes, definitionDoc(definition, 'Actions by name: the input each takes and the output it returns.'))
  declareMap(exported.events, eventMembers, eventTypes, { description: 'Events by name: the payload each carries.' })
  if (exported.channels)
    declareMap(exported.channels, channelMembers, channelTypes, { description: 'Channels by name: the payload of each of their messages.' })
}

/** Whether `declareMemberTypes` made the `Actions` map generic. */
export function actionsAreGeneric(members: MemberSets, typing: MemberTyping): boolean {
  return typing.typeParameters !== undefined && members.actions.some((a) => referencesEntities(a.spec.input.schema) || referencesEntities(a.spec.output.schema))
}

export function eventsAreGeneric(members: MemberSets, typing: MemberTyping): boolean {
  return typing.typeParameters !== undefined && members.events.some((e) => referencesEntities(e.spec.schema))
}

/** A recurring event's `recurrence` as written (docs/definitions.md#recurring-events), for its `definition` entry. */
export function recurrenceDefinition(event: EventSpec): { recurrence?: ConstValue } {
  const recurrence = event.recurrence
  return recurrence === undefined ? {} : { recurrence: { ...annotationsOf(recurrence), cron: recurrence.cron, payload: recurrence.payload as JsonValue } }
}

/** The `actions`, `events` and `channels` sections of a `definition` constant. */
export function memberDefinitions(members: MemberSets, lowering: JsonSchemaLowering): { actions: ConstValue; events: ConstValue; channels: ConstValue } {
  return {
    actions: Object.fromEntries(
      members.actions.map((a) => [
        a.name,
        {
          ...documented(a),
          ...annotationsOf(a.spec),
          billable: a.spec.billable ?? false,
          cacheable: a.spec.cacheable ?? false,
          attributes: a.spec.attributes ?? {},
          input: lowering.lower(schemaWithHolderAnnotations(a.spec.input), a.scope),
          output: lowering.lower(schemaWithHolderAnnotations(a.spec.output), a.scope),
        },
      ]),
    ),
    events: Object.fromEntries(
      members.events.map((e) => [
        e.name,
        {
          ...documented(e),
          ...annotationsOf(e.spec),
          attributes: e.spec.attributes ?? {},
          schema: lowering.lower(e.spec.schema, e.scope),
          ...recurrenceDefinition(e.spec),
        },
      ]),
    ),
    channels: Object.fromEntries(
      members.channels.map((c) => [
        c.name,
        {
          ...documented(c),
          ...annotationsOf(c.spec),
          messages: Object.fromEntries(
            Object.entries(c.spec.messages).map(([name, m]) => [name, { ...documented(m), ...annotationsOf(m), schema: lowering.lower(m.schema, c.scope) }]),
          ),
          conversation: tagDeclarations(c.spec.conversation),
          message: tagDeclarations(c.spec.message),
        },
      ]),
    ),
  }
}
