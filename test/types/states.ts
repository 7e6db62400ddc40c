// Type-level tests of states and the bot's own events (test/fixtures/valid/states-and-recurrence;
// docs/generated-code.md#states): each client's state calls take only its owner's state
// names, with the declared type and the payload in the two views; a plugin's and an
// integration's clients reach their own states only; own events are emitted and handled
// by name with their payloads.

import type * as runtime from '@botwire/runtime'
import * as assistant from '../fixtures/valid/states-and-recurrence/expected/bots/assistant/v1.0.0.js'
import * as chat from '../fixtures/valid/states-and-recurrence/expected/integrations/chat/v1.0.0.js'
import * as reminders from '../fixtures/valid/states-and-recurrence/expected/plugins/reminders/v1.0.0.js'
import { type Equal, expectTrue } from './support.js'

expectTrue<Equal<assistant.States['profile']['value'], assistant.ProfileState>>()
expectTrue<Equal<assistant.ProfileState['visits'], number>>()
expectTrue<Equal<assistant.ProfileStateInput['visits'], number | undefined>>()
expectTrue<Equal<assistant.OwnEvents['dailyReport'], assistant.DailyReportEvent>>()
expectTrue<Equal<reminders.States['pending']['type'], 'conversation'>>()
expectTrue<Equal<chat.States['credentials']['type'], 'integration'>>()

const bot = new assistant.Bot()
bot.on.message('text', async ({ client, message }) => {
  // the read view: defaults filled
  const { state } = await client.getOrSetState({ type: 'user', id: message.userId, name: 'profile', payload: {} })
  expectTrue<Equal<typeof state.payload, assistant.ProfileState>>()
  expectTrue<Equal<typeof state, runtime.StateRecord<assistant.ProfileState>>>()
  await client.patchState({ type: 'user', id: message.userId, name: 'profile', payload: { visits: state.payload.visits + 1 } })
  const read = await client.getState({ type: 'bot', id: 'assistant', name: 'counters' })
  expectTrue<Equal<typeof read.state, runtime.StateRecord<assistant.CountersState> | null>>()
  await client.setState({ type: 'conversation', id: 'c1', name: 'thread', payload: null })
  await client.setStateExpiry({ type: 'conversation', id: 'c1', name: 'thread', expiry: 60_000 })
  // @ts-expect-error [TS2820 "profil"] a state the bot does not declare
  await client.getState({ type: 'user', id: 'u1', name: 'profil' })
  // @ts-expect-error [TS2322 "conversation"] 'profile' is kept per user
  await client.getState({ type: 'conversation', id: 'c1', name: 'profile' })
  // @ts-expect-error [TS2322 "string"] the schema says an integer
  await client.patchState({ type: 'user', id: 'u1', name: 'profile', payload: { visits: 'many' } })
  // @ts-expect-error [TS2741 "messages"] a required property
  await client.setState({ type: 'bot', id: 'assistant', name: 'counters', payload: {} })
  // @ts-expect-error [TS2322 "pending"] the plugin's states are the plugin's
  await client.getState({ type: 'conversation', id: 'c1', name: 'pending' })
  await client.emitEvent({ type: 'escalated', payload: { reason: 'x' } })
  // @ts-expect-error [TS2353 "why"] the payload of an own event is typed
  await client.emitEvent({ type: 'escalated', payload: { why: 'x' } })
})
bot.on.event('dailyReport', ({ event }) => {
  expectTrue<Equal<typeof event.payload, assistant.DailyReportEvent>>()
})
bot.on.stateExpired('profile', ({ state }) => {
  expectTrue<Equal<typeof state.payload, assistant.ProfileState>>()
})
// @ts-expect-error [TS2345 "profil"] expiry handlers name declared states
bot.on.stateExpired('profil', () => undefined)

export const plugin = new reminders.Plugin({
  actions: {
    remind: async ({ client }) => {
      const { state } = await client.patchState({ type: 'conversation', id: 'c1', name: 'pending', payload: { count: 1 } })
      expectTrue<Equal<typeof state.payload.texts, string[]>>()
      // @ts-expect-error [TS2322 "profile"] the bot's states are the bot's
      await client.getState({ type: 'user', id: 'u1', name: 'profile' })
      return { count: state.payload.count }
    },
  },
})

export const integration = new chat.Integration({
  actions: {
    post: async ({ client }) => {
      const { state } = await client.getOrSetState({ type: 'integration', id: 'w', name: 'credentials', payload: { token: 't' } })
      // @ts-expect-error [TS2322 "user"] 'credentials' is kept per integration
      await client.getState({ type: 'user', id: 'w', name: 'credentials' })
      return { id: state.payload.token }
    },
  },
})

// a handler in a file of its own, typed by the generated StateExpiredHandler (docs/generated-code.md#states)
const forgetProfile: assistant.StateExpiredHandler<'profile'> = async ({ state, client }) => {
  expectTrue<Equal<typeof state.payload, assistant.ProfileState>>()
  await client.setState({ type: 'bot', id: 'assistant', name: 'counters', payload: { messages: state.payload.visits } })
}
bot.on.stateExpired('profile', forgetProfile)
const forgetPending: reminders.StateExpiredHandler<'pending'> = ({ state, ctx }) => {
  expectTrue<Equal<typeof state.payload.texts, string[]>>()
  void ctx.configuration
}
plugin.on.stateExpired('pending', forgetPending)
// @ts-expect-error [TS2344 "counter"] a state the bot does not declare
export type NoSuchState = assistant.StateExpiredHandler<'counter'>
