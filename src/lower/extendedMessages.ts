// A standard message with extra fields, lowered for the runtime
// (docs/definitions.md#standard-messages-message): in
// `allOf: [ { $message: image }, { type: object, properties: { caption: ... } } ]` the
// message branch becomes the image payload opened (its `additionalProperties: false`
// lifted), and one more branch closes the whole to the message's own properties and the
// ones the other branches declare. The generated type (`messages.ImagePayload & { caption?
// ... }`) and check (src/validate/messageExtension.ts, BW2039) read the same shape.

import { isRecord } from '../jsonSchema/own.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { addsFieldsToMessage } from '../validate/messageExtension.js'
import { messagePayloadSchema } from '../validate/messageSchemas.js'

/** The property names an inline object branch declares. */
function declaredNames(branch: SchemaNode): string[] {
  return isRecord(branch.properties) ? Object.keys(branch.properties) : []
}

/**
 * The branches of an `allOf` that extends one standard message, as the runtime validates
 * them; undefined when the `allOf` is not one (it is then lowered as written).
 */
export function openExtendedMessage(branches: readonly SchemaNode[]): SchemaNode[] | undefined {
  const at = branches.findIndex((branch) => isRecord(branch) && typeof branch.$message === 'string')
  if (at < 0) return undefined
  const message = branches[at] as SchemaNode
  const others = branches.filter((_, i) => i !== at)
  if (others.length === 0 || !others.every(addsFieldsToMessage)) return undefined
  const payload = messagePayloadSchema(message.$message as string)
  if (payload === undefined) return undefined
  const { additionalProperties: _closed, ...open } = payload
  const words = Object.fromEntries(Object.entries(message).filter(([key]) => key !== '$message'))
  const names = new Set([...declaredNames(payload), ...others.flatMap(declaredNames)])
  const closing: SchemaNode = {
    type: 'object',
    properties: Object.fromEntries([...names].map((name) => [name, {}])),
    additionalProperties: false,
  }
  return [...branches.slice(0, at), { ...open, ...words }, ...branches.slice(at + 1), closing]
}
