/**
 * The conversation and message tags of an integration's channels are one tag per key for
 * the bot, `'<alias>:<key>'`, whichever channel declares it: two channels that declare one
 * key must mean one thing by it (the same title and description). Keys cannot collide
 * otherwise: a tag key is an identifier, so `:` and `#` keep integration, plugin and bot
 * keys apart (docs/definitions.md#tags).
 */

import { type Diagnostic, diagnostic, relatedLocation } from '../diagnostics/diagnostic.js'
import { formatPointer } from '../jsonSchema/pointer.js'
import { locate } from '../load/yamlNodes.js'
import type { FinalChannel, IntegrationModel } from '../resolve/model.js'
import type { TagSettings } from '../validate/definitionTypes.js'
import { defineCheck } from './check.js'

type TagKind = 'conversation' | 'message'

interface Declared {
  channel: FinalChannel
  title: string | undefined
  description: string | undefined
}

/** Where a channel's tag is written in the integration's file: at the key for its own channels, at the channel's entry for an interface's. */
function tagPointer(channel: FinalChannel, kind: TagKind, key: string): string {
  return channel.origin.from === 'own' ? formatPointer(['channels', channel.name, kind, 'tags', key]) : channel.pointer
}

function difference(first: Declared, second: Declared): string | undefined {
  const parts: string[] = []
  if (first.title !== second.title) parts.push(`title ${describe(second.title)} here, ${describe(first.title)} there`)
  if (first.description !== second.description) parts.push(`description ${describe(second.description)} here, ${describe(first.description)} there`)
  return parts.length > 0 ? parts.join('; ') : undefined
}

function describe(text: string | undefined): string {
  return text === undefined ? 'none' : `'${text}'`
}

function checkKind(integration: IntegrationModel, kind: TagKind, out: Diagnostic[]): void {
  const first = new Map<string, Declared>()
  for (const channel of integration.channels) {
    const settings: TagSettings | undefined = channel.spec[kind]
    for (const [key, tag] of Object.entries(settings?.tags ?? {})) {
      const declared = { channel, title: tag.title, description: tag.description }
      const seen = first.get(key)
      if (!seen) {
        first.set(key, declared)
        continue
      }
      const differs = difference(seen, declared)
      if (differs === undefined) continue
      const at = tagPointer(channel, kind, key)
      out.push(
        diagnostic(
          'BW4028',
          'tagDeclaredDifferently',
          { kind, key, channel: channel.name, otherChannel: seen.channel.name, difference: differs },
          locate(integration.file, at),
          {
            path: at,
            related: [
              relatedLocation(
                'declaresKeyHere',
                { declaring: `channel '${seen.channel.name}'`, key },
                locate(integration.file, tagPointer(seen.channel, kind, key)),
              ),
            ],
          },
        ),
      )
    }
  }
}

export const channelTagsCheck = defineCheck({
  name: 'ChannelTags',
  codes: ['BW4028'],
  kinds: ['integration'],
  run(integration) {
    const out: Diagnostic[] = []
    checkKind(integration, 'conversation', out)
    checkKind(integration, 'message', out)
    return out
  },
})
