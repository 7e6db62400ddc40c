// Bounded work on hostile values (docs/security.md, docs/runtime.md#value-limits): refusing a
// value costs time linear in its size, the error lists a bounded number of problems, and
// values deeper or larger than the limits are refused with the operation's own code before
// anything recursive reads them, nothing stored or dispatched; a value that throws when read
// is refused the same way.
import { createRuntime, MAX_LISTED_ISSUES, type ValidationError } from '@botwire/runtime'
import { describe, expect, it } from 'vitest'
import { Bot } from '../../generated/bots/support-bot/v1.0.0.js'
import { Integration as OpenAI } from '../../generated/integrations/openai/v2.0.0.js'
import { cpuGrowth, expectNearLinear, type Growth } from '../support/growth.js'
import { rejection } from '../support/rejection.js'
import { ENV, gpt4o, makeImplementations, makeWorld } from './world.js'

type Runtime = ReturnType<typeof makeWorld>['runtime']

/** How refusing a value grows from n to 2n (test/support/growth.ts); the values are built before the clock starts. */
async function growth(make: (n: number) => unknown, refuse: (value: unknown) => Promise<unknown>, n: number): Promise<Growth> {
  return cpuGrowth((size) => {
    const value = make(size)
    return () => refuse(value)
  }, n)
}

function withUnknownKeys(n: number): { [key: string]: unknown } {
  const payload: { [key: string]: unknown } = { text: 'hello' }
  for (let i = 0; i < n; i++) payload[`key${i}`] = i
  return payload
}

async function count(runtime: Runtime, conversationId: string): Promise<number> {
  return (await runtime.client.listMessages({ conversationId, limit: 100 })).messages.length
}

/** A value nested `depth` levels deep: `{ a: { a: ... } }`. */
function nested(depth: number): unknown {
  let value: unknown = 'bottom'
  for (let i = 0; i < depth; i++) value = { a: value }
  return value
}

async function refusal(runtime: Runtime, payload: unknown, extra: object = {}): Promise<ValidationError> {
  const message = { conversationId: 'c1', userId: 'u1', type: 'text', payload, tags: {}, ...extra }
  return (await rejection(runtime.receive(message as never))) as unknown as ValidationError
}

describe('refusing a hostile message costs time linear in its size', () => {
  const { runtime } = makeWorld()
  const refuseMessage = async (message: unknown) => {
    const error = await rejection(runtime.receive(message as never))
    expect(error.code).toBe('INVALID_MESSAGE')
  }
  const message = (type: string, payload: unknown, tags: object = {}) => ({ conversationId: 'c', userId: 'u', type, payload, tags })

  it('a text payload with many unknown keys', async () => {
    expectNearLinear(await growth((n) => message('text', withUnknownKeys(n)), refuseMessage, 20_000))
  })

  it('many items of the wrong type', async () => {
    const options = (n: number) => Array.from({ length: n }, (_, i) => ({ label: i, value: i }))
    expectNearLinear(await growth((n) => message('choice', { text: 'pick', options: options(n) }), refuseMessage, 5000))
  })

  it('many wrong items of a referenced schema (ajv gathers their errors at each reference)', async () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 'text', payload: { text: i } }))
    expectNearLinear(await growth((n) => message('bloc', { items: items(n) }), refuseMessage, 8000))
  })

  it('a wide object of undeclared tags', async () => {
    const tags = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`tag${i}`, 'x']))
    // at 10,000 the step to 20,000 measured 3.1-4.3 (a few ms each: the engine's object and
    // hash table sizes, not the runtime's work); from 40,000 on it is below 3 every time
    expectNearLinear(await growth((n) => message('text', { text: 'hi' }, tags(n)), refuseMessage, 40_000))
  })

  it('an action input with many wrong items', async () => {
    const input = (n: number) => ({ model: gpt4o, messages: Array.from({ length: n }, (_, i) => ({ role: i, content: i })) })
    const refuseInput = async (value: unknown) => {
      const error = await rejection(runtime.client.callAction({ type: 'openai:generateText', input: value } as never))
      expect(error.code).toBe('INVALID_INPUT')
    }
    // at 3,000 (about 40 ms) the step to 6,000 measured 1.7-3.1 on a slow, shared day, over the
    // limit in a clean clone's run: each refusal collects two ajv errors per item, and the
    // collector's share moves with what the worker's heap holds; 6,000, the least of three runs
    // of each size, measured 1.6-2.8
    expectNearLinear(
      await cpuGrowth(
        (size) => {
          const value = input(size)
          return () => refuseInput(value)
        },
        6000,
        3,
      ),
    )
  })
})

describe('the error of a message with thousands of problems is short', () => {
  it.each([10_000, 20_000])('%i unknown keys: the first 20 problems, and how many more', async (n) => {
    const { runtime } = makeWorld()
    const error = await refusal(runtime, withUnknownKeys(n))
    expect(error.code).toBe('INVALID_MESSAGE')
    expect(error.issues).toHaveLength(MAX_LISTED_ISSUES)
    expect(error.issues[0]).toBe('payload.key0: is not allowed')
    expect(error.omittedIssues).toBe(n - MAX_LISTED_ISSUES)
    expect(error.message).toMatch(new RegExp(`^receive: invalid text message: payload\\.key0: is not allowed; .*; and ${n - MAX_LISTED_ISSUES} more problems$`))
    expect(error.message.length).toBeLessThan(1000)
    expect(await count(runtime, 'c1')).toBe(0)
  })

  it('cuts a problem whose path is a very long key', async () => {
    const { runtime } = makeWorld()
    const error = await refusal(runtime, { text: 'hi', ['k'.repeat(100_000)]: 1 })
    expect(error.issues).toHaveLength(1)
    expect(error.issues[0]).toMatch(/^payload\.kkk+…$/)
    expect(error.issues[0]?.length).toBe(500)
  })
})

describe("values deeper than the depth limit get the operation's own error, not a RangeError", () => {
  const deep = nested(10_000)

  it('a message payload: INVALID_MESSAGE, nothing stored, no handler run', async () => {
    const { runtime, bot } = makeWorld()
    let ran = 0
    bot.on.message('*', () => {
      ran++
    })
    const error = await refusal(runtime, { text: 'hi', extra: deep })
    expect(error.code).toBe('INVALID_MESSAGE')
    expect(error.issues).toEqual([
      `payload.extra${'.a'.repeat(62)}: nests deeper than 64 levels of objects and lists, the runtime's limit (valueLimits.maxDepth)`,
    ])
    expect(await count(runtime, 'c1')).toBe(0)
    expect(ran).toBe(0)
  })

  it('an action input: INVALID_INPUT, the handler not run', async () => {
    const { runtime, log } = makeWorld()
    const input = { model: gpt4o, messages: [{ role: 'user', content: 'hi' }], extra: deep }
    const error = await rejection(runtime.client.callAction({ type: 'openai:generateText', input } as never))
    expect(error.code).toBe('INVALID_INPUT')
    expect(error.message).toMatch(/^invalid input for action 'openai:generateText': input\.extra(\.a)+: nests deeper than 64 levels/)
    expect(log).toEqual([])
  })

  it('an action output: INVALID_OUTPUT', async () => {
    const impl = makeImplementations([])
    const openai = new OpenAI({ actions: { ...impl.openai.actions, moderate: () => ({ flagged: false, categories: [], extra: deep }) as never } })
    const runtime = createRuntime({ bot: new Bot(), integrations: { openai }, env: ENV })
    const error = await rejection(runtime.client.callAction({ type: 'openai:moderate', input: { text: 'hi' } }))
    expect(error.code).toBe('INVALID_OUTPUT')
    expect(error.message).toMatch(/output\.extra(\.a)+: nests deeper than 64 levels/)
  })

  it('an event payload: INVALID_EVENT, no handler run', async () => {
    const { runtime, bot } = makeWorld()
    let ran = 0
    bot.on.event('zendesk:ticketChanged', () => {
      ran++
    })
    const error = await rejection(runtime.emitEvent({ type: 'zendesk:ticketChanged', payload: deep } as never))
    expect(error.code).toBe('INVALID_EVENT')
    expect(error.message).toMatch(/payload(\.a)+: nests deeper than 64 levels/)
    expect(ran).toBe(0)
  })

  it('a channel message: INVALID_CHANNEL_MESSAGE', async () => {
    const { runtime } = makeWorld()
    const error = await rejection(runtime.sendChannelMessage({ channel: 'openai:stream', type: 'chunk', payload: deep } as never))
    expect(error.code).toBe('INVALID_CHANNEL_MESSAGE')
    expect(error.message).toMatch(/payload(\.a)+: nests deeper than 64 levels/)
  })

  it('an update of tags: INVALID_ARGUMENT, the message unchanged', async () => {
    const { runtime } = makeWorld()
    const { message } = await runtime.client.createMessage({ conversationId: 'c1', userId: 'u1', type: 'text', payload: { text: 'hi' }, tags: {} })
    const error = await rejection(runtime.client.updateMessage({ id: message.id, tags: { priority: deep } } as never))
    expect(error.code).toBe('INVALID_ARGUMENT')
    expect((await runtime.client.getMessage({ id: message.id })).message).toEqual(message)
  })

  it('a value exactly at the limit is taken', async () => {
    const { runtime } = makeWorld()
    // the message is level 1, its payload level 2: 62 more levels reach 64
    const { message } = await runtime.client.createMessage({ conversationId: 'c1', userId: 'u1', type: 'text', payload: { text: 'hi' }, tags: {} })
    expect(message.payload.text).toBe('hi')
    const error = await refusal(runtime, { text: 'hi', extra: nested(62) })
    // within the limits, the payload's schema is what refuses it
    expect(error.issues).toEqual(['payload.extra: is not allowed'])
    const over = await refusal(runtime, { text: 'hi', extra: nested(63) })
    expect(over.issues[0]).toMatch(/nests deeper than 64 levels/)
  })
})

describe('values larger than the size limit', () => {
  it('a message of more than 1 MiB of JSON: INVALID_MESSAGE, nothing stored', async () => {
    const { runtime } = makeWorld()
    const error = await refusal(runtime, { text: 'x'.repeat(1_048_576) })
    expect(error.code).toBe('INVALID_MESSAGE')
    expect(error.issues).toEqual(["message: is larger than 1048576 bytes as JSON, the runtime's limit (valueLimits.maxBytes)"])
    expect(await count(runtime, 'c1')).toBe(0)
  })

  it('counts the bytes of the JSON text in UTF-8, as JSON.stringify writes it', async () => {
    const payload = {
      text: 'é"\\\n\u0001😀\ud800 ok',
      list: [1.5, -2e-7, true, null, 'ü', 0, -0, 7, -42, 10, 123456789012, -999999999999999, 1e15, 1e21, 2 ** 53],
      nested: { kéy: [{}] },
    }
    const message = { conversationId: 'c1', userId: 'u1', type: 'text', payload, tags: {} }
    const bytes = Buffer.byteLength(JSON.stringify(message), 'utf8')
    const at = (maxBytes: number) => createRuntime({ bot: new Bot(), env: ENV, valueLimits: { maxBytes } })
    const refused = await rejection(at(bytes - 1).receive(message as never))
    expect(refused.issues).toEqual([`message: is larger than ${bytes - 1} bytes as JSON, the runtime's limit (valueLimits.maxBytes)`])
    // at its exact size it passes the limit: the payload's schema is what refuses it
    const taken = await rejection(at(bytes).receive(message as never))
    expect(taken.issues).toEqual(['payload.list: is not allowed', 'payload.nested: is not allowed'])
  })

  it('an action input larger than the limit: INVALID_INPUT', async () => {
    const { runtime } = makeWorld()
    const input = { model: gpt4o, messages: [{ role: 'user' as const, content: 'y'.repeat(1_100_000) }] }
    const error = await rejection(runtime.client.callAction({ type: 'openai:generateText', input }))
    expect(error.code).toBe('INVALID_INPUT')
    expect(error.issues).toEqual(["input: is larger than 1048576 bytes as JSON, the runtime's limit (valueLimits.maxBytes)"])
  })
})

describe("values that throw when read (a getter, a Proxy) get the operation's own error, not what they threw", () => {
  const throwing = () => ({
    get text(): string {
      throw new Error('read sk-live-123')
    },
  })
  const trapping = () =>
    new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('read sk-live-123')
        },
      },
    )

  it('a message payload and its tags: INVALID_MESSAGE, nothing stored, no handler run', async () => {
    const { runtime, bot } = makeWorld()
    let ran = 0
    bot.on.message('*', () => {
      ran++
    })
    for (const error of [
      await refusal(runtime, throwing()),
      await refusal(runtime, trapping()),
      await refusal(runtime, { text: 'hi' }, { tags: trapping() }),
    ]) {
      expect([error.code, error.issues]).toEqual(['INVALID_MESSAGE', ['message: cannot be read (a getter or a Proxy in it threw), which JSON cannot hold']])
    }
    expect(await count(runtime, 'c1')).toBe(0)
    expect(ran).toBe(0)
  })

  it('a whole argument that throws when read: INVALID_ARGUMENT from every operation of the client', async () => {
    const { runtime } = makeWorld()
    const operations = [
      'listMessages',
      'getMessage',
      'updateMessage',
      'deleteMessage',
      'getConversation',
      'listConversations',
      'getState',
      'setState',
      'getOrSetState',
      'patchState',
      'setStateExpiry',
      'emitEvent',
      'callAction',
    ] as const
    const client = runtime.client as unknown as Record<(typeof operations)[number], (argument: unknown) => Promise<unknown>>
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('read sk-live-123')
        },
      },
    )
    for (const operation of operations) {
      const error = await rejection(client[operation](hostile))
      expect([operation, error.code, error.message]).toEqual([
        operation,
        'INVALID_ARGUMENT',
        `${operation}: invalid arguments: arguments: cannot be read (a getter or a Proxy in it threw), which JSON cannot hold`,
      ])
    }
  })

  it('an action input, an action output, the tags of a conversation update: INVALID_INPUT, INVALID_OUTPUT, INVALID_ARGUMENT', async () => {
    const impl = makeImplementations([])
    const openai = new OpenAI({ actions: { ...impl.openai.actions, moderate: () => ({ flagged: false, categories: trapping() }) as never } })
    const runtime = createRuntime({ bot: new Bot(), integrations: { openai }, env: ENV })
    const input = await rejection(runtime.client.callAction({ type: 'openai:generateText', input: throwing() } as never))
    const output = await rejection(runtime.client.callAction({ type: 'openai:moderate', input: { text: 'hi' } }))
    const tags = await rejection(runtime.client.updateConversation({ id: 'c1', tags: trapping() } as never))
    expect([input.code, output.code, tags.code]).toEqual(['INVALID_INPUT', 'INVALID_OUTPUT', 'INVALID_ARGUMENT'])
    expect(output.message).toBe(
      "action 'openai:moderate' returned an invalid output: output: cannot be read (a getter or a Proxy in it threw), which JSON cannot hold",
    )
    for (const error of [input, output, tags]) expect(error.message).not.toContain('sk-live-123')
  })
})

describe('createRuntime({ valueLimits })', () => {
  it('sets the limits', async () => {
    const runtime = createRuntime({ bot: new Bot(), env: ENV, valueLimits: { maxDepth: 3, maxBytes: 10_000 } })
    const error = await rejection(
      runtime.receive({ conversationId: 'c1', userId: 'u1', type: 'text', payload: { text: 'hi', a: { b: {} } }, tags: {} } as never),
    )
    expect(error.issues).toEqual(["payload.a.b: nests deeper than 3 levels of objects and lists, the runtime's limit (valueLimits.maxDepth)"])
  })

  it('refuses limits that are not positive whole numbers, and unknown keys', () => {
    const error = (() => {
      try {
        createRuntime({ bot: new Bot(), valueLimits: { maxDepth: 0, maxBytes: 1.5, depth: 3 } as never })
      } catch (thrown) {
        return thrown as ValidationError
      }
      throw new Error('expected INVALID_RUNTIME_OPTIONS')
    })()
    expect(error.code).toBe('INVALID_RUNTIME_OPTIONS')
    expect(error.issues).toEqual([
      'valueLimits.maxDepth: must be a positive whole number, not 0',
      'valueLimits.maxBytes: must be a positive whole number, not 1.5',
      'valueLimits.depth: is not a value limit (the limits are maxDepth and maxBytes)',
    ])
  })
})
