// The runtime's message types (@botwire/runtime) and generated/messages.ts (from
// schemas/messages.schema.json) must describe the same messages: each assignable to the
// other, type by type, and `Message` narrowing on `type` the same way.
import type * as runtime from '@botwire/runtime'
import type * as generated from '../../generated/messages.js'
import { type Equal, type Extends, expectTrue } from './support.js'

type Mutual<A, B> = Extends<A, B> extends true ? Extends<B, A> : false

expectTrue<Equal<generated.MessageType, runtime.MessageType>>()
expectTrue<Mutual<generated.MessagePayloads, runtime.MessagePayloads>>()
expectTrue<Mutual<generated.TextPayload, runtime.TextPayload>>()
expectTrue<Mutual<generated.ImagePayload, runtime.ImagePayload>>()
expectTrue<Mutual<generated.AudioPayload, runtime.AudioPayload>>()
expectTrue<Mutual<generated.VideoPayload, runtime.VideoPayload>>()
expectTrue<Mutual<generated.FilePayload, runtime.FilePayload>>()
expectTrue<Mutual<generated.LocationPayload, runtime.LocationPayload>>()
expectTrue<Mutual<generated.CardPayload, runtime.CardPayload>>()
expectTrue<Mutual<generated.CarouselPayload, runtime.CarouselPayload>>()
expectTrue<Mutual<generated.ChoicePayload, runtime.ChoicePayload>>()
expectTrue<Mutual<generated.DropdownPayload, runtime.DropdownPayload>>()
expectTrue<Mutual<generated.BlocPayload, runtime.BlocPayload>>()
expectTrue<Mutual<generated.BlocItem, runtime.BlocItem>>()
expectTrue<Mutual<generated.CardAction, runtime.CardAction>>()
expectTrue<Mutual<generated.ChoiceOption, runtime.ChoiceOption>>()
expectTrue<Mutual<generated.Message, runtime.Message>>()
expectTrue<Mutual<generated.Message<'card'>, runtime.Message<'card'>>>()
expectTrue<Mutual<generated.Message<'text' | 'bloc', { topic?: string }>, runtime.Message<'text' | 'bloc', { topic?: string }>>>()
// payload shapes are exact: same keys, same optionality
expectTrue<Equal<keyof generated.LocationPayload, keyof runtime.LocationPayload>>()
expectTrue<Equal<keyof generated.CardPayload, keyof runtime.CardPayload>>()
expectTrue<Equal<generated.CardAction['action'], runtime.CardAction['action']>>()
// a stored message's integration, channel and delivery (docs/generated-code.md#message-types) agree too
expectTrue<Mutual<generated.MessageDelivery, runtime.MessageDelivery>>()
expectTrue<Equal<keyof generated.TypedMessage<'text'>, keyof runtime.TypedMessage<'text', runtime.MessageTagMap>>>()
expectTrue<Equal<generated.TypedMessage<'text'>['delivery'], runtime.TypedMessage<'text', runtime.MessageTagMap>['delivery']>>()

// the assertions above can fail: different shapes are not mutual
expectTrue<Equal<Mutual<generated.TextPayload, runtime.ImagePayload>, false>>()
expectTrue<Equal<Mutual<generated.ChoicePayload, runtime.TextPayload>, false>>()

// Message<T> for a union narrows on `type`
declare const message: generated.Message
if (message.type === 'location') {
  expectTrue<Equal<typeof message.payload, generated.LocationPayload>>()
} else if (message.type === 'bloc') {
  const first = message.payload.items[0]
  if (first?.type === 'image') expectTrue<Equal<typeof first.payload, generated.ImagePayload>>()
}

const blocItem: generated.BlocItem = {
  type: 'text',
  // @ts-expect-error [TS2322 "'imageUrl' does not exist in type 'TextPayload'"] a text bloc item carries a text payload, not an image one
  payload: { imageUrl: 'https://example.com/a.png' },
}
void blocItem
