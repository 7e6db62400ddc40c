// createMessage, getMessage, updateMessage, deleteMessage through runtime.client (SPEC §9).
import { NotFoundError, ValidationError } from '@botwire/runtime'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { rejection } from '../support/rejection.js'
import { makeWorld } from './world.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

async function count(runtime: ReturnType<typeof makeWorld>['runtime'], conversationId: string): Promise<number> {
  return (await runtime.client.listMessages({ conversationId, limit: 100 })).messages.length
}

afterEach(() => {
  vi.useRealTimers()
})

describe('createMessage', () => {
  it('assigns id, createdAt and updatedAt, stores the message and returns { message }', async () => {
    const { runtime } = makeWorld()
    const { message } = await runtime.client.createMessage({
      conversationId: 'c1',
      userId: 'u1',
      type: 'text',
      payload: { text: 'hello' },
      tags: { priority: 'high' },
    })
    expect(message).toEqual({
      id: expect.stringMatching(UUID),
      conversationId: 'c1',
      userId: 'u1',
      type: 'text',
      payload: { text: 'hello' },
      tags: { priority: 'high' },
      createdAt: expect.stringMatching(ISO),
      updatedAt: message.createdAt,
    })
    expect((await runtime.client.getMessage({ id: message.id })).message).toEqual(message)
    const other = await runtime.client.createMessage({ conversationId: 'c1', userId: 'u1', type: 'text', payload: { text: 'again' }, tags: {} })
    expect(other.message.id).not.toBe(message.id)
  })

  it('accepts every message type with a valid payload (dropdown takes the choice payload)', async () => {
    const { runtime } = makeWorld()
    const card = { title: 'Plan', actions: [{ action: 'postback' as const, label: 'Pick', value: 'pick' }] }
    const options = [{ label: 'Yes', value: 'y' }]
    await runtime.client.createMessage({ conversationId: 'c', userId: 'u', type: 'image', payload: { imageUrl: 'https://x/i.png', title: 'i' }, tags: {} })
    await runtime.client.createMessage({ conversationId: 'c', userId: 'u', type: 'audio', payload: { audioUrl: 'https://x/a.mp3' }, tags: {} })
    await runtime.client.createMessage({ conversationId: 'c', userId: 'u', type: 'video', payload: { videoUrl: 'https://x/v.mp4' }, tags: {} })
    await runtime.client.createMessage({ conversationId: 'c', userId: 'u', type: 'file', payload: { fileUrl: 'https://x/f.pdf' }, tags: {} })
    await runtime.client.createMessage({ conversationId: 'c', userId: 'u', type: 'location', payload: { latitude: 1.5, longitude: -2 }, tags: {} })
    await runtime.client.createMessage({ conversationId: 'c', userId: 'u', type: 'card', payload: card, tags: {} })
    await runtime.client.createMessage({ conversationId: 'c', userId: 'u', type: 'carousel', payload: { items: [card, card] }, tags: {} })
    await runtime.client.createMessage({ conversationId: 'c', userId: 'u', type: 'choice', payload: { text: 'Sure?', options }, tags: {} })
    await runtime.client.createMessage({ conversationId: 'c', userId: 'u', type: 'dropdown', payload: { text: 'Sure?', options }, tags: {} })
    await runtime.client.createMessage({
      conversationId: 'c',
      userId: 'u',
      type: 'bloc',
      payload: {
        items: [
          { type: 'text', payload: { text: 'a' } },
          { type: 'location', payload: { latitude: 0, longitude: 0 } },
        ],
      },
      tags: {},
    })
    expect(await count(runtime, 'c')).toBe(10)
  })

  it('rejects an invalid payload, saying what and where, and stores nothing', async () => {
    const { runtime } = makeWorld()
    const error = await rejection(
      runtime.client.createMessage({
        conversationId: 'c1',
        userId: 'u1',
        type: 'card',
        payload: { title: 'Plan', actions: [{ action: 'url', label: '', value: 'https://x' }] },
        tags: {},
      }),
    )
    expect(error).toBeInstanceOf(ValidationError)
    expect(error.code).toBe('INVALID_MESSAGE')
    expect(error.message).toContain('payload.actions[0].label: must have at least 1 character')
    expect(error.issues).toEqual(['payload.actions[0].label: must have at least 1 character'])
    expect(await count(runtime, 'c1')).toBe(0)
  })

  it.each([
    ['a missing required field', 'text', {}, 'payload.text: is required'],
    ['an empty text', 'text', { text: '' }, 'payload.text: must have at least 1 character'],
    ['an unknown field', 'image', { imageUrl: 'x', caption: 'no' }, 'payload.caption: is not allowed'],
    ['a wrong type', 'location', { latitude: '1', longitude: 2 }, 'payload.latitude: must be a number, not a string'],
    [
      'a bad card action kind',
      'card',
      { title: 't', actions: [{ action: 'call', label: 'l', value: 'v' }] },
      "payload.actions[0].action: must be one of 'postback', 'url', 'say'",
    ],
    ['an empty choice option', 'choice', { text: 't', options: [{ label: 'l', value: '' }] }, 'payload.options[0].value: must have at least 1 character'],
    ['a card inside a carousel', 'carousel', { items: [{ title: '', actions: [] }] }, 'payload.items[0].title: must have at least 1 character'],
    ['a bloc item payload', 'bloc', { items: [{ type: 'text', payload: { text: '' } }] }, 'payload.items[0].payload.text: must have at least 1 character'],
    [
      'a card as a bloc item',
      'bloc',
      { items: [{ type: 'card', payload: { title: 't', actions: [] } }] },
      "payload.items[0].type: must be one of 'text', 'image', 'audio', 'video', 'file', 'location'",
    ],
  ])('rejects %s', async (_label, type, payload, expected) => {
    const { runtime } = makeWorld()
    const call = { conversationId: 'c1', userId: 'u1', type, payload, tags: {} } as unknown as Parameters<typeof runtime.client.createMessage>[0]
    const error = await rejection(runtime.client.createMessage(call))
    expect(error.code).toBe('INVALID_MESSAGE')
    expect(error.message).toContain(expected)
    expect(await count(runtime, 'c1')).toBe(0)
  })

  it('rejects what JSON cannot hold (NaN, Infinity), which a stored copy would turn into null', async () => {
    const { runtime } = makeWorld()
    const error = await rejection(
      runtime.client.createMessage({
        conversationId: 'c1',
        userId: 'u1',
        type: 'location',
        payload: { latitude: Number.NaN, longitude: Number.POSITIVE_INFINITY },
        tags: {},
      }),
    )
    expect(error.code).toBe('INVALID_MESSAGE')
    expect(error.message).toContain('payload.latitude: must be a finite number, not NaN')
    expect(error.message).toContain('payload.longitude: must be a finite number, not Infinity')
    expect(await count(runtime, 'c1')).toBe(0)
  })

  it('requires userId, conversationId, a known type and tags', async () => {
    const { runtime } = makeWorld()
    const loose = runtime.client.createMessage as (input: unknown) => Promise<unknown>
    expect((await rejection(loose({ conversationId: 'c1', type: 'text', payload: { text: 'hi' }, tags: {} }))).message).toContain('userId: is required')
    expect((await rejection(loose({ conversationId: 'c1', userId: '', type: 'text', payload: { text: 'hi' }, tags: {} }))).message).toContain(
      'userId: is required',
    )
    expect((await rejection(loose({ userId: 'u', type: 'text', payload: { text: 'hi' }, tags: {} }))).message).toContain('conversationId: is required')
    expect((await rejection(loose({ conversationId: 'c1', userId: 'u', type: 'sticker', payload: {}, tags: {} }))).message).toContain(
      "type: must be one of 'text'",
    )
    expect((await rejection(loose({ conversationId: 'c1', userId: 'u', type: 'text', payload: { text: 'hi' } }))).message).toContain('tags: is required')
    expect((await rejection(loose({ conversationId: 'c1', userId: 'u', type: 'text', payload: { text: 'hi' }, tags: {}, id: 'mine' }))).message).toContain(
      'id: is not allowed',
    )
    expect(await count(runtime, 'c1')).toBe(0)
  })

  it('accepts only the tags the bot declares, with string values', async () => {
    const { runtime } = makeWorld()
    const loose = runtime.client.createMessage as (input: unknown) => Promise<unknown>
    const undeclared = await rejection(loose({ conversationId: 'c1', userId: 'u', type: 'text', payload: { text: 'hi' }, tags: { color: 'red' } }))
    expect(undeclared.message).toContain("tags.color: is not a tag bot 'support-bot' declares (it declares priority, topic)")
    const notString = await rejection(loose({ conversationId: 'c1', userId: 'u', type: 'text', payload: { text: 'hi' }, tags: { priority: 3 } }))
    expect(notString.message).toContain('tags.priority: must be a string')
    const empty = await rejection(loose({ conversationId: 'c1', userId: 'u', type: 'text', payload: { text: 'hi' }, tags: { priority: '' } }))
    expect(empty.message).toContain('tags.priority: must not be empty (leave the tag out instead)')
    expect(await count(runtime, 'c1')).toBe(0)
  })

  it('lists every problem of one message at once', async () => {
    const { runtime } = makeWorld()
    const loose = runtime.client.createMessage as (input: unknown) => Promise<unknown>
    const error = await rejection(loose({ conversationId: 'c1', type: 'choice', payload: { text: '', options: [{ label: 'a' }] }, tags: { mood: 'x' } }))
    expect(error.issues).toEqual([
      'userId: is required (a non-empty string; a bot or plugin passes ctx.botId)',
      'payload.text: must have at least 1 character',
      'payload.options[0].value: is required',
      "tags.mood: is not a tag bot 'support-bot' declares (it declares priority, topic)",
    ])
  })

  it('hands out copies: changing a returned message changes nothing stored', async () => {
    const { runtime } = makeWorld()
    const { message } = await runtime.client.createMessage({ conversationId: 'c1', userId: 'u1', type: 'text', payload: { text: 'hello' }, tags: {} })
    if (message.type === 'text') message.payload.text = 'changed'
    message.tags.topic = 'changed'
    expect((await runtime.client.getMessage({ id: message.id })).message).toMatchObject({ payload: { text: 'hello' }, tags: {} })
  })
})

describe('getMessage and deleteMessage', () => {
  it('get returns { message }; delete removes it; an unknown id is a NOT_FOUND error', async () => {
    const { runtime } = makeWorld()
    const { message } = await runtime.client.createMessage({ conversationId: 'c1', userId: 'u1', type: 'text', payload: { text: 'hello' }, tags: {} })
    expect(await runtime.client.getMessage({ id: message.id })).toEqual({ message })
    await runtime.client.deleteMessage({ id: message.id })
    const gone = await rejection(runtime.client.getMessage({ id: message.id }))
    expect(gone).toBeInstanceOf(NotFoundError)
    expect(gone.code).toBe('NOT_FOUND')
    expect(gone.message).toBe(`getMessage: no message has id '${message.id}'`)
    expect((await rejection(runtime.client.deleteMessage({ id: message.id }))).message).toBe(`deleteMessage: no message has id '${message.id}'`)
    expect((await rejection(runtime.client.updateMessage({ id: 'nope', tags: {} }))).code).toBe('NOT_FOUND')
    expect((await rejection(runtime.client.getMessage({ id: '' }))).code).toBe('INVALID_ARGUMENT')
  })
})

describe('updateMessage', () => {
  it('merges the given tags into the existing ones and removes a tag given as ""', async () => {
    const { runtime } = makeWorld()
    const { message } = await runtime.client.createMessage({
      conversationId: 'c1',
      userId: 'u1',
      type: 'text',
      payload: { text: 'hello' },
      tags: { priority: 'high' },
    })
    const merged = await runtime.client.updateMessage({ id: message.id, tags: { topic: 'billing' } })
    expect(merged.message.tags).toEqual({ priority: 'high', topic: 'billing' })
    const changed = await runtime.client.updateMessage({ id: message.id, tags: { priority: 'low' } })
    expect(changed.message.tags).toEqual({ priority: 'low', topic: 'billing' })
    const removed = await runtime.client.updateMessage({ id: message.id, tags: { priority: '' } })
    expect(removed.message.tags).toEqual({ topic: 'billing' })
    expect((await runtime.client.getMessage({ id: message.id })).message).toEqual(removed.message)
    expect(removed.message).toMatchObject({ id: message.id, payload: { text: 'hello' }, createdAt: message.createdAt })
  })

  it('bumps updatedAt, strictly later each time even within one millisecond', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2030-01-01T00:00:00.000Z'))
    const { runtime } = makeWorld()
    const { message } = await runtime.client.createMessage({ conversationId: 'c1', userId: 'u1', type: 'text', payload: { text: 'hello' }, tags: {} })
    expect(message.createdAt).toBe('2030-01-01T00:00:00.000Z')
    const first = await runtime.client.updateMessage({ id: message.id, tags: { topic: 'a' } })
    const second = await runtime.client.updateMessage({ id: message.id, tags: { topic: 'b' } })
    expect(first.message.updatedAt).toBe('2030-01-01T00:00:00.001Z')
    expect(second.message.updatedAt).toBe('2030-01-01T00:00:00.002Z')
    expect(second.message.createdAt).toBe(message.createdAt)
    vi.setSystemTime(new Date('2030-01-01T00:00:05.000Z'))
    expect((await runtime.client.updateMessage({ id: message.id, tags: {} })).message.updatedAt).toBe('2030-01-01T00:00:05.000Z')
  })

  it('applies concurrent updates of one message one after the other, so that both land', async () => {
    const { runtime } = makeWorld()
    const { message } = await runtime.client.createMessage({ conversationId: 'c1', userId: 'u1', type: 'text', payload: { text: 'hello' }, tags: {} })
    const [first, second] = await Promise.all([
      runtime.client.updateMessage({ id: message.id, tags: { priority: 'high' } }),
      runtime.client.updateMessage({ id: message.id, tags: { topic: 'billing' } }),
    ])
    expect(first.message.tags).toEqual({ priority: 'high' })
    expect(second.message.tags).toEqual({ priority: 'high', topic: 'billing' })
    expect(second.message.updatedAt > first.message.updatedAt).toBe(true)
    expect((await runtime.client.getMessage({ id: message.id })).message.tags).toEqual({ priority: 'high', topic: 'billing' })
  })

  it('takes only id and tags: anything else is an error, not silently ignored', async () => {
    const { runtime } = makeWorld()
    const { message } = await runtime.client.createMessage({ conversationId: 'c1', userId: 'u1', type: 'text', payload: { text: 'hello' }, tags: {} })
    const loose = runtime.client.updateMessage as (input: unknown) => Promise<unknown>
    const error = await rejection(loose({ id: message.id, tags: { topic: 'x' }, payload: { text: 'changed' } }))
    expect(error.code).toBe('INVALID_ARGUMENT')
    expect(error.message).toContain('payload: is not allowed (updateMessage takes id, tags; only tags can be updated)')
    expect((await runtime.client.getMessage({ id: message.id })).message).toEqual(message)
  })

  it('rejects undeclared tags and non-string values, leaving the message as it was', async () => {
    const { runtime } = makeWorld()
    const { message } = await runtime.client.createMessage({
      conversationId: 'c1',
      userId: 'u1',
      type: 'text',
      payload: { text: 'hello' },
      tags: { topic: 'x' },
    })
    const loose = runtime.client.updateMessage as (input: unknown) => Promise<unknown>
    const error = await rejection(loose({ id: message.id, tags: { topic: 'y', color: 'red' } }))
    expect(error.code).toBe('INVALID_ARGUMENT')
    expect(error.message).toContain('tags.color: is not a tag')
    expect((await rejection(loose({ id: message.id, tags: { topic: 1 } }))).message).toContain('tags.topic: must be a string')
    expect((await rejection(loose({ id: message.id }))).message).toContain('tags: is required')
    expect((await runtime.client.getMessage({ id: message.id })).message).toEqual(message)
  })
})
