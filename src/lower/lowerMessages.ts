// messages.ts: the standard message types (docs/generated-code.md#message-types), lowered from
// schemas/messages.schema.json so that the types and the runtime's validation share one source.
import { MESSAGE_TYPES, messagesSchema } from '@botwire/runtime'
import type { SchemaNode } from '../jsonSchema/types.js'
import { MESSAGES_MODULE, ModuleBuilder, ref } from './moduleBuilder.js'
import { pascalCase, payloadTypeName } from './names.js'
import type { ModuleFile, TypeExpr } from './plan.js'
import { docOf, type TypeContext } from './schemaToType.js'

const HELPER_DEFINITIONS = ['cardAction', 'choiceOption', 'messageDelivery'] as const

const payloadName = payloadTypeName

export function lowerMessages(): ModuleFile {
  const schema = messagesSchema()
  const builder = new ModuleBuilder(MESSAGES_MODULE, ['botwire/schemas/messages.schema.json'])
  const nameOf = (definition: string): string => ((MESSAGE_TYPES as readonly string[]).includes(definition) ? payloadName(definition) : pascalCase(definition))
  const context: TypeContext = {
    entity: () => ({ kind: 'keyword', name: 'unknown' }),
    definition: (name) => ref(nameOf(name)),
  }
  const definition = (name: string): SchemaNode => {
    const found = schema.definitions[name]
    if (!found) throw new Error(`botwire internal: messages.schema.json has no definition '${name}'`)
    // the file is written in the schema subset definitions use (its types and formats among botwire's), as the checks read it too
    return found as SchemaNode
  }
  for (const type of MESSAGE_TYPES) {
    if (type === 'bloc') continue
    builder.declareSchema(payloadName(type), definition(type), context, docOf(definition(type)))
  }
  for (const helper of HELPER_DEFINITIONS) builder.declareSchema(pascalCase(helper), definition(helper), context, docOf(definition(helper)))
  // a bloc item's payload depends on its type (if/then in the schema): a union here
  const blocItem = definition('blocItem')
  const itemTypes = (blocItem.properties?.type?.enum ?? []).map(String)
  const blocDoc = docOf(blocItem)
  builder.add({
    kind: 'typeAlias',
    name: 'BlocItem',
    ...(blocDoc ? { doc: blocDoc } : {}),
    type: {
      kind: 'union',
      members: itemTypes.map(
        (t): TypeExpr => ({
          kind: 'object',
          members: [
            { name: 'type', optional: false, type: { kind: 'literal', value: t } },
            { name: 'payload', optional: false, type: ref(payloadName(t)) },
          ],
        }),
      ),
    },
  })
  builder.declareSchema(payloadName('bloc'), definition('bloc'), context, docOf(definition('bloc')))
  builder.add({
    kind: 'interface',
    name: 'MessagePayloads',
    doc: { description: 'The payload of each message type.' },
    members: MESSAGE_TYPES.map((t) => ({ name: t, optional: false, type: ref(payloadName(t)) })),
  })
  builder.add({ kind: 'typeAlias', name: 'MessageType', doc: { description: 'Every message type.' }, type: { kind: 'raw', text: 'keyof MessagePayloads' } })
  builder.add({
    kind: 'interface',
    name: 'TypedMessage',
    doc: { description: 'A stored message of one type.' },
    typeParameters: [
      { name: 'T', constraint: ref('MessageType') },
      { name: 'Tags', default: { kind: 'raw', text: '{ [key: string]: string | undefined }' } },
    ],
    members: [
      { name: 'id', optional: false, type: { kind: 'keyword', name: 'string' }, doc: { description: 'The message identifier.' } },
      { name: 'conversationId', optional: false, type: { kind: 'keyword', name: 'string' }, doc: { description: 'The conversation the message belongs to.' } },
      { name: 'userId', optional: false, type: { kind: 'keyword', name: 'string' }, doc: { description: 'The sender.' } },
      { name: 'type', optional: false, type: ref('T'), doc: { description: 'The message type.' } },
      { name: 'payload', optional: false, type: { kind: 'raw', text: 'MessagePayloads[T]' }, doc: { description: 'The payload, shaped by the type.' } },
      { name: 'tags', optional: false, type: ref('Tags'), doc: { description: 'Custom tags.' } },
      { name: 'createdAt', optional: false, type: { kind: 'keyword', name: 'string' }, doc: { description: 'When the message was created (ISO 8601).' } },
      { name: 'updatedAt', optional: false, type: { kind: 'keyword', name: 'string' }, doc: { description: 'When the message was last updated (ISO 8601).' } },
      {
        name: 'integration',
        optional: true,
        type: { kind: 'keyword', name: 'string' },
        doc: { description: "In a conversation of an integration's channel: the alias of that integration." },
      },
      {
        name: 'channel',
        optional: true,
        type: { kind: 'keyword', name: 'string' },
        doc: { description: "In a conversation of an integration's channel: that channel." },
      },
      {
        name: 'delivery',
        optional: true,
        type: ref(pascalCase('messageDelivery')),
        doc: { description: 'A message the bot or a plugin created there: whether the integration delivered it.' },
      },
    ],
  })
  builder.add({
    kind: 'typeAlias',
    name: 'Message',
    doc: { description: 'A message of type T; for a union of types, the union that narrows on `type`.' },
    typeParameters: [
      { name: 'T', constraint: ref('MessageType'), default: ref('MessageType') },
      { name: 'Tags', default: { kind: 'raw', text: '{ [key: string]: string | undefined }' } },
    ],
    type: { kind: 'raw', text: '{ [K in T]: TypedMessage<K, Tags> }[T]' },
  })
  return builder.build()
}
