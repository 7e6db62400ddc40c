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
import { formatPointer } from '../jsonSchema/pointer.js'
import { locate } from '../load/yamlNodes.js'
import type { IntegrationModel, InterfaceModel } from '../resolve/model.js'
import { defineCheck } from './check.js'

function carries(schema: unknown, type: string): boolean {
  if (typeof schema !== 'object' || schema === null) return false
  const node = schema as { $message?: unknown; allOf?: unknown }
  if (node.$message === type) return true
  return Array.isArray(node.allOf) && node.allOf.some((part) => typeof part === 'object' && part !== null && (part as { $message?: unknown }).$message === type)
}

export const channelMessageTypesCheck = defineCheck({
  name: 'ChannelMessageTypes',
  codes: ['BW4029'],
  kinds: ['interface', 'integration'],
  run(definition: InterfaceModel | IntegrationModel) {
    const out: Diagnostic[] = []
    for (const [channel, spec] of Object.entries(definition.spec.channels ?? {})) {
      for (const [name, message] of Object.entries(spec.messages)) {
        if (!(MESSAGE_TYPES as readonly string[]).includes(name) || carries(message.schema, name)) continue
        const at = formatPointer(['channels', channel, 'messages', name, 'schema'])
        out.push(diagnostic('BW4029', 'standardNameOtherSchema', { channel, type: name }, locate(definition.file, at), { path: at }))
      }
    }
    return out
  },
})
