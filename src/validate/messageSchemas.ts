// The standard message payloads (schemas/messages.schema.json) as the checks read a
// `$message: TYPE` (docs/definitions.md#standard-messages-message): each type's payload
// schema, exactly as the runtime validates a bot's message of that type, written in
// botwire's subset so that every analysis (extension, emptiness, values, diff) reads it
// like any schema. The file's `$ref`s become `$message` where they name a message type
// and the helper definitions (`cardAction`, `choiceOption`) are written in place; a bloc
// item's `allOf` of `if`/`then` (its payload's type follows its `type`) becomes the
// equivalent `oneOf` of one closed object per item type. The runtime and the generated
// `definition` keep the file's own schemas (src/lower/schemaToJson.ts).
import { MESSAGE_TYPES, type MessagesSchema, messagesSchema } from '@botwire/runtime'
import { isRecord } from '../jsonSchema/own.js'
import type { SchemaNode } from '../jsonSchema/types.js'

export function isMessageType(type: string): boolean {
  return (MESSAGE_TYPES as readonly string[]).includes(type)
}

const DEFINITION_REF = '#/definitions/'

function rewrite(node: unknown, definitions: MessagesSchema['definitions']): unknown {
  if (Array.isArray(node)) return node.map((item) => rewrite(item, definitions))
  if (!isRecord(node)) return node
  const ref = node.$ref
  if (typeof ref === 'string' && ref.startsWith(DEFINITION_REF)) {
    const name = ref.slice(DEFINITION_REF.length)
    const words = Object.fromEntries(Object.entries(node).filter(([key]) => key === 'title' || key === 'description'))
    if (isMessageType(name)) return { $message: name, ...words }
    if (name === 'blocItem') return { ...blocItem(definitions), ...words }
    return { ...(rewrite(definitions[name], definitions) as object), ...words }
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === 'const' || key === 'enum' || key === 'default' || key === 'examples'
        ? value
        : key === 'properties' && isRecord(value)
          ? rewriteMap(value, definitions)
          : rewrite(value, definitions),
    ]),
  )
}

function rewriteMap(map: Record<string, unknown>, definitions: MessagesSchema['definitions']): Record<string, unknown> {
  return Object.fromEntries(Object.entries(map).map(([name, child]) => [name, rewrite(child, definitions)]))
}

/** A bloc item: one closed object per item type, its payload that type's. */
function blocItem(definitions: MessagesSchema['definitions']): SchemaNode {
  const item = definitions.blocItem ?? {}
  const properties = isRecord(item.properties) ? item.properties : {}
  const types = isRecord(properties.type) && Array.isArray(properties.type.enum) ? properties.type.enum.map(String) : []
  const words = Object.fromEntries(Object.entries(item).filter(([key]) => key === 'title' || key === 'description'))
  return {
    ...words,
    oneOf: types.map(
      (type): SchemaNode => ({
        type: 'object',
        additionalProperties: false,
        required: ['type', 'payload'],
        properties: { type: { const: type }, payload: { $message: type } },
      }),
    ),
  }
}

const payloads = new Map<string, SchemaNode>()

/** The payload schema a `$message: TYPE` stands for, in botwire's subset; undefined for a type that is not one. */
export function messagePayloadSchema(type: string): SchemaNode | undefined {
  if (!isMessageType(type)) return undefined
  let schema = payloads.get(type)
  if (!schema) {
    const { definitions } = messagesSchema()
    schema = rewrite(definitions[type], definitions) as SchemaNode
    payloads.set(type, schema)
  }
  return schema
}
