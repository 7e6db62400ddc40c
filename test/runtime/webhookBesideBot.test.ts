// A webhook handler written beside the bot (the host's `webhooks` option), run by
// runtime.handleWebhook(alias, req, logger, besideBot) as an implementation's is
// (docs/deploying.md#webhooks): the integration's client and `{ botId, alias }`, and nothing of
// an integration the bot disables, which is INTEGRATION_DISABLED before the handler runs.
import { createRuntime } from '@botwire/runtime'
import { expect, it } from 'vitest'
import { Bot } from '../fixtures/valid/required-secrets/expected/bots/keeper/v1.0.0.js'
import { rejection } from '../support/rejection.js'

const logger = { info: () => undefined, warn: () => undefined, error: () => undefined }
const request = () => new Request('http://localhost/webhooks/x', { method: 'POST', body: '{}' })

it("runs with the integration's client and the bot's id and alias; a disabled integration's is INTEGRATION_DISABLED, its handler not run", async () => {
  const runtime = createRuntime({ bot: new Bot(), env: {} })
  const seen: unknown[] = []
  const handler = ({ ctx, client }: { ctx: unknown; client: unknown }) => {
    seen.push([ctx, typeof client])
    return new Response('ok')
  }
  const answer = (await runtime.handleWebhook('vault', request(), logger, handler)) as Response
  expect(await answer.text()).toBe('ok')
  expect(seen).toEqual([[{ botId: 'keeper', alias: 'vault' }, 'object']])
  const disabled = await rejection(runtime.handleWebhook('archive', request(), logger, handler))
  expect([disabled.code, disabled.message]).toEqual([
    'INTEGRATION_DISABLED',
    "the webhook of 'archive': integration 'archive' (vault) is disabled in bot 'keeper' (enabled: false); enable it in the bot's definition to use it",
  ])
  expect(seen).toHaveLength(1)
})
