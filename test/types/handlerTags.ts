// A message handler's `conversation` and `user` carry the tags of the handler's owner
// (docs/runtime.md#conversations-and-users): the bot's `ConversationTags` and `UserTags`
// (its own keys, '<alias>:<key>' and '<alias>#<key>'), a plugin's own keys unprefixed; a
// key the owner does not read does not compile.

import type { ConversationOf, UserOf } from '@botwire/runtime'
import * as slackThreadBot from '../fixtures/valid/reference-bots/expected/bots/slack-thread-bot/v1.0.0.js'
import * as personality from '../fixtures/valid/reference-bots/expected/plugins/personality/v1.0.0.js'
import { type Equal, expectTrue } from './support.js'

const bot = new slackThreadBot.Bot()
bot.on.message('text', ({ conversation, user }) => {
  expectTrue<Equal<typeof conversation.tags, slackThreadBot.ConversationTags | undefined>>()
  expectTrue<Equal<typeof user, UserOf<slackThreadBot.UserTags> | undefined>>()
  const thread: string | undefined = conversation.tags?.['slack:thread']
  const nickname: string | undefined = user?.tags['personality#nickname']
  // @ts-expect-error [TS2339 "thread"] the bot reads an integration's keys prefixed with its alias
  const unprefixed = conversation.tags?.thread
  // @ts-expect-error [TS2339 "nickname"] and a plugin instance's as '<alias>#<key>'
  const pluginKey = user?.tags.nickname
  return [thread, nickname, unprefixed, pluginKey]
})
bot.on.message('*', ({ conversation }) => {
  expectTrue<Equal<typeof conversation.tags, slackThreadBot.ConversationTags | undefined>>()
})

const plugin = new personality.Plugin({ actions: {} })
plugin.on.message('text', ({ conversation, user }) => {
  expectTrue<Equal<typeof user, UserOf<personality.UserTags> | undefined>>()
  expectTrue<Equal<typeof conversation.tags, personality.ConversationTags | undefined>>()
  const nickname: string | undefined = user?.tags.nickname
  // @ts-expect-error [TS2339 "id"] a plugin sees its own keys only, not the integrations'
  const slackId = user?.tags.id
  return [nickname, slackId]
})

// a record as a client call returns it has the same tags a handler sees
expectTrue<Equal<ConversationOf<slackThreadBot.ConversationTags>['tags'], slackThreadBot.ConversationTags>>()
