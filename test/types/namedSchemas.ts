// Type-level tests of named schemas (test/fixtures/valid/named-schemas): each `$defs`
// entry is an exported type, recursive where the schema is; an integration's taken-over
// interface action keeps the interface's types; misuse does not compile; an entry with a
// default has the two views, as entities do (a handler reads it with no fallback, a
// caller may leave it out).

import type * as runtime from '@botwire/runtime'
import type * as messages from '../fixtures/valid/messages.js'
import type { CallableActions } from '../fixtures/valid/named-schemas/expected/bots/support-bot/v1.0.0.js'
import type * as zendesk from '../fixtures/valid/named-schemas/expected/integrations/zendesk/v1.0.0.js'
import * as zendeskModule from '../fixtures/valid/named-schemas/expected/integrations/zendesk/v1.0.0.js'
import type * as ticketing from '../fixtures/valid/named-schemas/expected/interfaces/ticketing/v1.0.0.js'
import type * as notes from '../fixtures/valid/named-schemas/expected/plugins/notes/v1.0.0.js'
import { type Equal, type Extends, expectTrue } from './support.js'

expectTrue<Equal<ticketing.Priority, 'low' | 'normal' | 'high'>>()
expectTrue<Equal<ticketing.Comment['replies'], ticketing.Comment[] | undefined>>()
expectTrue<Equal<ticketing.Actions['addComment']['output'], ticketing.Comment>>()
// the `$defs` entry named like the entity takes the suffix, not the entity
expectTrue<Equal<ticketing.Entities['ticket'], ticketing.Ticket>>()
expectTrue<Equal<ticketing.Ticket['extra'], ticketing.Ticket2 | undefined>>()
// a taken-over interface action keeps the interface's named schema, not the integration's own of the same name
expectTrue<Equal<zendesk.Actions['addComment']['input']['comment'], ticketing.Comment>>()
expectTrue<Equal<zendesk.Actions['listComments']['output']['comments'], zendesk.Comment[]>>()
expectTrue<Equal<zendesk.Configuration, zendesk.Credentials>>()
expectTrue<Equal<notes.Actions['takeNote']['input'], notes.Note>>()

// a `$message` is the payload type of messages.ts, as a bot's message of that type is typed
expectTrue<Equal<ticketing.Actions['preview']['output']['card'], messages.CardPayload>>()
expectTrue<Equal<ticketing.Attachment, messages.ImagePayload>>()
expectTrue<Equal<ticketing.Channels['updates']['bloc'], messages.BlocPayload>>()
expectTrue<Equal<notes.Actions['share']['input'], messages.ChoicePayload>>()
// @ts-expect-error [TS2741 "imageUrl"] an image message needs its URL
export const noUrl: ticketing.Attachment = { title: 'x' }
// @ts-expect-error [TS2353 "text"] a card is not a text message
export const cardAsText: messages.CardPayload = { text: 'hi', title: 't', actions: [] }

// a named schema admits only its values
// @ts-expect-error [TS2322 "urgent"] not one of the priorities
export const urgent: ticketing.Priority = 'urgent'
// @ts-expect-error [TS2741 "body"] a comment needs its body
export const noBody: ticketing.Comment = { author: 'ann' }
// @ts-expect-error [TS2741 "body"] so does each of its replies, at any depth
export const deepReply: ticketing.Comment = { author: 'ann', body: 'hi', replies: [{ author: 'bob', body: 'ok', replies: [{ author: 'cy' }] }] }
// @ts-expect-error [TS2353 "author"] the integration's own comment is another type than the interface's
export const mixedUp: zendesk.Comment = { text: 'x', author: 'ann' }
// @ts-expect-error [TS2353 "author"] and the interface's comment does not stand for it
export const swapped: zendesk.Comment = { author: 'ann', body: 'hi' } satisfies ticketing.Comment

// ---------------------------------------------------------------- defaults: the two views of a named schema

// the handler's view: a defaulted property of a `$defs` entry is present, also reached
// through another entry's items; the caller's view (`<Name>Input`) may leave it out
expectTrue<Equal<ticketing.Filter['limit'], number>>()
expectTrue<Equal<ticketing.FilterInput['limit'], number | undefined>>()
expectTrue<Equal<ticketing.FilterInput['status'], 'open' | 'closed' | undefined>>()
expectTrue<Equal<ticketing.QueryInput['filters'], ticketing.FilterInput[] | undefined>>()
expectTrue<Equal<Extends<ticketing.Filter, ticketing.FilterInput>, true>>()
expectTrue<Equal<Extends<ticketing.FilterInput, ticketing.Filter>, false>>()
// an action whose input is a `$ref`: the handler gets the filled type, a caller gives the other
expectTrue<Equal<ticketing.Actions['search']['input'], ticketing.Query>>()
expectTrue<Equal<ticketing.Actions['search']['callInput'], ticketing.QueryInput>>()
// outputs are the handler's view: whoever produces a filter gives its limit
expectTrue<Equal<ticketing.Actions['search']['output']['applied'], ticketing.Filter>>()
// a taken-over action keeps the interface's types, both views
expectTrue<Equal<zendesk.Actions['search']['callInput'], ticketing.QueryInput>>()
expectTrue<Equal<zendesk.Actions['search']['output']['applied'], ticketing.Filter>>()
// an integration's configuration and a plugin's input that are a `$ref` to its own entry
expectTrue<Equal<zendesk.Configuration['region'], 'us' | 'eu'>>()
expectTrue<Equal<zendesk.CredentialsInput['region'], 'us' | 'eu' | undefined>>()
expectTrue<Equal<notes.Actions['takeNote']['callInput'], notes.NoteInput>>()
expectTrue<Equal<notes.Configuration['defaultNote'], notes.Note | undefined>>()
// an entity that reaches a default through a `$defs` entry has both views too
expectTrue<Equal<zendesk.View['page'], zendesk.Page>>()
expectTrue<Equal<zendesk.ViewInput['page'], zendesk.PageInput>>()
expectTrue<Equal<zendesk.PageInput['size'], number | undefined>>()
// an entry with no default has one type
// @ts-expect-error [TS2724 "CommentInput"] no caller's view is declared where it would not differ
export type NoCommentInput = ticketing.CommentInput

export const searcher = new zendeskModule.Integration({
  actions: {
    listComments: () => ({ comments: [] }),
    addComment: ({ input }) => input.comment,
    preview: () => ({ card: { title: 't', actions: [] } }),
    search: ({ input, ctx }) => {
      // a handler reads a defaulted property with no fallback, through the `$ref`s
      const first = input.filters?.[0]
      if (first) expectTrue<Equal<typeof first.limit, number>>()
      const region: 'us' | 'eu' = ctx.configuration.region
      void region
      return { applied: first ?? { status: 'open', limit: 25 }, tickets: [] }
    },
  },
})

export const wrongOutput = new zendeskModule.Integration({
  actions: {
    listComments: () => ({ comments: [] }),
    addComment: ({ input }) => input.comment,
    preview: () => ({ card: { title: 't', actions: [] } }),
    // @ts-expect-error [TS2741 "limit"] an output gives the defaulted property: it is the handler's view
    search: () => ({ applied: { status: 'open' }, tickets: [] }),
  },
})

declare const client: runtime.BotClient<runtime.MessageTagMap, CallableActions>

export async function callers(): Promise<void> {
  // a caller may leave the defaulted properties out, at the top and through items
  await client.callAction({ type: 'zendesk:search', input: { text: 'late', filters: [{}, { limit: 3 }] } })
  await client.callAction({ type: 'notes#takeNote', input: { text: 'call back' } })
  // @ts-expect-error [TS2322 "string"] a defaulted property given by a caller still has its type
  await client.callAction({ type: 'zendesk:search', input: { text: 'late', filters: [{ limit: 'ten' }] } })
  // @ts-expect-error [TS2741 "text"] a property without a default stays required
  await client.callAction({ type: 'zendesk:search', input: { filters: [] } })
}
