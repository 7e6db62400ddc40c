// An integration's webhook handler and identify are typed by the generated code
// (docs/deploying.md#webhooks): `client` is the integration's own client, `ctx` its
// configuration and secrets with the bot's id and the alias; a handler returns a Response
// or nothing, anything else does not compile. An integration that declares an identifier
// (docs/definitions.md#identifier) requires `identify`; one that declares none refuses it.

import type { WebResponse } from '@botwire/runtime'
import { Integration as Slack } from '../fixtures/valid/conversations/expected/integrations/slack/v1.0.0.js'
import { Integration as Relay } from '../fixtures/valid/webhook-routing/expected/integrations/relay/v1.0.0.js'
import { type Equal, expectTrue } from './support.js'

// the platform's Response where its types are loaded; here (no DOM, no Node types) what the runtime needs of one
const answer: WebResponse = { status: 200, headers: {} }

new Relay({
  actions: {},
  identify: async ({ req }) => (await req.text()).slice(0, 8) || undefined,
  handler: async ({ req, client, ctx, logger }) => {
    expectTrue<Equal<typeof ctx.configuration.workspace, string>>()
    expectTrue<Equal<typeof ctx.secrets.RELAY_SIGNING_SECRET, string>>()
    expectTrue<Equal<typeof ctx.alias, string>>()
    logger.info('received', { bytes: (await req.text()).length })
    // the integration's own channels and tags
    const { conversation } = await client.getOrCreateConversation({ channel: 'thread', tags: { threadId: 't1' } })
    // @ts-expect-error [TS2353 "'slackChannel' does not exist"] only its own tags
    await client.getOrCreateConversation({ channel: 'thread', tags: { slackChannel: 'c1' } })
    await client.createMessage({ conversationId: conversation.id, userId: 'u1', type: 'text', payload: { text: ctx.botId }, tags: {} })
    return answer
  },
})

// @ts-expect-error [TS2345 "Property 'identify' is missing"] an integration with an identifier says how to read it
new Relay({ actions: {}, handler: () => undefined })

new Slack({
  actions: {},
  // @ts-expect-error [TS2322 "Type 'string' is not assignable"] a handler answers with a Response or nothing
  handler: () => 'ok',
})

new Slack({
  actions: {},
  handler: async () => undefined,
  // @ts-expect-error [TS2353 "'identify' does not exist"] an integration without an identifier has no identify
  identify: () => 'x',
})
