// The runtime section of `npm run bench` (also alone: `npm run bench:runtime`). It runs the
// generated support bot (generated/) on the runtime's sources, so it needs `@botwire/runtime`
// mapped to src/ (tsconfig.test.json's paths: `tsx --tsconfig tsconfig.test.json`).
// Prints one markdown section; every comparison is a ratio to a baseline measured in this run.
//
//   - receive with a bot handler that replies: 100,000 messages over 100 conversations,
//     against the two createMessage calls it makes (the same validation and storing, no
//     dispatch), and with time limits off (no timer per handler);
//   - a page of listMessages at 1,000,000 stored messages, against the same page at 1,000
//     (both stores in memory while they are timed, so that both pay for the same heap);
//   - a streamed generateContent of 10,000 chunks, against a bare async generator;
//   - receive in a conversation of an integration's channel whose reply the integration
//     delivers (thread-bot and slack), against the replying receive above (goal: at most 1.5x).
//   - receive whose handler also keeps a per-user state (getOrSetState + patchState), against
//     the same receive without them (goal: at most 1.2x), the calls' arguments written as
//     literals, and (shown beside it) each a spread of one key object, which costs on its own.
//
// usage: tsx --tsconfig tsconfig.test.json bench/runtime.ts [--quick] [--runs N] [--only receive|streaming|paging|delivery|states]
import { performance } from 'node:perf_hooks'
import { Bot } from '../generated/bots/support-bot/v1.0.0.js'
import { Bot as ThreadBot } from '../generated/bots/thread-bot/v1.0.0.js'
import { type Model, Integration as OpenAI } from '../generated/integrations/openai/v2.0.0.js'
import { Integration as Slack } from '../generated/integrations/slack/v1.0.0.js'
import { createRuntime, InMemoryMessageStore, type StoredMessage, type TimeLimitOptions } from '../src/runtime/index.js'
import { encodePagingToken } from '../src/runtime/pagingToken.js'
import { collectGarbage, measure, ms, ratio, type Sample } from './measure.js'
import { CONVERSATIONS, flags, interleaved, MESSAGES, perSecond, print, RUNS, table } from './runtimeRuns.js'
import { statesSection } from './runtimeStates.js'

const STORED = 1_000_000
const CHUNKS = 10_000

const gpt4o: Model = { id: 'gpt-4o', provider: 'openai', contextWindow: 128000 }
const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(0)

function stream(chunks: number) {
  const openai = new OpenAI({
    actions: {
      generateText: async ({ client }) => {
        for (let i = 0; i < chunks; i++)
          await client.sendChannelMessage({ channel: 'stream', type: 'chunk', payload: { content: 'token ', isComplete: i === chunks - 1 } })
        return { message: { role: 'assistant', content: 'done' }, usage: { inputTokens: 1, outputTokens: chunks } }
      },
      moderate: () => ({ flagged: false, categories: [] }),
      listLanguageModels: () => ({ models: [] }),
    },
  })
  return createRuntime({ bot: new Bot(), integrations: { openai }, env: { OPENAI_API_KEY: 'sk-bench' } })
}

/** The support bot whose text handler replies 'echo' in the conversation. */
function replying(timeLimits?: TimeLimitOptions) {
  const bot = new Bot()
  bot.on.message('text', ({ client, ctx, conversation }) =>
    client.createMessage({ conversationId: conversation.id, userId: ctx.botId, type: 'text', payload: { text: 'echo' }, tags: {} }),
  )
  return createRuntime({ bot, ...(timeLimits && { timeLimits }) })
}

async function receiveSection(): Promise<void> {
  const message = (i: number) => ({ conversationId: `c${i % CONVERSATIONS}`, userId: 'u1', type: 'text' as const, payload: { text: `hello ${i}` }, tags: {} })
  let heap = 0
  const [receive, untimed, bare] = (await interleaved([
    async () => {
      const runtime = replying()
      collectGarbage()
      const before = process.memoryUsage().heapUsed
      for (let i = 0; i < MESSAGES; i++) await runtime.receive(message(i))
      collectGarbage()
      heap = process.memoryUsage().heapUsed - before
      runtime.close()
    },
    async () => {
      const runtime = replying({ handlerMs: Number.POSITIVE_INFINITY })
      for (let i = 0; i < MESSAGES; i++) await runtime.receive(message(i))
      runtime.close()
    },
    async () => {
      const runtime = replying()
      for (let i = 0; i < MESSAGES; i++) {
        await runtime.client.createMessage(message(i))
        await runtime.client.createMessage({
          conversationId: `c${i % CONVERSATIONS}`,
          userId: 'support-bot',
          type: 'text',
          payload: { text: 'echo' },
          tags: {},
        })
      }
      runtime.close()
    },
  ])) as [Sample, Sample, Sample]
  print(`### receive with a bot handler that replies (${MESSAGES.toLocaleString('en-US')} messages over ${CONVERSATIONS} conversations)`)
  print()
  table(
    ['', 'wall ms', 'CPU ms', 'messages / s', 'vs two createMessage'],
    [
      [
        'receive, handler replies (default time limits)',
        ms(receive.wallMs),
        ms(receive.cpuMs),
        perSecond(MESSAGES, receive.wallMs),
        ratio(receive.cpuMs, bare.cpuMs),
      ],
      [
        'receive, time limits off (`handlerMs: Infinity`)',
        ms(untimed.wallMs),
        ms(untimed.cpuMs),
        perSecond(MESSAGES, untimed.wallMs),
        ratio(untimed.cpuMs, bare.cpuMs),
      ],
      ['baseline: the two createMessage calls alone', ms(bare.wallMs), ms(bare.cpuMs), perSecond(MESSAGES, bare.wallMs), '1×'],
    ],
  )
  print(
    `Memory: ${mb(heap)} MB of heap after GC for the ${(MESSAGES * 2).toLocaleString('en-US')} stored messages (${Math.round(heap / (MESSAGES * 2))} bytes per message, in-memory store); peak RSS ${mb(process.resourceUsage().maxRSS * 1024)} MB so far.`,
  )
  print()
}

async function pagingSection(): Promise<void> {
  const fill = (count: number) => {
    const store = new InMemoryMessageStore()
    const at = '2030-01-01T00:00:00.000Z'
    for (let i = 0; i < count; i++) {
      const message: StoredMessage = {
        id: `m${i}`,
        conversationId: 'big',
        userId: 'u1',
        type: 'text',
        payload: { text: `message ${i}` },
        tags: {},
        createdAt: at,
        updatedAt: at,
      }
      store.insert(message)
    }
    return createRuntime({ bot: new Bot(), store })
  }
  const pages = 2_000
  const filled = performance.now()
  const stores = [fill(1_000), fill(STORED)]
  const fillMs = performance.now() - filled
  const newest = (runtime: ReturnType<typeof fill>) => async () => {
    for (let i = 0; i < pages; i++) await runtime.client.listMessages({ conversationId: 'big', limit: 20 })
  }
  const middle = (runtime: ReturnType<typeof fill>, count: number) => {
    const nextToken = encodePagingToken('big', Math.floor(count / 2))
    return async () => {
      for (let i = 0; i < pages; i++) await runtime.client.listMessages({ conversationId: 'big', limit: 20, nextToken })
    }
  }
  const [smallRuntime, largeRuntime] = stores as [ReturnType<typeof fill>, ReturnType<typeof fill>]
  const [smallFirst, largeFirst, smallDeep, largeDeep] = (await interleaved([
    newest(smallRuntime),
    newest(largeRuntime),
    middle(smallRuntime, 1_000),
    middle(largeRuntime, STORED),
  ])) as [Sample, Sample, Sample, Sample]
  const small = { first: smallFirst, deep: smallDeep }
  const large = { first: largeFirst, deep: largeDeep }
  print(`### A page of listMessages (20 messages) at ${STORED.toLocaleString('en-US')} stored messages`)
  print()
  table(
    ['page', `µs per page, 1,000 stored`, `µs per page, ${STORED.toLocaleString('en-US')} stored`, 'ratio'],
    [
      [
        'the newest (no token)',
        ((small.first.wallMs * 1000) / pages).toFixed(1),
        ((large.first.wallMs * 1000) / pages).toFixed(1),
        ratio(large.first.cpuMs, small.first.cpuMs),
      ],
      [
        'from the middle (a nextToken)',
        ((small.deep.wallMs * 1000) / pages).toFixed(1),
        ((large.deep.wallMs * 1000) / pages).toFixed(1),
        ratio(large.deep.cpuMs, small.deep.cpuMs),
      ],
    ],
  )
  print(`(Filling the stores took ${ms(fillMs)} ms; both stay in memory while the pages are timed, interleaved; ratios are of CPU time.)`)
  print()
}

async function streamingSection(): Promise<void> {
  const runtime = stream(CHUNKS)
  let count = 0
  const streamed = await measure(RUNS, async () => {
    const call = runtime.client.streamAction({
      type: 'openai:generateText',
      input: { model: gpt4o, messages: [{ role: 'user', content: 'go' }] },
      channel: 'stream',
      message: 'chunk',
    })
    count = 0
    for await (const chunk of call.chunks) if (chunk.content) count++
    await call.result
  })
  if (count !== CHUNKS) throw new Error(`expected ${CHUNKS} chunks, got ${count}`)
  async function* bare() {
    for (let i = 0; i < CHUNKS; i++) yield { content: 'token ', isComplete: i === CHUNKS - 1 }
  }
  const baseline = await measure(RUNS, async () => {
    let n = 0
    for await (const chunk of bare()) if (chunk.content) n++
    return n
  })
  print(`### A streamed generateContent of ${CHUNKS.toLocaleString('en-US')} chunks`)
  print()
  table(
    ['', 'wall ms', 'CPU ms', 'chunks / s', 'µs per chunk', 'vs bare async iterator'],
    [
      [
        'streamAction: sendChannelMessage -> chunks',
        ms(streamed.median.wallMs),
        ms(streamed.median.cpuMs),
        perSecond(CHUNKS, streamed.median.wallMs),
        ((streamed.median.wallMs * 1000) / CHUNKS).toFixed(2),
        ratio(streamed.median.cpuMs, baseline.median.cpuMs),
      ],
      [
        'baseline: an async generator, for await',
        ms(baseline.median.wallMs),
        ms(baseline.median.cpuMs),
        perSecond(CHUNKS, baseline.median.wallMs),
        ((baseline.median.wallMs * 1000) / CHUNKS).toFixed(2),
        '1×',
      ],
    ],
  )
  print('Each chunk is validated against the channel message schema, copied for the stream, and checked for channel handlers (none here).')
  print()
}

async function deliverySection(): Promise<void> {
  // the same handler on thread-bot: its reply goes out through slack's thread channel, acknowledged with a tag
  const delivering = async () => {
    const bot = new ThreadBot()
    bot.on.message('text', ({ client, ctx, conversation }) =>
      client.createMessage({ conversationId: conversation.id, userId: ctx.botId, type: 'text', payload: { text: 'echo' }, tags: {} }),
    )
    let sent = 0
    const slack = new Slack({ actions: {}, channels: { thread: { messages: { text: ({ ack }) => ack({ tags: { ts: String(++sent) } }) } } } })
    const runtime = createRuntime({ bot, integrations: { slack } })
    const fromSlack = runtime.integration('slack')
    const ids: string[] = []
    for (let c = 0; c < CONVERSATIONS; c++) {
      ids.push((await fromSlack.getOrCreateConversation({ channel: 'thread', tags: { channelId: 'C1', threadTs: String(c) } })).conversation.id)
    }
    const { user } = await fromSlack.getOrCreateUser({ tags: { slackUserId: 'U1' } })
    return { runtime, ids, userId: user.id }
  }
  const text = (i: number) => ({ type: 'text' as const, payload: { text: `hello ${i}` }, tags: {} })
  const [plain, delivered] = (await interleaved([
    async () => {
      const runtime = replying()
      for (let i = 0; i < MESSAGES; i++) await runtime.receive({ conversationId: `c${i % CONVERSATIONS}`, userId: 'u1', ...text(i) })
      runtime.close()
    },
    async () => {
      const { runtime, ids, userId } = await delivering()
      for (let i = 0; i < MESSAGES; i++) await runtime.receive({ conversationId: ids[i % CONVERSATIONS] ?? '', userId, ...text(i) })
      runtime.close()
    },
  ])) as [Sample, Sample]
  print(`### receive whose reply an integration's channel delivers (${MESSAGES.toLocaleString('en-US')} messages over ${CONVERSATIONS} conversations)`)
  print()
  table(
    ['', 'wall ms', 'CPU ms', 'messages / s', 'vs receive, handler replies'],
    [
      [
        'receive in a slack thread, reply delivered and acknowledged',
        ms(delivered.wallMs),
        ms(delivered.cpuMs),
        perSecond(MESSAGES, delivered.wallMs),
        ratio(delivered.cpuMs, plain.cpuMs),
      ],
      ['baseline: receive, handler replies (no integration)', ms(plain.wallMs), ms(plain.cpuMs), perSecond(MESSAGES, plain.wallMs), '1×'],
    ],
  )
  print('Goal: at most 1.5×. The delivered reply is checked against the channel, stored, handed to the delivery handler and updated with its acknowledgement.')
  print()
}

print(`## 7. The runtime`)
print()
print(
  `Command: \`npm run bench:runtime\`${flags.quick ? ' (`--quick`)' : ''} (also the last section of \`npm run bench\`). Node ${process.version}. Warm-up run first, then the median of ${RUNS} run${RUNS === 1 ? '' : 's'}.`,
)
print()
if (flags.only === undefined || flags.only === 'receive') await receiveSection()
if (flags.only === undefined || flags.only === 'streaming') await streamingSection()
if (flags.only === undefined || flags.only === 'paging') await pagingSection()
if (flags.only === undefined || flags.only === 'delivery') await deliverySection()
if (flags.only === undefined || flags.only === 'states') await statesSection()
