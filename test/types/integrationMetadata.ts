// An integration's own secrets are typed for its handlers (docs/generated-code.md#secrets):
// `ctx.secrets.NAME` is a string, an optional one `string | undefined`, an undeclared one
// does not compile; an integration that declares none has an empty `ctx.secrets`. A
// standard message with extra fields is typed as the message and the fields added.

import { Integration as Sms } from '../fixtures/valid/integration-metadata/expected/integrations/legacy-sms/v1.0.0.js'
import { type ChannelImageMessage, Integration as WhatsApp } from '../fixtures/valid/integration-metadata/expected/integrations/whatsapp/v1.0.0.js'
import type { ImagePayload } from '../fixtures/valid/integration-metadata/expected/messages.js'
import { type Equal, expectTrue } from './support.js'

new WhatsApp({
  actions: {
    sendTemplate: ({ ctx }) => {
      expectTrue<Equal<typeof ctx.secrets.ACCESS_TOKEN, string>>()
      expectTrue<Equal<typeof ctx.secrets.VERIFY_TOKEN, string | undefined>>()
      // @ts-expect-error [TS2339 "Property 'SIGNING_SECRET' does not exist"] only declared secrets are there
      ctx.secrets.SIGNING_SECRET
      return { sentWith: ctx.secrets.APP_SECRET }
    },
  },
})

new Sms({
  actions: {
    send: ({ ctx }) => {
      // @ts-expect-error [TS2339 "Property 'TOKEN' does not exist on type 'NoSecrets'"] an integration without secrets has none
      ctx.secrets.TOKEN
      return {}
    },
  },
})

const image: ChannelImageMessage = { imageUrl: 'https://example.com/a.png', caption: 'A' }
expectTrue<Equal<Pick<ChannelImageMessage, keyof ImagePayload>, ImagePayload>>()
// @ts-expect-error [TS2353 "'width' does not exist"] a field neither the message nor the channel declares
const wide: ChannelImageMessage = { ...image, width: 3 }
void wide
