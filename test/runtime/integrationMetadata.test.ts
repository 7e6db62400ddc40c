// Issue #34's metadata at run time (test/fixtures/valid/integration-metadata): a standard
// message with extra fields is accepted with them and refused with any other
// (docs/definitions.md#standard-messages-message); an integration's own secrets reach its
// handlers as ctx.secrets, a required one missing is MISSING_SECRET naming it and never a
// value (docs/runtime.md#integration-secrets); a disabled integration runs nothing and
// needs no implementation (docs/runtime.md#disabled-integrations); `configurationType:
// null` is the default configuration (docs/definitions.md#alternative-configurations).
import { createRuntime } from '@botwire/runtime'
import { describe, expect, it } from 'vitest'
import { Bot, definition as botDefinition } from '../fixtures/valid/integration-metadata/expected/bots/phone-bot/v1.0.0.js'
import { definition, Integration as WhatsApp } from '../fixtures/valid/integration-metadata/expected/integrations/whatsapp/v1.0.0.js'
import { rejection } from '../support/rejection.js'

const ENV = { ACCESS_TOKEN: 'token-value-1', APP_SECRET: 'app-secret-value-2' }

function world(env: Record<string, string> = ENV, seen: unknown[] = []) {
  const whatsapp = new WhatsApp({
    actions: {
      sendTemplate: ({ input, ctx }) => {
        seen.push({ phone: input.phone, secrets: ctx.secrets, configurationType: ctx.configurationType })
        return { sentWith: ctx.secrets.ACCESS_TOKEN.length > 0 ? 'token' : 'none' }
      },
    },
  })
  const bot = new Bot()
  bot.on.channel('whatsapp:channel', 'image', ({ message }) => {
    seen.push(message.payload)
  })
  bot.on.channel('whatsapp:channel', 'text', ({ message }) => {
    seen.push(message.payload)
  })
  return createRuntime({ bot, integrations: { whatsapp }, env })
}

describe('a standard message with extra fields (docs/definitions.md#standard-messages-message)', () => {
  it('accepts the message with the fields the channel adds, and hands them to the handler', async () => {
    const seen: unknown[] = []
    const runtime = world(ENV, seen)
    const image = { imageUrl: 'https://example.com/cat.png', caption: 'A cat', mimeType: 'image/png' as const }
    await runtime.sendChannelMessage({ channel: 'whatsapp:channel', type: 'image', payload: image })
    await runtime.sendChannelMessage({ channel: 'whatsapp:channel', type: 'text', payload: { text: 'hi', commentId: 'c1' } })
    await runtime.sendChannelMessage({ channel: 'whatsapp:channel', type: 'text', payload: { text: 'plain' } })
    expect(seen).toEqual([image, { text: 'hi', commentId: 'c1' }, { text: 'plain' }])
  })

  it('refuses a field that neither the standard message nor the channel declares, and an added field that does not fit', async () => {
    const runtime = world()
    const undeclared = await rejection(
      runtime.sendChannelMessage({
        channel: 'whatsapp:channel',
        type: 'image',
        // @ts-expect-error `width` is neither an image payload's field nor one the channel adds
        payload: { imageUrl: 'https://example.com/cat.png', caption: 'A cat', width: 3 },
      }),
    )
    expect(undeclared.code).toBe('INVALID_CHANNEL_MESSAGE')
    expect(undeclared.issues).toEqual(['payload.width: is not allowed'])
    const missing = await rejection(
      runtime.sendChannelMessage({
        channel: 'whatsapp:channel',
        type: 'image',
        // @ts-expect-error caption is required by the channel
        payload: { imageUrl: 'https://example.com/cat.png' },
      }),
    )
    expect(missing.issues).toEqual(['payload.caption: is required'])
    const long = await rejection(
      runtime.sendChannelMessage({ channel: 'whatsapp:channel', type: 'image', payload: { imageUrl: 'https://example.com/c.png', caption: 'x'.repeat(1025) } }),
    )
    expect(long.issues).toEqual(['payload.caption: must have at most 1024 characters'])
  })

  it('reads an extended message through a named schema, and keeps the standard messages inside it closed', async () => {
    const seen: unknown[] = []
    const whatsapp = new WhatsApp({ actions: { sendTemplate: () => ({ sentWith: 'none' }) } })
    const bot = new Bot()
    bot.on.channel('whatsapp:channel', 'carousel', ({ message }) => {
      seen.push(message.payload)
    })
    const runtime = createRuntime({ bot, integrations: { whatsapp }, env: ENV })
    const carousel = { items: [{ title: 'Cat', actions: [] }], label: 'Pets' }
    await runtime.sendChannelMessage({ channel: 'whatsapp:channel', type: 'carousel', payload: carousel })
    expect(seen).toEqual([carousel])
    const error = await rejection(
      runtime.sendChannelMessage({
        channel: 'whatsapp:channel',
        type: 'carousel',
        // @ts-expect-error a card is a standard message, closed: `label` is the carousel's, not the card's
        payload: { items: [{ title: 'Cat', actions: [], label: 'x' }], label: 'Pets' },
      }),
    )
    expect(error.issues).toEqual(['payload.items[0].label: is not allowed'])
  })

  it("keeps the standard message's own rules", async () => {
    const error = await rejection(world().sendChannelMessage({ channel: 'whatsapp:channel', type: 'image', payload: { imageUrl: '', caption: 'A cat' } }))
    expect(error.issues).toEqual(['payload.imageUrl: must have at least 1 character'])
  })
})

describe("an integration's own secrets (docs/runtime.md#integration-secrets)", () => {
  it('gives each declared secret from the environment, an optional one left out as undefined', async () => {
    const seen: unknown[] = []
    const out = await world(ENV, seen).client.callAction({ type: 'whatsapp:sendTemplate', input: { phone: '+1' } })
    expect(out).toEqual({ sentWith: 'token' })
    expect(seen).toEqual([
      { phone: '+1', secrets: { ACCESS_TOKEN: 'token-value-1', APP_SECRET: 'app-secret-value-2', VERIFY_TOKEN: undefined }, configurationType: null },
    ])
    const withOptional: unknown[] = []
    await world({ ...ENV, VERIFY_TOKEN: 'verify-3', UNDECLARED: 'x' }, withOptional).client.callAction({
      type: 'whatsapp:sendTemplate',
      input: { phone: '+1' },
    })
    expect(withOptional).toEqual([{ phone: '+1', secrets: { ...ENV, VERIFY_TOKEN: 'verify-3' }, configurationType: null }])
  })

  it('refuses the call when a required secret is not set, naming it and no value, before the handler runs', async () => {
    const seen: unknown[] = []
    const error = await rejection(world({ ACCESS_TOKEN: 'token-value-1' }, seen).client.callAction({ type: 'whatsapp:sendTemplate', input: { phone: '+1' } }))
    expect(error.code).toBe('MISSING_SECRET')
    expect(error.secret).toBe('APP_SECRET')
    expect(error.message).toBe(
      "integration 'whatsapp' (whatsapp) needs the secret APP_SECRET, which is not set: set the environment variable APP_SECRET (or pass it in createRuntime({ env }))",
    )
    expect(seen).toEqual([])
  })

  it('carries names and descriptions into the definition, never a value', () => {
    expect(definition.secrets).toEqual({
      ACCESS_TOKEN: { title: 'Access token', description: 'The Cloud API token of the app', optional: false },
      APP_SECRET: { description: "Verifies the webhook's requests", optional: false },
      VERIFY_TOKEN: { 'x-hint': 'set it in the Meta dashboard', optional: true },
    })
    expect([definition.icon, definition.readme, definition.attributes]).toEqual([
      'icon.svg',
      'README.md',
      { category: 'messaging', guideCategory: 'messaging' },
    ])
  })
})

describe('a disabled integration (docs/runtime.md#disabled-integrations)', () => {
  it('needs no implementation, and refuses its actions and events with INTEGRATION_DISABLED', async () => {
    expect([botDefinition.integrations.whatsapp?.enabled, botDefinition.integrations.sms?.enabled]).toEqual([true, false])
    const runtime = world()
    expect(() => runtime.verify()).not.toThrow()
    const call = await rejection(runtime.client.callAction({ type: 'sms:send', input: { to: '+1' } }))
    expect(call.code).toBe('INTEGRATION_DISABLED')
    expect(call.message).toBe(
      "action 'sms:send': integration 'sms' (legacy-sms) is disabled in bot 'phone-bot' (enabled: false); enable it in the bot's definition to use it",
    )
    const event = await rejection(runtime.emitEvent({ type: 'sms:anything', payload: {} } as never))
    expect(event.code).toBe('INTEGRATION_DISABLED')
  })
})

describe("a channel's delivery handlers get the integration's own secrets too (docs/runtime.md#integration-secrets)", () => {
  it('as ctx.secrets, read from the environment when the message is delivered', async () => {
    const seen: unknown[] = []
    const whatsapp = new WhatsApp({
      actions: { sendTemplate: () => ({ sentWith: 'token' }) },
      channels: {
        channel: {
          messages: {
            text: ({ payload, ctx }) => {
              seen.push({ text: payload.text, secrets: ctx.secrets })
            },
          },
        },
      },
    })
    const runtime = createRuntime({ bot: new Bot(), integrations: { whatsapp }, env: ENV })
    const { conversation } = await runtime.integration('whatsapp').getOrCreateConversation({ channel: 'channel', tags: { phone: '+15550100' } })
    await runtime.client.createMessage({ conversationId: conversation.id, userId: 'bot', type: 'text', payload: { text: 'hello' }, tags: {} })
    expect(seen).toEqual([{ text: 'hello', secrets: { ACCESS_TOKEN: 'token-value-1', APP_SECRET: 'app-secret-value-2', VERIFY_TOKEN: undefined } }])
  })
})
