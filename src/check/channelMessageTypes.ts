/**
 * A channel message named after a standard message type (`text`, `image`...) is how its
 * channel carries that type in conversations: the runtime validates a `text` message created
 * in one of its conversations against it and hands it to the `text` delivery handler
 * (docs/definitions.md#conversations-on-channels). Its schema should then be that standard
 * type: `$message: text`, alone or as a part of an `allOf` that adds fields. Anything else is
 * most likely a message meant for streaming that took a standard type's name.
 */

import { MESSAGE_TYPES } from '@botwire/runtime'
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import { own } from '../jsonSchema/own.js'
import { formatPointer } from '../jsonSchema/pointer.js'
import { defsName, isDefsReference } from '../jsonSchema/reference.js'
import { locate } from '../load/yamlNodes.js'
import type { IntegrationModel, InterfaceModel } from '../resolve/model.js'
import { defineCheck } from './check.js'

/** Whether `schema` is the standard type `type`, alone or as a part of an `allOf`, read through `$ref`s to `$defs` (each entry once). */
function carries(schema: unknown, type: string, defs: { readonly [name: string]: unknown }): boolean {
  const seen = new Set<unknown>()
  for (let node = schema; typeof node === 'object' && node !== null && !seen.has(node); ) {
    seen.add(node)
    const n = node as { $message?: unknown; allOf?: unknown; $ref?: unknown }
    if (n.$message === type) return true
    if (Array.isArray(n.allOf) && n.allOf.some((part) => typeof part === 'object' && part !== null && (part as { $message?: unknown }).$message === type))
      return true
    const name = typeof n.$ref === 'string' && isDefsReference(n.$ref) ? defsName(n.$ref) : undefined
    node = name === undefined ? undefined : own(defs, name)
  }
  return false
}

export const channelMessageTypesCheck = defineCheck({
  name: 'ChannelMessageTypes',
  codes: ['BW4029'],
  kinds: ['interface', 'integration'],
  run(definition: InterfaceModel | IntegrationModel) {
    const out: Diagnostic[] = []
    for (const [channel, spec] of Object.entries(definition.spec.channels ?? {})) {
      for (const [name, message] of Object.entries(spec.messages)) {
        if (!(MESSAGE_TYPES as readonly string[]).includes(name) || carries(message.schema, name, definition.spec.$defs ?? {})) continue
        const at = formatPointer(['channels', channel, 'messages', name, 'schema'])
        out.push(diagnostic('BW4029', 'standardNameOtherSchema', { channel, type: name }, locate(definition.file, at), { path: at }))
      }
    }
    return out
  },
})
