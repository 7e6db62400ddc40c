// An optional property given as `undefined` is left out: the generated and runtime types
// say `?: T | undefined` (docs/generated-code.md), so the runtime must accept it and store
// and pass on the value without the key, as JSON would.

import { describe, expect, it } from 'vitest'
import { gpt4o, makeWorld, text } from './world.js'

describe('an optional property given as undefined', () => {
  it('is no nextToken and no limit in listMessages: the paging loop of the docs runs to the end', async () => {
    const { runtime } = makeWorld()
    for (let i = 0; i < 7; i++) await runtime.client.createMessage(text('c1', `m${i}`))
    const seen: string[] = []
    let token: string | undefined
    let pages = 0
    do {
      const page = await runtime.client.listMessages({ conversationId: 'c1', limit: 3, nextToken: token })
      for (const m of page.messages) seen.push(m.type === 'text' ? m.payload.text : m.type)
      token = page.meta.nextToken
      pages++
    } while (token !== undefined)
    expect(pages).toBe(3)
    expect(seen).toEqual(['m6', 'm5', 'm4', 'm3', 'm2', 'm1', 'm0'])
    const all = await runtime.client.listMessages({ conversationId: 'c1', limit: undefined })
    expect(all.messages).toHaveLength(7)
  })

  it('is a tag or payload property left out: the stored message has no such key', async () => {
    const { runtime } = makeWorld()
    const { message } = await runtime.client.createMessage({ ...text('c1', 'hi'), tags: { topic: undefined, priority: 'high' } })
    expect(message.tags).toEqual({ priority: 'high' })
    expect(Object.keys(message.tags)).toEqual(['priority'])
    const { message: image } = await runtime.client.createMessage({
      conversationId: 'c1',
      userId: 'u1',
      type: 'image',
      payload: { imageUrl: 'https://x/y.png', title: undefined },
      tags: {},
    })
    expect(Object.keys(image.payload)).toEqual(['imageUrl'])
    expect((await runtime.client.getMessage({ id: image.id })).message.payload).toEqual({ imageUrl: 'https://x/y.png' })
  })

  it('is an optional action input left out: the handler gets no such key', async () => {
    const world = makeWorld()
    let keys: string[] = []
    world.openai.actions.generateText = ({ input }) => {
      keys = Object.keys(input)
      return { message: { role: 'assistant', content: 'ok' }, usage: { inputTokens: 1, outputTokens: 1 } }
    }
    await world.runtime.client.callAction({ type: 'openai:generateText', input: { model: gpt4o, messages: [], temperature: undefined } })
    expect(keys).toEqual(['model', 'messages'])
  })

  it('is still no value where one is required: undefined does not stand for a required property', async () => {
    const { runtime } = makeWorld()
    await expect(
      // @ts-expect-error text is required, and undefined is not a string
      runtime.client.createMessage({ ...text('c1', 'x'), payload: { text: undefined } }),
    ).rejects.toMatchObject({ code: 'INVALID_MESSAGE' })
  })
})
