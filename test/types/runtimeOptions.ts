// createRuntime's options are typed by the bot (its generated `Implementations`): an
// implementation under a name the bot does not add, or of another integration or plugin, does
// not compile; leaving one out does (runtime.verify() reports that, at start-up).

import { createRuntime } from '@botwire/runtime'
import { Bot } from '../../generated/bots/support-bot/v1.0.0.js'
import type { Integration as Anthropic } from '../../generated/integrations/anthropic/v1.2.0.js'
import type { Integration as OpenAI } from '../../generated/integrations/openai/v2.0.0.js'
import type { Integration as Zendesk } from '../../generated/integrations/zendesk/v1.0.0.js'
import type { Plugin as SupportAssistant } from '../../generated/plugins/support-assistant/v0.3.0.js'
import { type Equal, expectTrue } from './support.js'

declare const openai: OpenAI
declare const anthropic: Anthropic
declare const zendesk: Zendesk
declare const assistant: SupportAssistant
const bot = new Bot()

export const complete = createRuntime({ bot, integrations: { openai, anthropic, zendesk }, plugins: { 'support-assistant': assistant }, verify: true })
expectTrue<Equal<ReturnType<typeof complete.verify>, void>>()
// some left out: it compiles; verify() names what is missing
export const partial = createRuntime({ bot, integrations: { openai } })

// @ts-expect-error [TS2353 "mistral"] the bot adds no integration 'mistral'
createRuntime({ bot, integrations: { openai, mistral: openai } })
// @ts-expect-error [TS2322 "'\"openai\"' is not assignable to type '\"anthropic\"'"] an integration is keyed by its own name
createRuntime({ bot, integrations: { anthropic: openai } })
// @ts-expect-error [TS2740 "missing the following properties from type 'Plugin'"] an integration is not a plugin
createRuntime({ bot, plugins: { 'support-assistant': zendesk } })
// @ts-expect-error [TS2353 "assistantClaude"] plugins are keyed by plugin NAME, not by instance alias
createRuntime({ bot, plugins: { assistantClaude: assistant } })
// @ts-expect-error [TS2322 "boolean"] verify is a boolean
createRuntime({ bot, verify: 'yes' })
