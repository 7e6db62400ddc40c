// The runtime section's state pair (bench/runtime.ts `--only states`, issue #34: at most
// 1.2x): receive whose handler calls getOrSetState + patchState on a per-user state, its
// arguments written as literals (the goal's measure) and each a spread of one key object,
// against the same receive without them; and what building the arguments alone costs.
import { Bot } from '../generated/bots/support-bot/v1.0.0.js'
import { createRuntime } from '../src/runtime/index.js'
import { cpuNow, ms, ratio, type Sample } from './measure.js'
import { CONVERSATIONS, interleaved, MESSAGES, perSecond, print, table } from './runtimeRuns.js'

/** How a handler builds the key and payload of its two state calls. */
type StateArguments = 'literals' | 'spread'

/** CPU µs to build one message's two state-call arguments, both ways, with no call made (the spread's own cost, on this Node). */
function argumentCost(): Record<StateArguments, number> {
  const count = 200_000
  let kept: unknown
  const cost = (build: (id: string) => unknown): number => {
    for (let i = 0; i < 1000; i++) kept = build(`u${i}`)
    const cpu = cpuNow()
    for (let i = 0; i < count; i++) kept = build(`u${i % 1000}`)
    return ((cpuNow() - cpu) * 1000) / count
  }
  const costs = {
    literals: cost((id) => [
      { type: 'user', id, name: 'visits', payload: {} },
      { type: 'user', id, name: 'visits', payload: { count: 1, lastTopic: 'bench' } },
    ]),
    spread: cost((id) => {
      const key = { type: 'user', id, name: 'visits' }
      return [
        { ...key, payload: {} },
        { ...key, payload: { count: 1, lastTopic: 'bench' } },
      ]
    }),
  }
  if (kept === undefined) throw new Error('nothing built')
  return costs
}

export async function statesSection(): Promise<void> {
  const USERS = 1_000
  const replying = (keepsState: StateArguments | undefined) => {
    const bot = new Bot()
    bot.on.message('text', async ({ message, client, ctx, conversation }) => {
      if (keepsState === 'literals') {
        const { state } = await client.getOrSetState({ type: 'user', id: message.userId, name: 'visits', payload: {} })
        await client.patchState({ type: 'user', id: message.userId, name: 'visits', payload: { count: state.payload.count + 1, lastTopic: 'bench' } })
      } else if (keepsState === 'spread') {
        const key = { type: 'user', id: message.userId, name: 'visits' } as const
        const { state } = await client.getOrSetState({ ...key, payload: {} })
        await client.patchState({ ...key, payload: { count: state.payload.count + 1, lastTopic: 'bench' } })
      }
      await client.createMessage({ conversationId: conversation.id, userId: ctx.botId, type: 'text', payload: { text: 'echo' }, tags: {} })
    })
    return createRuntime({ bot })
  }
  const message = (i: number) => ({
    conversationId: `c${i % CONVERSATIONS}`,
    userId: `u${i % USERS}`,
    type: 'text' as const,
    payload: { text: `hello ${i}` },
    tags: {},
  })
  const keeping = (how: StateArguments) => async () => {
    const runtime = replying(how)
    for (let i = 0; i < MESSAGES; i++) await runtime.receive(message(i))
    const visits = (await runtime.client.getState({ type: 'user', id: 'u0', name: 'visits' })).state?.payload.count ?? 0
    runtime.close()
    if (visits !== MESSAGES / USERS) throw new Error(`expected ${MESSAGES / USERS} visits of u0, got ${visits}`)
  }
  const [literals, spread, without] = (await interleaved([
    keeping('literals'),
    keeping('spread'),
    async () => {
      const runtime = replying(undefined)
      for (let i = 0; i < MESSAGES; i++) await runtime.receive(message(i))
      runtime.close()
    },
  ])) as [Sample, Sample, Sample]
  const built = argumentCost()
  const row = (label: string, sample: Sample, vs: string) => [
    label,
    ms(sample.wallMs),
    ms(sample.cpuMs),
    `${((sample.cpuMs * 1000) / MESSAGES).toFixed(1)} µs`,
    perSecond(MESSAGES, sample.wallMs),
    vs,
  ]
  print(`### receive with a per-user state (${MESSAGES.toLocaleString('en-US')} messages, ${USERS.toLocaleString('en-US')} users)`)
  print()
  table(
    ['', 'wall ms', 'CPU ms', 'CPU per message', 'messages / s', 'vs without the state'],
    [
      row('receive, handler: getOrSetState + patchState (arguments written as literals), then replies', literals, ratio(literals.cpuMs, without.cpuMs)),
      row('the same, each argument a spread of one key object (`{ ...key, payload }`)', spread, ratio(spread.cpuMs, without.cpuMs)),
      row('baseline: receive, handler replies', without, '1×'),
    ],
  )
  print(
    `Each state call checks the key, validates the payload (defaults filled) and copies it in and out of the in-memory store; the goal (at most 1.2×) is read from the first row. Building the two calls' arguments alone, with no call made, costs ${built.literals.toFixed(2)} µs per message as literals and ${built.spread.toFixed(2)} µs as spreads on Node ${process.version}: the difference between the first two rows is the spread's (V8's), paid before any call.`,
  )
  print()
}
