// The example bot (generated/bots/support-bot/v1.0.0.ts): its client, handlers, tags,
// callable actions (integration final names, dereferenced plugin instances) and events.
import type * as runtime from '@botwire/runtime'
import { Bot, type BotEvents, type CallableActions, type MessageTags, type Plugins } from '../../generated/bots/support-bot/v1.0.0.js'
import type * as anthropic from '../../generated/integrations/anthropic/v1.2.0.js'
import type * as openai from '../../generated/integrations/openai/v2.0.0.js'
import type * as messages from '../../generated/messages.js'
import { type Equal, type Extends, expectTrue } from './support.js'

const bot = new Bot()
type Client = runtime.BotClient<MessageTags, CallableActions>
declare const client: Client
declare const someType: messages.MessageType
declare const anyKey: keyof CallableActions
declare const anyPayload: messages.MessagePayloads[messages.MessageType]
declare const anyInput: runtime.CreateMessageInput<MessageTags>
declare const runtimeOfBot: runtime.Runtime<MessageTags, CallableActions, BotEvents>

const openaiModel: openai.Model = { id: 'gpt-4o', provider: 'openai', contextWindow: 128000 }
const claudeModel: anthropic.ClaudeModel = { id: 'claude-sonnet-4', provider: 'anthropic', maxOutputTokens: 8192 }

export async function createMessages(): Promise<void> {
  const base = { conversationId: 'c1', userId: 'bot' }
  // right uses compile
  await client.createMessage({ ...base, type: 'text', payload: { text: 'hello' }, tags: {} })
  await client.createMessage({ ...base, type: 'text', payload: { text: 'hi' }, tags: { priority: 'high', topic: 'billing' } })
  await client.createMessage({ ...base, type: 'choice', payload: { text: 'Pick', options: [{ label: 'A', value: 'a' }] }, tags: {} })
  await client.createMessage({
    ...base,
    type: 'bloc',
    payload: {
      items: [
        { type: 'text', payload: { text: 'a' } },
        { type: 'image', payload: { imageUrl: 'https://x/y.png' } },
      ],
    },
    tags: {},
  })
  await client.createMessage({ ...base, type: 'dropdown', payload: { text: 'Pick', options: [] }, tags: {} })
  await client.createMessage({
    ...base,
    type: 'text',
    // @ts-expect-error [TS2741 "Property 'text' is missing in type '{}'"] a text payload needs `text`
    payload: {},
    tags: {},
  })
  await client.createMessage({
    ...base,
    type: 'bloc',
    payload: {
      items: [
        // @ts-expect-error [TS2322 "\"card\""] a bloc item is text, image, audio, video, file or location: never a card
        { type: 'card', payload: { title: 'T', actions: [] } },
      ],
    },
    tags: {},
  })
  // @ts-expect-error [TS2741 "'options' is missing"] a choice needs its options
  await client.createMessage({ ...base, type: 'choice', payload: { text: 'Pick one' }, tags: {} })
  await client.createMessage({
    ...base,
    type: 'card',
    // @ts-expect-error [TS2353 "'text' does not exist in type 'CardPayload'"] a card payload is not a text payload
    payload: { text: 'not a card', title: 'T', actions: [] },
    tags: {},
  })
  // @ts-expect-error [TS2353 "'imageUrl' does not exist in type 'TextPayload'"] an image payload under type 'text'
  await client.createMessage({ ...base, type: 'text', payload: { imageUrl: 'https://x/y.png' }, tags: {} })
  // a variable typed MessageType cannot smuggle a mismatched payload
  // @ts-expect-error [TS2345 "parameter of type 'CreateMessageInput<MessageTags, keyof MessagePayloads>'"] a type only known as MessageType may be 'bloc', which a text payload does not fit
  await client.createMessage({ ...base, type: someType, payload: { text: 'smuggled' }, tags: {} })
  // tags: only the declared keys, each a string
  await client.createMessage({
    ...base,
    type: 'text',
    payload: { text: 'x' },
    // @ts-expect-error [TS2353 "mood"] `mood` is not a tag the bot declares
    tags: { mood: 'x' },
  })
  await client.createMessage({
    ...base,
    type: 'text',
    payload: { text: 'x' },
    // @ts-expect-error [TS2322 "number"] tag values are strings
    tags: { priority: 1 },
  })
  // @ts-expect-error [TS2322 "is not assignable to type 'TextPayload'"] a payload only known as one of the payloads fits no single type
  await client.createMessage({ ...base, type: 'text', payload: anyPayload, tags: {} })
  // @ts-expect-error [TS2345 "parameter of type 'CreateMessageInput<MessageTags, keyof MessagePayloads>'"] nor does it fit a type only known as MessageType
  await client.createMessage({ ...base, type: someType, payload: anyPayload, tags: {} })

  // the created message comes back as the type that was passed
  const { message: card } = await client.createMessage({ ...base, type: 'card', payload: { title: 'T', actions: [] }, tags: {} })
  expectTrue<Equal<typeof card.type, 'card'>>()
  expectTrue<Equal<typeof card.payload, messages.CardPayload>>()
  void card.payload.actions
  expectTrue<Equal<typeof card.tags, MessageTags>>()
  expectTrue<Equal<typeof card, runtime.Message<'card', MessageTags>>>()
  // an input typed with the whole union is accepted, and gives the union back (narrowing on type)
  const { message: some } = await client.createMessage(anyInput)
  expectTrue<Equal<typeof some, runtime.Message<messages.MessageType, MessageTags>>>()
  // @ts-expect-error [TS2339 "actions"] a card's payload, not a text's
  void (await client.createMessage({ ...base, type: 'text', payload: { text: 'x' }, tags: {} })).message.payload.actions
  // runtime.receive narrows the same way
  const received = await runtimeOfBot.receive({ ...base, type: 'location', payload: { latitude: 1, longitude: 2 }, tags: {} })
  expectTrue<Equal<typeof received.payload, messages.LocationPayload>>()

  await client.updateMessage({ id: 'm1', tags: { topic: 'refunds' } })
  // @ts-expect-error [TS2353 "mood"] updateMessage takes only declared tags too
  await client.updateMessage({ id: 'm1', tags: { mood: 'x' } })

  const { message } = await client.getMessage({ id: 'm1' })
  expectTrue<Equal<typeof message.tags, MessageTags>>()
  expectTrue<Equal<typeof message.tags.priority, string | undefined>>()
  const page = await client.listMessages({ conversationId: 'c1', limit: 10 })
  expectTrue<Equal<typeof page.meta.nextToken, string | undefined>>()
  // @ts-expect-error [TS2322 "string"] limit is a number
  await client.listMessages({ conversationId: 'c1', limit: '10' })

  // an optional property given as `undefined` is left out, as the runtime treats it
  // (exactOptionalPropertyTypes would reject these if the types said `?: T` alone)
  let token: string | undefined
  do {
    const next = await client.listMessages({ conversationId: 'c1', limit: 3, nextToken: token })
    token = next.meta.nextToken
  } while (token !== undefined)
  await client.createMessage({ ...base, type: 'text', payload: { text: 'hi' }, tags: { topic: undefined } })
  await client.createMessage({ ...base, type: 'image', payload: { imageUrl: 'https://x/y.png', title: undefined }, tags: {} })
  const temperature: number | undefined = undefined
  await client.callAction({ type: 'openai:generateText', input: { model: openaiModel, messages: [], temperature } })
  // @ts-expect-error [TS2322 "null"] undefined is absence, null is a value the schema does not admit
  await client.createMessage({ ...base, type: 'text', payload: { text: 'hi' }, tags: { topic: null } })
}

bot.on.message('text', ({ message, ctx, conversation }) => {
  expectTrue<Equal<typeof message.type, 'text'>>()
  expectTrue<Equal<typeof message.payload, messages.TextPayload>>()
  expectTrue<Equal<typeof ctx.botId, string>>()
  expectTrue<Equal<typeof conversation.id, string>>()
  expectTrue<Equal<typeof message.tags, MessageTags>>()
  // @ts-expect-error [TS2339 "imageUrl"] a text message has no imageUrl
  void message.payload.imageUrl
  // a helper typed with messages.ts's Message<T> (default tags) takes the handler's message
  const quote = (m: messages.Message<'text'>): string => m.payload.text
  void quote(message)
})

bot.on.message('*', ({ message }) => {
  expectTrue<Equal<typeof message.type, messages.MessageType>>()
  // @ts-expect-error [TS2339 "text"] before narrowing, not every payload has text
  void message.payload.text
  if (message.type === 'choice') {
    expectTrue<Equal<typeof message.payload, messages.ChoicePayload>>()
    void message.payload.options
  } else if (message.type === 'location') {
    expectTrue<Equal<typeof message.payload.latitude, number>>()
  }
})

// @ts-expect-error [TS2769 "\"gif\""] there is no 'gif' message type
bot.on.message('gif', () => {})

export async function callActions(): Promise<void> {
  // the integration's final (renamed) action name
  const generated = await client.callAction({ type: 'openai:generateText', input: { model: openaiModel, messages: [{ role: 'user', content: 'hi' }] } })
  expectTrue<Equal<typeof generated, openai.GenerateTextOutput>>()
  expectTrue<Equal<typeof generated.message, openai.ChatMessage>>()
  // @ts-expect-error [TS2820 "'\"openai:generateContent\"' is not assignable"] openai renamed generateContent to generateText
  await client.callAction({ type: 'openai:generateContent', input: { model: openaiModel, messages: [] } })
  // claude did not rename it
  await client.callAction({ type: 'claude:generateContent', input: { model: claudeModel, messages: [{ role: 'user', content: 'hi' }] } })
  await client.callAction({ type: 'openai:moderate', input: { text: 'hello' } })
  await client.callAction({
    type: 'openai:generateText',
    // @ts-expect-error [TS2741 "contextWindow"] openai's model entity requires contextWindow
    input: { model: { id: 'gpt-4o', provider: 'openai' }, messages: [] },
  })
  await client.callAction({
    type: 'openai:moderate',
    // @ts-expect-error [TS2353 "model"] a key cannot travel with another key's input
    input: { model: openaiModel, messages: [] },
  })
  // a key only known as a union cannot carry one member's input
  // @ts-expect-error [TS2345 "is not assignable to parameter of type 'ActionCall<CallableActions, keyof CallableActions>'"] the input must fit whichever key it is
  await client.callAction({ type: anyKey, input: { text: 'hello' } })
  await client.callAction({ type: 'openai:listLanguageModels', input: {} })
  await client.callAction({
    type: 'openai:listLanguageModels',
    // @ts-expect-error [TS2322 "never"] listLanguageModels takes no input (a closed empty object)
    input: { verbose: true },
  })

  // plugin instances, dereferenced with the entities of the integration each is wired to
  const summary = await client.callAction({ type: 'assistantOpenai#summarize', input: { conversationId: 'c1', model: openaiModel } })
  expectTrue<Equal<typeof summary.model, openai.Model>>()
  await client.callAction({ type: 'assistantClaude#summarize', input: { conversationId: 'c1', model: claudeModel } })
  await client.callAction({
    type: 'assistantOpenai#summarize',
    // @ts-expect-error [TS2741 "contextWindow"] assistantOpenai is wired to openai: its model needs contextWindow
    input: { conversationId: 'c1', model: { id: 'gpt-4o', provider: 'openai' } },
  })
  await client.callAction({
    type: 'assistantClaude#summarize',
    // @ts-expect-error [TS2741 "maxOutputTokens"] assistantClaude is wired to anthropic: its model needs maxOutputTokens
    input: { conversationId: 'c1', model: { id: 'claude-sonnet-4', provider: 'anthropic' } },
  })
  await client.callAction({
    type: 'assistantClaude#summarize',
    // @ts-expect-error [TS2741 "'maxOutputTokens' is missing in type 'Model'"] an openai model is the wrong dereferenced entity for assistantClaude
    input: { conversationId: 'c1', model: openaiModel },
  })
  await client.callAction({
    type: 'assistantOpenai#summarize',
    // @ts-expect-error [TS2741 "'contextWindow' is missing in type 'ClaudeModel'"] a claude model is the wrong dereferenced entity for assistantOpenai
    input: { conversationId: 'c1', model: claudeModel },
  })
  // @ts-expect-error [TS2820 "'\"assistantOpenai:summarize\"' is not assignable"] plugin actions are called with '#', not ':'
  await client.callAction({ type: 'assistantOpenai:summarize', input: { conversationId: 'c1', model: openaiModel } })
  const ticket = await client.callAction({ type: 'assistantClaude#escalate', input: { conversationId: 'c1', requester: { email: 'a@b.c', userId: 7 } } })
  expectTrue<Equal<typeof ticket.ticket.priority, 'low' | 'normal' | 'high' | 'urgent'>>()
}

// the flat map of callable keys, and the dereferenced plugin types
expectTrue<
  Equal<
    keyof CallableActions,
    | 'openai:moderate'
    | 'openai:generateText'
    | 'openai:listLanguageModels'
    | 'claude:generateContent'
    | 'claude:listLanguageModels'
    | 'zendesk:openTicket'
    | 'zendesk:getTicket'
    | 'assistantOpenai#summarize'
    | 'assistantOpenai#escalate'
    | 'assistantClaude#summarize'
    | 'assistantClaude#escalate'
  >
>()
expectTrue<Equal<Plugins['assistantOpenai']['summarize']['input']['model'], openai.Model>>()
expectTrue<Equal<Plugins['assistantClaude']['summarize']['input']['model'], anthropic.ClaudeModel>>()
expectTrue<Equal<Extends<Plugins['assistantClaude']['summarize']['input'], Plugins['assistantOpenai']['summarize']['input']>, false>>()
expectTrue<Equal<MessageTags, { priority?: string | undefined; topic?: string | undefined }>>()

bot.on.event('openai:textGenerated', ({ event }) => {
  expectTrue<Equal<typeof event.type, 'openai:textGenerated'>>()
  expectTrue<Equal<typeof event.payload, openai.TextGeneratedEvent>>()
  expectTrue<Equal<typeof event.payload.model.contextWindow, number>>()
})
bot.on.event('claude:generationComplete', ({ event }) => {
  expectTrue<Equal<typeof event.payload.model, anthropic.ClaudeModel>>()
})
bot.on.event('zendesk:ticketChanged', ({ event }) => {
  void event.payload.ticket.id
})
// @ts-expect-error [TS2345 "openai:generationComplete"] openai renamed generationComplete to textGenerated
bot.on.event('openai:generationComplete', () => {})
// @ts-expect-error [TS2345 "zendesk:ticketUpdated"] zendesk renamed ticketUpdated to ticketChanged
bot.on.event('zendesk:ticketUpdated', () => {})

// handlers may return anything: the runtime awaits what they return and ignores its value
// (an expression-bodied arrow, an async arrow that returns the client's promise)
bot.on.event('openai:textGenerated', ({ event }) => event.payload.tokenCount)
bot.on.event('zendesk:ticketChanged', async ({ event, client }) => client.callAction({ type: 'zendesk:getTicket', input: { id: event.payload.ticket.id } }))
bot.on.message('text', async ({ client, ctx, conversation }) =>
  client.createMessage({ conversationId: conversation.id, userId: ctx.botId, type: 'text', payload: { text: 'pong' }, tags: {} }),
)
bot.on.message('*', ({ client }) => client.callAction({ type: 'openai:moderate', input: { text: 'x' } }))
bot.on.message('image', ({ message }) => message.payload.imageUrl)
