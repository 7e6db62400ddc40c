// The delivery handlers of an integration's implementation file (docs/runtime.md#delivery)
// that `scaffold --update` adds, as `scaffold` writes them: a message type into its
// channel's `messages`, a channel into `channels`, `channels` at the end of the options.

import { deliveryStubLines, propertyKey } from './handlerStub.js'
import type { ChannelsRead } from './readImplementation.js'
import type { StubPlan } from './stubPlan.js'
import { appended, type Edit } from './textEdits.js'

/** A member's lines with each line of `inner` one level in, each inner member followed by its comma: `key: {`, ..., `}`. */
function objectMember(key: string, inner: readonly (readonly string[])[], unit: string): string[] {
  return [`${key}: {`, ...inner.flatMap((lines) => [...lines.slice(0, -1), `${lines.at(-1)},`]).map((line) => `${unit}${line}`), '}']
}

/** How a delivery handler is named in a report: its place in the options (`channels.thread.messages.text`). */
export function deliveryName(channel: string, type: string): string {
  return `channels.${channel}.messages.${type}`
}

/** The delivery handlers a plan asks for, each by its deliveryName. */
export function plannedDeliveries(plan: StubPlan): string[] {
  return plan.deliveries.flatMap(({ channel, types }) => types.map((type) => deliveryName(channel, type)))
}

/**
 * An integration's delivery handlers the file lacks, added as `scaffold` writes them: a type
 * into its channel's `messages`, a channel into `channels`; `channels` itself, when the file
 * has none, is given back as `toOptions`, for the end of the options. Handlers the definition
 * no longer has are left to tsc (excess properties); a `channels` or `messages` built
 * elsewhere is not edited, and reported as not checked.
 */
export function updateDeliveries(
  text: string,
  plan: StubPlan,
  channels: ChannelsRead,
): { edits: Edit[]; added: string[]; opaque: number[]; toOptions?: (unit: string) => string[][] } {
  const edits: Edit[] = []
  const added: string[] = []
  if (plan.deliveries.length === 0) return { edits, added, opaque: [] }
  if (channels.kind === 'opaque') return { edits, added, opaque: [channels.at] }
  type Stub = (channel: string, type: string, unit: string) => string[]
  const stub: Stub = (channel, type, unit) => deliveryStubLines(plan.name, channel, type, unit)
  const handler: Stub = (channel, type, unit) => {
    added.push(deliveryName(channel, type))
    return stub(channel, type, unit)
  }
  const channelMember = (channel: string, types: readonly string[], unit: string, lines: Stub = handler): string[] =>
    objectMember(
      propertyKey(channel),
      [
        objectMember(
          'messages',
          types.map((type) => lines(channel, type, unit)),
          unit,
        ),
      ],
      unit,
    )
  // `channels` is a member of the options, which the caller appends with the options' other new members (one edit at their end)
  if (channels.kind === 'absent')
    return {
      edits,
      added: plannedDeliveries(plan),
      opaque: [],
      toOptions: (unit) => [
        objectMember(
          'channels',
          plan.deliveries.map((d) => channelMember(d.channel, d.types, unit, stub)),
          unit,
        ),
      ],
    }
  const opaque: number[] = []
  const newChannels: { channel: string; types: string[] }[] = []
  for (const { channel, types } of plan.deliveries) {
    const written = channels.channels.get(channel)
    if (written === undefined) newChannels.push({ channel, types })
    else if (typeof written.messages === 'number') opaque.push(written.messages)
    else if (written.messages === null)
      edits.push(
        ...appended(text, written.object, (unit) => [
          objectMember(
            'messages',
            types.map((type) => handler(channel, type, unit)),
            unit,
          ),
        ]),
      )
    else {
      const have = new Set(written.messages.members.map((m) => m.name))
      const missing = types.filter((type) => !have.has(type))
      if (missing.length > 0) edits.push(...appended(text, written.messages, (unit) => missing.map((type) => handler(channel, type, unit))))
    }
  }
  if (newChannels.length > 0) edits.push(...appended(text, channels.object, (unit) => newChannels.map((d) => channelMember(d.channel, d.types, unit))))
  return { edits, added, opaque }
}
