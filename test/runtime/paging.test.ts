// listMessages: newest first, limits, and nextToken paging that neither repeats nor skips
// while messages are added and deleted between pages (docs/runtime.md#listmessages-conversationid-limit-nexttoken-----messages-meta--nexttoken--).

import type { Message, MessageType } from '@botwire/runtime'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { rejection } from '../support/rejection.js'
import { makeWorld, text } from './world.js'

type World = ReturnType<typeof makeWorld>

async function fill(world: World, conversationId: string, n: number, from = 0): Promise<string[]> {
  const ids: string[] = []
  for (let i = from; i < from + n; i++) ids.push((await world.runtime.client.createMessage(text(conversationId, `m${i}`))).message.id)
  return ids
}

function texts(messages: readonly Message<MessageType, unknown>[]): string[] {
  return messages.map((m) => (m.type === 'text' ? m.payload.text : m.type))
}

describe('listMessages', () => {
  it('lists a conversation newest first, 20 by default, and only that conversation', async () => {
    const world = makeWorld()
    await fill(world, 'c1', 25)
    await fill(world, 'c2', 3)
    const page = await world.runtime.client.listMessages({ conversationId: 'c1' })
    expect(texts(page.messages)).toEqual(Array.from({ length: 20 }, (_, i) => `m${24 - i}`))
    expect(page.messages.filter((m) => !(m.conversationId === 'c1'))).toEqual([])
    expect(typeof page.meta.nextToken).toBe('string')
    const rest = await world.runtime.client.listMessages({ conversationId: 'c1', nextToken: page.meta.nextToken as string })
    expect(texts(rest.messages)).toEqual(['m4', 'm3', 'm2', 'm1', 'm0'])
    expect(rest.meta).toEqual({})
    expect(await world.runtime.client.listMessages({ conversationId: 'nobody' })).toEqual({ messages: [], meta: {} })
  })

  it('treats a limit above 100 as 100', async () => {
    const world = makeWorld()
    await fill(world, 'c1', 150)
    const page = await world.runtime.client.listMessages({ conversationId: 'c1', limit: 1000 })
    expect(page.messages).toHaveLength(100)
    expect(page.meta.nextToken).toBeDefined()
    const rest = await world.runtime.client.listMessages({ conversationId: 'c1', limit: 100, nextToken: page.meta.nextToken as string })
    expect(rest.messages).toHaveLength(50)
    expect(rest.meta.nextToken).toBeUndefined()
  })

  it('gives no nextToken when the page holds the last message exactly', async () => {
    const world = makeWorld()
    await fill(world, 'c1', 10)
    const page = await world.runtime.client.listMessages({ conversationId: 'c1', limit: 10 })
    expect(page.messages).toHaveLength(10)
    expect(page.meta).toEqual({})
  })

  it.each([[0], [-3], [2.5], [Number.NaN], ['10']])('rejects the limit %s', async (limit) => {
    const world = makeWorld()
    const error = await rejection(world.runtime.client.listMessages({ conversationId: 'c1', limit: limit as number }))
    expect(error.code).toBe('INVALID_ARGUMENT')
    expect(error.message).toContain('limit: must be a positive integer')
  })

  it('rejects a malformed nextToken and one issued for another conversation', async () => {
    const world = makeWorld()
    await fill(world, 'c1', 5)
    await fill(world, 'c2', 5)
    const { meta } = await world.runtime.client.listMessages({ conversationId: 'c1', limit: 2 })
    const foreign = await rejection(world.runtime.client.listMessages({ conversationId: 'c2', nextToken: meta.nextToken as string }))
    expect(foreign.code).toBe('INVALID_NEXT_TOKEN')
    expect(foreign.message).toContain("nextToken was issued for another conversation than 'c2'")
    for (const bad of ['garbage!', 'abc', `${meta.nextToken as string}x`, 'eyJ2IjoxfQ', '']) {
      const error = await rejection(world.runtime.client.listMessages({ conversationId: 'c1', nextToken: bad }))
      expect(error.code).toBe('INVALID_NEXT_TOKEN')
      expect(error.message).toMatch(/^listMessages: nextToken/)
    }
  })

  it('pages over 250 messages without repeating or skipping, while messages are added and deleted', async () => {
    const world = makeWorld()
    const client = world.runtime.client
    const initial = await fill(world, 'c1', 250)
    const deleted = new Set<string>()
    const added: string[] = []
    const seen: string[] = []
    let nextToken: string | undefined
    let pageNo = 0
    do {
      const page: Awaited<ReturnType<typeof client.listMessages>> = await client.listMessages({
        conversationId: 'c1',
        limit: 17,
        ...(nextToken !== undefined && { nextToken }),
      })
      seen.push(...page.messages.map((m) => m.id))
      nextToken = page.meta.nextToken
      pageNo++
      // between pages: add new messages, delete one already seen and two not seen yet
      added.push(...(await fill(world, 'c1', 3, 1000 + pageNo * 3)))
      const seenVictim = seen[Math.floor(seen.length / 2)]
      const unseen = initial.filter((id) => !seen.includes(id) && !deleted.has(id))
      for (const id of [seenVictim, unseen[0], unseen[unseen.length - 1]]) {
        if (id !== undefined && !deleted.has(id)) {
          await client.deleteMessage({ id })
          deleted.add(id)
        }
      }
    } while (nextToken !== undefined)

    expect(new Set(seen).size).toBe(seen.length) // no repeats
    const expected = initial.filter((id) => !deleted.has(id) || seen.includes(id)).reverse()
    // every message that existed when paging began and was not deleted before its page, in order
    expect(seen).toEqual(expected)
    expect(seen.filter((id) => added.includes(id))).toEqual([]) // newer messages do not slip into later pages
    expect(pageNo).toBeGreaterThan(10)
  })

  it('never repeats or skips under any interleaving of inserts and deletes (property)', async () => {
    type Op = { kind: 'insert' } | { kind: 'delete'; pick: number }
    const op = fc.oneof(
      fc.constant<Op>({ kind: 'insert' }),
      fc.nat().map<Op>((pick) => ({ kind: 'delete', pick })),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.array(op, { maxLength: 6 }), { maxLength: 30 }),
        async (n, limit, between) => {
          const world = makeWorld()
          const client = world.runtime.client
          const initial = await fill(world, 'c', n)
          const alive = new Set(initial)
          const deletedBeforeSeen = new Set<string>()
          const seen: string[] = []
          let nextToken: string | undefined
          let round = 0
          do {
            const page: Awaited<ReturnType<typeof client.listMessages>> = await client.listMessages({
              conversationId: 'c',
              limit,
              ...(nextToken !== undefined && { nextToken }),
            })
            seen.push(...page.messages.map((m) => m.id))
            nextToken = page.meta.nextToken
            for (const o of between[round++] ?? []) {
              if (o.kind === 'insert') {
                alive.add((await client.createMessage(text('c', 'new'))).message.id)
              } else if (alive.size > 0) {
                const id = [...alive][o.pick % alive.size] as string
                await client.deleteMessage({ id })
                alive.delete(id)
                if (!seen.includes(id)) deletedBeforeSeen.add(id)
              }
            }
          } while (nextToken !== undefined)
          expect(new Set(seen).size).toBe(seen.length)
          expect(seen).toEqual(initial.filter((id) => !deletedBeforeSeen.has(id)).reverse())
        },
      ),
      { numRuns: 60, seed: 20261126 },
    )
  })
})
