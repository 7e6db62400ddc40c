// Type-level tests of named schemas (test/fixtures/valid/named-schemas): each `$defs`
// entry is an exported type, recursive where the schema is; an integration's taken-over
// interface action keeps the interface's types; misuse does not compile.

import type * as zendesk from '../fixtures/valid/named-schemas/expected/integrations/zendesk/v1.0.0.js'
import type * as ticketing from '../fixtures/valid/named-schemas/expected/interfaces/ticketing/v1.0.0.js'
import type * as messages from '../fixtures/valid/named-schemas/expected/messages.js'
import type * as notes from '../fixtures/valid/named-schemas/expected/plugins/notes/v1.0.0.js'
import { type Equal, expectTrue } from './support.js'

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
