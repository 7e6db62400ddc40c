// Fail fast on wiring (docs/runtime.md#fail-fast-on-wiring): runtime.verify() and
// createRuntime({ verify: true }) report, in one error, every implementation and action
// handler the generated support bot needs but was not given.
import { createRuntime, MissingImplementationError } from '@botwire/runtime'
import { describe, expect, it } from 'vitest'
import { Bot } from '../../generated/bots/support-bot/v1.0.0.js'
import { Integration as OpenAI } from '../../generated/integrations/openai/v2.0.0.js'
import { ENV, makeImplementations, makeWorld } from './world.js'

describe('verify', () => {
  it('passes when everything is given', () => {
    const { runtime } = makeWorld()
    expect(() => runtime.verify()).not.toThrow()
  })

  it('lists every implementation not given and every handler missing, in one MissingImplementationError', () => {
    const impl = makeImplementations([])
    const partial = new OpenAI({ actions: { moderate: impl.openai.actions.moderate } as unknown as typeof impl.openai.actions })
    const runtime = createRuntime({ bot: new Bot(), integrations: { openai: partial, zendesk: impl.zendesk }, env: ENV })
    let error: unknown
    try {
      runtime.verify()
    } catch (thrown) {
      error = thrown
    }
    expect(error).toBeInstanceOf(MissingImplementationError)
    const missing = [
      "integration 'openai': no handler for action 'generateText'",
      "integration 'openai': no handler for action 'listLanguageModels'",
      "integration 'anthropic' (alias 'claude'): not given (integrations: { 'anthropic': new Integration({ actions }) })",
      "plugin 'support-assistant' (instance 'assistantOpenai', 'assistantClaude'): not given (plugins: { 'support-assistant': new Plugin({ actions }) })",
    ]
    expect(error).toMatchObject({
      code: 'MISSING_IMPLEMENTATION',
      missing,
      message: `bot 'support-bot' needs implementations that were not given: ${missing.join('; ')}`,
    })
  })

  it('createRuntime({ verify: true }) does it at start-up; without it, a missing implementation fails only when called', async () => {
    const impl = makeImplementations([])
    expect(() => createRuntime({ bot: new Bot(), integrations: { openai: impl.openai, anthropic: impl.anthropic }, verify: true })).toThrow(
      "bot 'support-bot' needs implementations that were not given: integration 'zendesk' (alias 'zendesk'): not given",
    )
    const lazy = createRuntime({ bot: new Bot(), integrations: { openai: impl.openai, anthropic: impl.anthropic }, env: ENV })
    expect(await lazy.client.callAction({ type: 'openai:moderate', input: { text: 'hi' } })).toEqual({ flagged: false, categories: [] })
  })

  it('sees handlers and implementations as they are when called (a handler added later counts)', () => {
    const impl = makeImplementations([])
    const actions = { ...impl.openai.actions } as Partial<typeof impl.openai.actions>
    delete actions.moderate
    const openai = new OpenAI({ actions: actions as typeof impl.openai.actions })
    const runtime = createRuntime({
      bot: new Bot(),
      integrations: { openai, anthropic: impl.anthropic, zendesk: impl.zendesk },
      plugins: { 'support-assistant': impl.assistant },
    })
    expect(() => runtime.verify()).toThrow("integration 'openai': no handler for action 'moderate'")
    ;(openai.actions as { moderate?: unknown }).moderate = impl.openai.actions.moderate
    expect(() => runtime.verify()).not.toThrow()
  })
})
