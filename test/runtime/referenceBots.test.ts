// The reference platform's example bots written on botwire (issue #34's "Done when"), on the
// generated code of the reference-bots fixture, each run end to end on a ManualClock: an email
// answered in its thread (docs/runtime.md#incoming-messages, #delivery), a Slack thread
// answered with a per-conversation state (docs/runtime.md#states), a recurring event that files
// an issue through an integration's action (docs/runtime.md#recurring-events). No `x-`
// annotation, no hand-written store: the runtime's in-memory stores keep everything.
import { createRuntime, ManualClock } from '@botwire/runtime'
import { describe, expect, it } from 'vitest'
import { Bot as EmailResponder } from '../fixtures/valid/reference-bots/expected/bots/email-responder/v1.0.0.js'
import { Bot as IssueFiler } from '../fixtures/valid/reference-bots/expected/bots/issue-filer/v1.0.0.js'
import { Bot as SlackThreadBot } from '../fixtures/valid/reference-bots/expected/bots/slack-thread-bot/v1.0.0.js'
import { Integration as GitHub } from '../fixtures/valid/reference-bots/expected/integrations/github/v1.0.0.js'
import { Integration as Gmail } from '../fixtures/valid/reference-bots/expected/integrations/gmail/v1.0.0.js'
import { Integration as Slack } from '../fixtures/valid/reference-bots/expected/integrations/slack/v1.0.0.js'
import { Plugin as Personality } from '../fixtures/valid/reference-bots/expected/plugins/personality/v1.0.0.js'

const START = '2026-03-01T08:00:00.000Z'

describe('answering an email in its thread (docs/runtime.md#delivery)', () => {
  /** What Gmail's API would be sent: the thread, the headers, the body; it answers with the new email's id. */
  type SentEmail = { threadId: string | undefined; subject: string | undefined; to: string | undefined; inReplyTo: string | undefined; body: string }

  function emailWorld() {
    const sent: SentEmail[] = []
    const secretsSeen: string[] = []
    const gmail = new Gmail({
      actions: {},
      channels: {
        thread: {
          messages: {
            text: async ({ payload, conversation, message, ctx, ack }) => {
              secretsSeen.push(ctx.secrets.OAUTH_CLIENT_SECRET)
              sent.push({
                threadId: conversation.tags.threadId,
                subject: conversation.tags.subject,
                to: conversation.tags.email,
                inReplyTo: message.tags.inReplyTo,
                body: payload.text,
              })
              await ack({ tags: { id: `gmail-${sent.length}` } })
            },
          },
        },
      },
    })
    const bot = new EmailResponder()
    const clock = new ManualClock(START)
    const runtime = createRuntime({ bot, integrations: { gmail }, clock, env: { OAUTH_CLIENT_SECRET: 'shh-oauth' } })
    return { bot, runtime, clock, sent, secretsSeen, fromGmail: runtime.integration('gmail') }
  }

  it('an email that arrives through the integration is answered in its thread, delivered by the channel handler, which acks its id', async () => {
    const { bot, runtime, sent, secretsSeen, fromGmail } = emailWorld()
    bot.on.message('text', async ({ message, conversation, user, client }) => {
      if (message.userId === runtime.botId) return
      const subject = conversation.tags?.['gmail:subject'] ?? '(no subject)'
      const inReplyTo = message.tags['gmail:id']
      await client.createMessage({
        conversationId: conversation.id,
        userId: runtime.botId,
        type: 'text',
        payload: { text: `Hello ${user?.name ?? 'there'}, about "${subject}": we are on it.` },
        tags: inReplyTo === undefined ? {} : { 'gmail:inReplyTo': inReplyTo },
      })
      await client.updateConversation({ id: conversation.id, tags: { answered: 'yes' } })
    })

    // Gmail's webhook: the thread and the sender found or created by their tags, then the email
    const { conversation } = await fromGmail.getOrCreateConversation({
      channel: 'thread',
      tags: { threadId: 't-100', subject: 'Invoice 42', email: 'ada@example.com' },
    })
    const { user } = await fromGmail.getOrCreateUser({ tags: { email: 'ada@example.com' }, name: 'Ada' })
    const { message: email } = await fromGmail.createMessage({
      conversationId: conversation.id,
      userId: user.id,
      type: 'text',
      payload: { text: 'Where is my invoice?' },
      tags: { id: 'gmail-in-1' },
    })
    expect(email).toMatchObject({ integration: 'gmail', channel: 'thread', tags: { id: 'gmail-in-1' } })

    expect(sent).toEqual([
      { threadId: 't-100', subject: 'Invoice 42', to: 'ada@example.com', inReplyTo: 'gmail-in-1', body: 'Hello Ada, about "Invoice 42": we are on it.' },
    ])
    expect(secretsSeen).toEqual(['shh-oauth'])
    // newest first: the answer, stored with the id Gmail acknowledged, then the email
    const { messages } = await runtime.client.listMessages({ conversationId: conversation.id })
    expect(messages.map((m) => ({ from: m.userId, tags: m.tags, delivery: m.delivery }))).toEqual([
      { from: 'email-responder', tags: { 'gmail:inReplyTo': 'gmail-in-1', 'gmail:id': 'gmail-1' }, delivery: { status: 'delivered' } },
      { from: user.id, tags: { 'gmail:id': 'gmail-in-1' }, delivery: undefined },
    ])
    expect((await runtime.client.getConversation({ id: conversation.id })).conversation).toMatchObject({
      integration: 'gmail',
      channel: 'thread',
      tags: { 'gmail:threadId': 't-100', 'gmail:subject': 'Invoice 42', 'gmail:email': 'ada@example.com', answered: 'yes' },
      createdAt: '2026-03-01T08:00:00.000Z',
    })
  })

  it('a second email of the same thread lands in the same conversation, and its answer in the same thread', async () => {
    const { bot, runtime, clock, sent, fromGmail } = emailWorld()
    bot.on.message('text', ({ message, conversation, client }) =>
      message.userId === runtime.botId
        ? undefined
        : client.createMessage({ conversationId: conversation.id, userId: runtime.botId, type: 'text', payload: { text: 'Noted.' }, tags: {} }),
    )
    const arrive = async (id: string, subject: string, text: string) => {
      const { conversation } = await fromGmail.getOrCreateConversation({
        channel: 'thread',
        tags: { threadId: 't-7', subject, email: 'ada@example.com' },
        discriminateByTags: ['threadId'],
      })
      const { user } = await fromGmail.getOrCreateUser({ tags: { email: 'ada@example.com' } })
      await fromGmail.createMessage({ conversationId: conversation.id, userId: user.id, type: 'text', payload: { text }, tags: { id } })
      return conversation
    }
    const first = await arrive('in-1', 'Invoice 42', 'Where is my invoice?')
    await clock.advance(3_600_000)
    const second = await arrive('in-2', 'Re: Invoice 42', 'Any news?')
    expect(second.id).toBe(first.id)
    // the subject the thread was created with stays: discriminateByTags finds by the thread id only
    expect(sent.map((s) => [s.threadId, s.subject, s.to])).toEqual([
      ['t-7', 'Invoice 42', 'ada@example.com'],
      ['t-7', 'Invoice 42', 'ada@example.com'],
    ])
    const { messages } = await runtime.client.listMessages({ conversationId: first.id })
    expect(messages).toHaveLength(4)
    expect(messages.map((m) => m.createdAt)).toEqual(['2026-03-01T09:00:00.000Z', '2026-03-01T09:00:00.000Z', START, START])
  })
})

describe('answering a Slack message in its thread, with a per-conversation state (docs/runtime.md#states)', () => {
  it('each thread keeps its own count across messages; a DM is told from a thread by its channel; replies go to their thread', async () => {
    const posted: { channel: string; id: string | undefined; thread: string | undefined; text: string }[] = []
    let ts = 0
    const slack = new Slack({
      actions: {},
      channels: {
        channel: {
          messages: {
            text: async ({ payload, conversation, ack }) => {
              posted.push({ channel: 'channel', id: conversation.tags.id, thread: conversation.tags.thread, text: payload.text })
              await ack({ tags: { ts: `1700000000.${++ts}` } })
            },
          },
        },
        dm: {
          messages: {
            text: async ({ payload, conversation, ack }) => {
              posted.push({ channel: 'dm', id: conversation.tags.id, thread: undefined, text: payload.text })
              await ack({ tags: { ts: `1700000000.${++ts}` } })
            },
          },
        },
      },
    })
    const personality = new Personality({ actions: {} })
    personality.on.message('text', async ({ user, client }) => {
      if (!user) return
      const key = { type: 'user', id: user.id, name: 'greeted' } as const
      const { state } = await client.getOrSetState({ ...key, payload: {} })
      await client.patchState({ ...key, payload: { times: state.payload.times + 1 } })
      if (user.tags.nickname === undefined) await client.updateUser({ id: user.id, tags: { nickname: (user.name ?? 'friend').toLowerCase() } })
    })
    const bot = new SlackThreadBot()
    bot.on.message('text', async ({ message, conversation, client }) => {
      if (message.userId === 'slack-thread-bot') return
      const key = { type: 'conversation', id: conversation.id, name: 'thread' } as const
      const { state } = await client.getOrSetState({ ...key, payload: {} })
      const questions = state.payload.questions + 1
      await client.patchState({ ...key, payload: { questions, lastQuestion: message.payload.text } })
      const where = conversation.channel === 'dm' ? 'in this DM' : 'in this thread'
      await client.createMessage({
        conversationId: conversation.id,
        userId: 'slack-thread-bot',
        type: 'text',
        payload: { text: `question ${questions} ${where}` },
        tags: {},
      })
    })
    const clock = new ManualClock(START)
    const runtime = createRuntime({ bot, integrations: { slack }, plugins: { personality }, clock })
    const fromSlack = runtime.integration('slack')

    // Slack's events API: a message in a thread, a second thread, a DM, then the first thread again
    const say = async (where: { channel: 'channel' | 'dm'; tags: { id: string; thread?: string } }, text: string) => {
      const { conversation } = await fromSlack.getOrCreateConversation(where)
      const { user } = await fromSlack.getOrCreateUser({ tags: { id: 'U1' }, name: 'Grace' })
      await fromSlack.createMessage({ conversationId: conversation.id, userId: user.id, type: 'text', payload: { text }, tags: { ts: text } })
      return { conversation, user }
    }
    const threadA = { channel: 'channel', tags: { id: 'C1', thread: '17.1' } } as const
    const a = await say(threadA, 'how do I deploy?')
    await say({ channel: 'channel', tags: { id: 'C1', thread: '17.2' } }, 'who is on call?')
    await say({ channel: 'dm', tags: { id: 'D9' } }, 'psst')
    await say(threadA, 'and roll back?')

    expect(posted).toEqual([
      { channel: 'channel', id: 'C1', thread: '17.1', text: 'question 1 in this thread' },
      { channel: 'channel', id: 'C1', thread: '17.2', text: 'question 1 in this thread' },
      { channel: 'dm', id: 'D9', thread: undefined, text: 'question 1 in this DM' },
      { channel: 'channel', id: 'C1', thread: '17.1', text: 'question 2 in this thread' },
    ])
    const { state } = await runtime.client.getState({ type: 'conversation', id: a.conversation.id, name: 'thread' })
    expect(state?.payload).toEqual({ questions: 2, lastQuestion: 'and roll back?' })
    // the plugin's user tag and state, kept apart from the bot's
    expect((await runtime.client.getUser({ id: a.user.id })).user.tags).toEqual({ 'slack:id': 'U1', 'personality#nickname': 'grace' })
    expect((await runtime.client.listConversations({ integration: 'slack' })).conversations).toHaveLength(3)
    // the thread's replies (newest first) carry the timestamps Slack acknowledged
    const { messages } = await runtime.client.listMessages({ conversationId: a.conversation.id })
    expect(messages.filter((m) => m.userId === 'slack-thread-bot').map((m) => m.tags['slack:ts'])).toEqual(['1700000000.4', '1700000000.1'])
    runtime.close()
  })
})

describe('a recurring event that files issues (docs/runtime.md#recurring-events)', () => {
  it('every day at 09:00 the bot files an issue through the github action; three days, three issues', async () => {
    const issues: { owner: string; repo: string; token: string; title: string; labels: string[] }[] = []
    const github = new GitHub({
      actions: {
        openIssue: ({ input, ctx }) => {
          issues.push({
            owner: ctx.configuration.owner,
            repo: ctx.configuration.repo,
            token: ctx.secrets.GITHUB_TOKEN,
            title: input.title,
            labels: input.labels,
          })
          const number = issues.length
          return { issue: { number, url: `https://github.com/${ctx.configuration.owner}/${ctx.configuration.repo}/issues/${number}`, title: input.title } }
        },
      },
    })
    const bot = new IssueFiler()
    const clock = new ManualClock(START)
    bot.on.event('dailyTriage', async ({ event, client }) => {
      const day = new Date(clock.now()).toISOString().slice(0, 10)
      const { issue } = await client.callAction({ type: 'github:openIssue', input: { title: `Triage ${day}`, labels: [event.payload.label] } })
      const key = { type: 'bot', id: 'issue-filer', name: 'filed' } as const
      const { state } = await client.getOrSetState({ ...key, payload: {} })
      await client.patchState({ ...key, payload: { count: state.payload.count + 1, lastIssue: issue.number } })
    })
    const errors: unknown[] = []
    const runtime = createRuntime({ bot, integrations: { github }, clock, env: { GITHUB_TOKEN: 'ghp_secret' }, onBackgroundError: (e) => errors.push(e) })

    await clock.advance(3 * 86_400_000)
    await settled()
    expect(errors).toEqual([])
    expect(issues).toEqual(
      ['2026-03-01', '2026-03-02', '2026-03-03'].map((day) => ({
        owner: 'botwire',
        repo: 'triage',
        token: 'ghp_secret',
        title: `Triage ${day}`,
        labels: ['triage'],
      })),
    )
    const { state } = await runtime.client.getState({ type: 'bot', id: 'issue-filer', name: 'filed' })
    expect(state?.payload).toEqual({ count: 3, lastIssue: 3 })
    runtime.close()
    await clock.advance(86_400_000)
    expect(issues).toHaveLength(3)
  })
})

/** Lets the promise chains a recurring handler started finish. */
async function settled(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve))
}
