// An integration's `Deliveries`: each channel that carries standard messages (a message named
// after a standard type), each such type -> the type of its delivery handler, so that a
// handler can live in a file of its own (docs/generated-code.md#what-each-module-exports).

import { MESSAGE_TYPES } from '@botwire/runtime'
import type { IntegrationModel } from '../resolve/model.js'
import { indexed, type ModuleBuilder, ref } from './moduleBuilder.js'
import type { TypeExpr } from './plan.js'

/** Declares `Deliveries` when a channel carries standard messages; `context` and `client` are the handler's types. */
export function declareDeliveries(
  builder: ModuleBuilder,
  integration: IntegrationModel,
  runtime: string,
  context: TypeExpr,
  client: TypeExpr,
  tags: TypeExpr,
): void {
  const channels = integration.channels
    .map((c) => ({ name: c.name, types: Object.keys(c.spec.messages).filter((m) => (MESSAGE_TYPES as readonly string[]).includes(m)) }))
    .filter((c) => c.types.length > 0)
  if (channels.length === 0) return
  builder.add({
    kind: 'interface',
    name: 'Deliveries',
    doc: { description: "Each channel's delivery handlers by standard message type: `Deliveries['<channel>']['text']` types one written on its own." },
    members: channels.map((c) => ({
      name: c.name,
      optional: false,
      type: {
        kind: 'object',
        members: c.types.map((type) => ({
          name: type,
          optional: false,
          type: ref(`${runtime}.DeliveryHandler`, [indexed(indexed(ref('Channels'), c.name), type), context, client, tags]),
        })),
      },
    })),
  })
}
