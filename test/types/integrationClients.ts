// `runtime.integration(alias)` is typed per alias by the bot's generated `IntegrationClients`
// (docs/runtime.md#incoming-messages): the integration's own tags, unprefixed; an alias the
// bot does not add, or a tag key the integration does not declare, does not compile.

import { createRuntime, type IncomingIntegrationClient, type NoTags } from '@botwire/runtime'
import * as emailResponder from '../fixtures/valid/reference-bots/expected/bots/email-responder/v1.0.0.js'
import * as issueFiler from '../fixtures/valid/reference-bots/expected/bots/issue-filer/v1.0.0.js'
import * as github from '../fixtures/valid/reference-bots/expected/integrations/github/v1.0.0.js'
import * as gmail from '../fixtures/valid/reference-bots/expected/integrations/gmail/v1.0.0.js'
import { type Equal, expectTrue } from './support.js'

expectTrue<Equal<emailResponder.IntegrationClients['gmail'], IncomingIntegrationClient<gmail.Tags>>>()
// an integration without tags: no key compiles
expectTrue<Equal<issueFiler.IntegrationClients['github'], IncomingIntegrationClient<NoTags>>>()

const runtime = createRuntime({ bot: new emailResponder.Bot(), integrations: { gmail: new gmail.Integration({ actions: {} }) } })
const fromGmail = runtime.integration('gmail')
export async function webhook(): Promise<void> {
  const { conversation } = await fromGmail.getOrCreateConversation({ channel: 'thread', tags: { threadId: 't1', subject: 'Hi' } })
  expectTrue<Equal<typeof conversation.tags, gmail.ConversationTags>>()
  // @ts-expect-error [TS2353 "'gmail:threadId'"] the integration names its own keys unprefixed
  await fromGmail.getOrCreateConversation({ channel: 'thread', tags: { 'gmail:threadId': 't1' } })
  const { user } = await fromGmail.getOrCreateUser({ tags: { email: 'ada@example.com' } })
  // @ts-expect-error [TS2353 "customer"] the bot's own user tag is not the integration's
  await fromGmail.updateUser({ id: user.id, tags: { customer: 'yes' } })
  await fromGmail.createMessage({ conversationId: conversation.id, userId: user.id, type: 'text', payload: { text: 'hi' }, tags: { id: 'm1' } })
  // a webhook's delivery id as the idempotency key; the result says whether it was given before
  const { duplicate } = await fromGmail.createMessage({
    conversationId: conversation.id,
    userId: user.id,
    type: 'text',
    payload: { text: 'hi' },
    tags: { id: 'm1' },
    idempotencyKey: 'delivery-1',
  })
  expectTrue<Equal<typeof duplicate, boolean>>()
  await fromGmail.createMessage({
    conversationId: conversation.id,
    userId: user.id,
    type: 'text',
    payload: { text: 'hi' },
    tags: { id: 'm1' },
    // @ts-expect-error [TS2322 "number" "string"] an idempotency key is a string
    idempotencyKey: 1,
  })
  // @ts-expect-error [TS2353 "subject"] a conversation tag is not a message tag
  await fromGmail.createMessage({ conversationId: conversation.id, userId: user.id, type: 'text', payload: { text: 'hi' }, tags: { subject: 'x' } })
}
// @ts-expect-error [TS2345 "slack" "gmail"] an alias the bot does not add: it adds gmail only
runtime.integration('slack')

const filer = createRuntime({
  bot: new issueFiler.Bot(),
  integrations: { github: new github.Integration({ actions: { openIssue: () => ({ issue: { number: 1, url: 'https://example.com/1', title: 't' } }) } }) },
})
// @ts-expect-error [TS2322 "string"] github declares no user tags
export const noTag = filer.integration('github').getOrCreateUser({ tags: { login: 'octocat' } })
