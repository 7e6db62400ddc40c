// callAction routing, validation of inputs and outputs, secrets, missing implementations
// and failing actions (docs/runtime.md#actions-callaction-type-input-), on the generated support bot.
import { ActionError, createRuntime, MissingImplementationError, MissingSecretError, ValidationError } from '@botwire/runtime'
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest'
import { Bot } from '../../generated/bots/support-bot/v1.0.0.js'
import { type GenerateTextOutput, Integration as OpenAI } from '../../generated/integrations/openai/v2.0.0.js'
import { Integration as Zendesk } from '../../generated/integrations/zendesk/v1.0.0.js'
import { rejection } from '../support/rejection.js'
import { ENV, gpt4o, makeImplementations, makeWorld, sonnet, ticket } from './world.js'

const hi = [{ role: 'user' as const, content: 'hi' }]

afterEach(() => {
  delete process.env['BOTWIRE_TEST_OPENAI_KEY']
})

describe('callAction routing', () => {
  it("routes '<alias>:<action>' to that integration instance, typed by the bot", async () => {
    const { runtime, log } = makeWorld()
    const out = await runtime.client.callAction({ type: 'openai:generateText', input: { model: gpt4o, messages: hi } })
    expectTypeOf(out).toEqualTypeOf<GenerateTextOutput>()
    expect(out).toEqual({ message: { role: 'assistant', content: 'openai says: hi' }, usage: { inputTokens: 1, outputTokens: 2 } })
    expect(log).toEqual(['openai:generateText key=sk-openai bot=support-bot'])
    expect(await runtime.client.callAction({ type: 'claude:listLanguageModels', input: {} })).toEqual({ models: [sonnet] })
    expect(await runtime.client.callAction({ type: 'openai:moderate', input: { text: 'bad words' } })).toEqual({ flagged: true, categories: [] })
    // @ts-expect-error openai has no generateContent: it renamed it generateText
    await expect(runtime.client.callAction({ type: 'openai:generateContent', input: { model: gpt4o, messages: hi } })).rejects.toMatchObject({
      code: 'UNKNOWN_ACTION',
    })
  })

  it("routes '<pluginAlias>#<action>' to the plugin instance, whose 'llm:generateContent' reaches the integration it is wired to", async () => {
    const { runtime, log } = makeWorld()
    const summary = await runtime.client.callAction({ type: 'assistantOpenai#summarize', input: { conversationId: 'c1', model: gpt4o } })
    expectTypeOf(summary.model).toEqualTypeOf<typeof gpt4o>()
    expect(summary).toEqual({ summary: 'openai says: summarize c1', model: gpt4o })
    // openai renamed the interface's generateContent to generateText
    expect(log).toEqual(['assistant#summarize maxWords=80', 'openai:generateText key=sk-openai bot=support-bot'])

    log.length = 0
    const claude = await runtime.client.callAction({ type: 'assistantClaude#summarize', input: { conversationId: 'c2', model: sonnet } })
    expect(claude).toEqual({ summary: 'claude says: summarize c2', model: sonnet })
    expect(log).toEqual(['assistant#summarize maxWords=120', 'anthropic:generateContent key=sk-anthropic'])

    log.length = 0
    const requester = { email: 'ann@example.com', userId: 7 }
    const escalated = await runtime.client.callAction({ type: 'assistantClaude#escalate', input: { conversationId: 'c2', requester } })
    expect(escalated).toEqual({ ticket: { ...ticket, subject: 'Escalation', requester } })
    expect(log).toEqual(['zendesk:openTicket acme Escalation'])
  })

  it('gives integration handlers { input, ctx: { configurationType, configuration, botId, secrets }, client: { emitEvent } }', async () => {
    const log: string[] = []
    const impl = makeImplementations(log)
    const seen: unknown[] = []
    const zendesk = new Zendesk({
      actions: {
        ...impl.zendesk.actions,
        getTicket: ({ input, ctx, client }) => {
          expectTypeOf(ctx.configuration.subdomain).toEqualTypeOf<string>()
          seen.push({ input, ctx, emitEvent: typeof client.emitEvent })
          return { ticket }
        },
      },
    })
    const runtime = createRuntime({ bot: new Bot(), integrations: { zendesk }, env: ENV, botId: 'b1' })
    await runtime.client.callAction({ type: 'zendesk:getTicket', input: { id: '42' } })
    expect(seen).toEqual([
      {
        input: { id: '42' },
        // zendesk declares no secrets of its own: ctx.secrets is empty (docs/runtime.md#integration-secrets)
        ctx: { configurationType: null, configuration: { subdomain: 'acme', apiToken: 'zd-token', email: 'support@acme.example' }, botId: 'b1', secrets: {} },
        emitEvent: 'function',
      },
    ])
  })

  it('keeps a configuration key named __proto__ an own property, resolved and checked like any other', async () => {
    const impl = makeImplementations([])
    let configuration: object | undefined
    const zendesk = new Zendesk({
      actions: {
        ...impl.zendesk.actions,
        getTicket: ({ ctx }) => {
          configuration = ctx.configuration
          return { ticket }
        },
      },
    })
    // the integration's configuration schema requires a `__proto__` string; the bot gives one
    const integrationDefinition = structuredClone(zendesk.definition)
    integrationDefinition.configuration = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}',
    ) as typeof integrationDefinition.configuration
    ;(zendesk as { definition: typeof integrationDefinition }).definition = integrationDefinition
    const bot = new Bot()
    const botDefinition = structuredClone(bot.definition)
    const added = botDefinition.integrations['zendesk']
    if (!added) throw new Error('the example bot adds zendesk')
    added.configuration = JSON.parse('{"__proto__":{"$secret":"ZENDESK_API_TOKEN"}}') as typeof added.configuration
    ;(bot as { definition: typeof botDefinition }).definition = botDefinition
    const runtime = createRuntime({ bot, integrations: { zendesk }, env: ENV })
    await runtime.client.callAction({ type: 'zendesk:getTicket', input: { id: '42' } })
    expect(configuration !== undefined && Object.hasOwn(configuration, '__proto__')).toBe(true)
    expect(Object.getOwnPropertyDescriptor(configuration, '__proto__')?.value).toBe('zd-token')
  })

  it('names unknown aliases, actions and interfaces clearly', async () => {
    const { runtime, assistant } = makeWorld()
    const loose = runtime.client.callAction as (call: unknown) => Promise<unknown>
    const noAlias = await rejection(loose({ type: 'gemini:generate', input: {} }))
    expect(noAlias.code).toBe('UNKNOWN_ACTION')
    expect(noAlias.message).toContain("bot 'support-bot' adds no integration 'gemini' (its integrations: openai, claude, zendesk)")
    expect((await rejection(loose({ type: 'openai:nope', input: {} }))).message).toContain(
      "integration 'openai' 2.0.0 has no action 'nope' (its actions: moderate, generateText, listLanguageModels)",
    )
    expect((await rejection(loose({ type: 'assistantOpenai#nope', input: {} }))).message).toContain(
      "plugin instance 'assistantOpenai' (support-assistant) has no action 'nope'",
    )
    expect((await rejection(loose({ type: 'ghost#summarize', input: {} }))).message).toContain("adds no plugin 'ghost'")
    expect((await rejection(loose({ type: 'noseparator', input: {} }))).code).toBe('UNKNOWN_ACTION')
    // the other separator: a plugin instance called as an integration, and the other way round
    expect((await rejection(loose({ type: 'assistantOpenai:summarize', input: {} }))).message).toBe(
      "action 'assistantOpenai:summarize': bot 'support-bot' adds no integration 'assistantOpenai' (its integrations: openai, claude, zendesk); 'assistantOpenai' is a plugin instance of it, written 'assistantOpenai#<name>'",
    )
    expect((await rejection(loose({ type: 'openai#moderate', input: {} }))).message).toBe(
      "action 'openai#moderate': bot 'support-bot' adds no plugin 'openai' (its plugins: assistantOpenai, assistantClaude); 'openai' is an integration of it, written 'openai:<name>'",
    )

    let pluginError: unknown
    assistant.on.message('text', async ({ client }) => {
      const pluginLoose = client.callAction as (call: unknown) => Promise<unknown>
      pluginError = await rejection(pluginLoose({ type: 'llm:embed', input: {} }))
    })
    await runtime.receive({ conversationId: 'c', userId: 'u', type: 'text', payload: { text: 'x' }, tags: {} })
    expect((pluginError as Error).message).toContain("interface 'llm' (llm 1.0.0) has no action 'embed' (its actions: generateContent, listLanguageModels)")
  })
})

describe('validation of inputs and outputs', () => {
  it('validates the input against the schema of the integration that runs the action', async () => {
    const { runtime, log } = makeWorld()
    const error = await rejection(runtime.client.callAction({ type: 'openai:generateText', input: { model: gpt4o, messages: hi, temperature: 3 } }))
    expect(error).toBeInstanceOf(ValidationError)
    expect(error.code).toBe('INVALID_INPUT')
    expect(error.message).toBe("invalid input for action 'openai:generateText': input.temperature: must be at most 2, not 3")
    expect(log).toEqual([])
  })

  it("validates a plugin's interface call against the wired integration's entities, which may require more than the interface's", async () => {
    const { runtime, assistant } = makeWorld()
    let error: (Error & { code?: string }) | undefined
    assistant.on.message('text', async ({ client, ctx }) => {
      if (ctx.configuration.maxWords !== 80) return
      // a valid llm modelRef, but openai's model entity also requires contextWindow
      error = await rejection(client.callAction({ type: 'llm:generateContent', input: { model: { id: 'gpt-4o', provider: 'openai' }, messages: hi } }))
    })
    await runtime.receive({ conversationId: 'c', userId: 'u', type: 'text', payload: { text: 'x' }, tags: {} })
    expect(error?.code).toBe('INVALID_INPUT')
    expect(error?.message).toBe(
      "invalid input for action 'llm:generateContent' of plugin instance 'assistantOpenai' (runs openai:generateText): input.model.contextWindow: is required",
    )
  })

  it("validates plugin action inputs against the instance's dereferenced schemas", async () => {
    const { runtime } = makeWorld()
    const loose = runtime.client.callAction as (call: unknown) => Promise<unknown>
    // assistantClaude's model is anthropic's claudeModel: maxOutputTokens required, provider 'anthropic'
    const error = await rejection(loose({ type: 'assistantClaude#summarize', input: { conversationId: 'c1', model: gpt4o } }))
    expect(error.code).toBe('INVALID_INPUT')
    expect(error.issues).toEqual(['input.model.maxOutputTokens: is required', "input.model.provider: must be 'anthropic'"])
  })

  it('rejects an output that does not match the schema', async () => {
    const log: string[] = []
    const impl = makeImplementations(log)
    const broken = new OpenAI({
      actions: {
        ...impl.openai.actions,
        generateText: () => ({ message: { role: 'assistant', content: 'x' } }) as unknown as GenerateTextOutput,
      },
    })
    const runtime = createRuntime({ bot: new Bot(), integrations: { openai: broken }, env: ENV })
    const error = await rejection(runtime.client.callAction({ type: 'openai:generateText', input: { model: gpt4o, messages: hi } }))
    expect(error).toBeInstanceOf(ValidationError)
    expect(error.code).toBe('INVALID_OUTPUT')
    expect(error.message).toBe("action 'openai:generateText' returned an invalid output: output.usage: is required")
  })
})

describe('secrets and configuration', () => {
  it('a missing secret is a clear error when the action is called', async () => {
    const { runtime, log } = makeWorld({ env: { OPENAI_API_KEY: 'sk-openai' } })
    const error = await rejection(runtime.client.callAction({ type: 'claude:listLanguageModels', input: {} }))
    expect(error).toBeInstanceOf(MissingSecretError)
    expect(error.code).toBe('MISSING_SECRET')
    expect(error.secret).toBe('ANTHROPIC_API_KEY')
    expect(error.message).toBe(
      "integration 'claude' (anthropic) needs the secret ANTHROPIC_API_KEY, which is not set: set the environment variable ANTHROPIC_API_KEY (or pass it in createRuntime({ env }))",
    )
    // the openai side works
    await runtime.client.callAction({ type: 'openai:moderate', input: { text: 'ok' } })
    expect(log).toEqual([])
  })

  it("checks the configuration schema's string constraints against the real secret value, without showing it", async () => {
    const { runtime } = makeWorld({ env: { ...ENV, OPENAI_API_KEY: '' } })
    const error = await rejection(runtime.client.callAction({ type: 'openai:moderate', input: { text: 'ok' } }))
    expect(error.code).toBe('INVALID_CONFIGURATION')
    expect(error.message).toBe("the configuration of integration 'openai' (openai) is invalid: configuration.apiKey: must have at least 1 character")
  })

  it('reads secrets from process.env by default, at call time', async () => {
    const log: string[] = []
    const impl = makeImplementations(log)
    const bot = new Bot()
    const runtime = createRuntime({ bot, integrations: { openai: impl.openai } })
    const before = await rejection(runtime.client.callAction({ type: 'openai:generateText', input: { model: gpt4o, messages: hi } }))
    if (process.env['OPENAI_API_KEY'] === undefined) expect(before.code).toBe('MISSING_SECRET')
    process.env['OPENAI_API_KEY'] ??= 'from-process-env'
    try {
      await runtime.client.callAction({ type: 'openai:generateText', input: { model: gpt4o, messages: hi } })
      expect(log).toEqual([`openai:generateText key=${process.env['OPENAI_API_KEY']} bot=support-bot`])
    } finally {
      if (process.env['OPENAI_API_KEY'] === 'from-process-env') delete process.env['OPENAI_API_KEY']
    }
  })
})

describe('missing implementations', () => {
  it('an integration not given to createRuntime is a clear error when its action is called', async () => {
    const impl = makeImplementations([])
    const runtime = createRuntime({ bot: new Bot(), integrations: { openai: impl.openai }, plugins: { 'support-assistant': impl.assistant }, env: ENV })
    const error = await rejection(runtime.client.callAction({ type: 'zendesk:getTicket', input: { id: '1' } }))
    expect(error).toBeInstanceOf(MissingImplementationError)
    expect(error.code).toBe('MISSING_IMPLEMENTATION')
    expect(error.message).toBe(
      "action 'zendesk:getTicket': no implementation of integration 'zendesk' (alias 'zendesk') was given: pass createRuntime({ integrations: { 'zendesk': new Integration({ actions }) } })",
    )
    // through a plugin, too
    const viaPlugin = await rejection(
      runtime.client.callAction({ type: 'assistantOpenai#escalate', input: { conversationId: 'c', requester: { email: 'a@b.co', userId: 1 } } }),
    )
    expect(viaPlugin.code).toBe('ACTION_FAILED')
    expect((viaPlugin.cause as { code?: string }).code).toBe('MISSING_IMPLEMENTATION')
  })

  it('a plugin not given to createRuntime is a clear error when its action is called', async () => {
    const impl = makeImplementations([])
    const runtime = createRuntime({ bot: new Bot(), integrations: { openai: impl.openai }, env: ENV })
    const error = await rejection(runtime.client.callAction({ type: 'assistantOpenai#summarize', input: { conversationId: 'c', model: gpt4o } }))
    expect(error.code).toBe('MISSING_IMPLEMENTATION')
    expect(error.message).toContain("no implementation of plugin 'support-assistant' (instance 'assistantOpenai') was given")
  })

  it('an action handler missing from an implementation is a clear error', async () => {
    const impl = makeImplementations([])
    const partial = new OpenAI({ actions: { moderate: impl.openai.actions.moderate } as unknown as typeof impl.openai.actions })
    const runtime = createRuntime({ bot: new Bot(), integrations: { openai: partial }, env: ENV })
    const error = await rejection(runtime.client.callAction({ type: 'openai:listLanguageModels', input: {} }))
    expect(error.code).toBe('MISSING_IMPLEMENTATION')
    expect(error.message).toBe("action 'openai:listLanguageModels': the implementation of integration 'openai' has no handler for action 'listLanguageModels'")
  })

  it('rejects implementations keyed by another name, of a version the bot does not use, or that the bot does not add', () => {
    const impl = makeImplementations([])
    const bot = new Bot()
    // @ts-expect-error the types refuse it too (test/types/runtimeOptions.ts); this is the check for JavaScript and casts
    expect(() => createRuntime({ bot, integrations: { anthropic: impl.openai } })).toThrow(
      "integrations['anthropic']: is integration 'openai'; key each integration by its name",
    )
    const wrongVersion = Object.assign(Object.create(Object.getPrototypeOf(impl.openai) as object) as typeof impl.openai, impl.openai, {
      definition: { ...impl.openai.definition, version: '1.0.0' },
    })
    expect(() => createRuntime({ bot, integrations: { openai: wrongVersion } })).toThrow(
      "integrations['openai']: is version 1.0.0, but bot 'support-bot' uses openai 2.0.0",
    )
    const unused = { ...impl.openai, definition: { ...impl.openai.definition, name: 'mistral' } }
    // @ts-expect-error the types refuse it too
    expect(() => createRuntime({ bot, integrations: { mistral: unused } })).toThrow(
      "bot 'support-bot' adds no integration 'mistral' (it adds anthropic, openai, zendesk)",
    )
    try {
      createRuntime({ bot, plugins: { 'support-assistant': impl.openai as never } })
      expect.unreachable()
    } catch (error) {
      expect((error as { code?: string }).code).toBe('INVALID_RUNTIME_OPTIONS')
    }
  })
})

describe('failing actions', () => {
  /** `openai:moderate` with a handler that throws `thrown`: the error callAction rejects with. */
  async function moderateThrowing(thrown: unknown): Promise<Awaited<ReturnType<typeof rejection>>> {
    const impl = makeImplementations([])
    const failing = new OpenAI({
      actions: {
        ...impl.openai.actions,
        moderate: () => {
          throw thrown
        },
      },
    })
    const runtime = createRuntime({ bot: new Bot(), integrations: { openai: failing }, env: ENV })
    return rejection(runtime.client.callAction({ type: 'openai:moderate', input: { text: 'x' } }))
  }

  it('rejects with an error that names the action and keeps the original as cause', async () => {
    const original = new Error('rate limited')
    const error = await moderateThrowing(original)
    expect(error).toBeInstanceOf(ActionError)
    expect(error.code).toBe('ACTION_FAILED')
    expect(error.action).toBe('openai:moderate')
    expect(error.message).toBe("action 'openai:moderate' failed: rate limited")
    expect(error.cause).toBe(original)
  })

  it('keeps as cause whatever was thrown, and words it, even an object that cannot be turned into a string', async () => {
    const cases: [unknown, string][] = [
      [Object.create(null), '{}'],
      ['plain words', 'plain words'],
      [{ message: 'from an object', status: 503 }, 'from an object'],
      [{ status: 503 }, '{"status":503}'],
      [undefined, 'undefined'],
    ]
    for (const [thrown, words] of cases) {
      const error = await moderateThrowing(thrown)
      expect(error).toBeInstanceOf(ActionError)
      expect(error.message).toBe(`action 'openai:moderate' failed: ${words}`)
      expect(error.cause).toBe(thrown)
    }
  })

  it('names the interface action and the integration action it ran when called from a plugin', async () => {
    const impl = makeImplementations([])
    const original = new Error('overloaded')
    const failing = new OpenAI({ actions: { ...impl.openai.actions, generateText: async () => Promise.reject(original) } })
    const runtime = createRuntime({ bot: new Bot(), integrations: { openai: failing }, plugins: { 'support-assistant': impl.assistant }, env: ENV })
    const error = await rejection(runtime.client.callAction({ type: 'assistantOpenai#summarize', input: { conversationId: 'c', model: gpt4o } }))
    // the plugin's summarize failed because the llm call it made failed
    expect(error.message).toBe(
      "action 'assistantOpenai#summarize' failed: action 'llm:generateContent' of plugin instance 'assistantOpenai' (runs openai:generateText) failed: overloaded",
    )
    const inner = error.cause as ActionError
    expect(inner.action).toBe('llm:generateContent')
    expect(inner.cause).toBe(original)
  })
})

describe('inputs and outputs are copies', () => {
  it('a handler that changes its input changes nothing of the caller, and the caller gets its own copy of the output', async () => {
    const impl = makeImplementations([])
    const kept: { categories: string[] }[] = []
    const changing = new OpenAI({
      actions: {
        ...impl.openai.actions,
        moderate: ({ input }) => {
          input.text = 'changed by the handler'
          const output = { flagged: false, categories: ['kept'] }
          kept.push(output)
          return output
        },
      },
    })
    const runtime = createRuntime({ bot: new Bot(), integrations: { openai: changing }, env: ENV })
    const input = { text: 'original' }
    const output = await runtime.client.callAction({ type: 'openai:moderate', input })
    expect(input.text).toBe('original')
    output.categories.push('added by the caller')
    expect(kept[0]?.categories).toEqual(['kept'])
  })
})
