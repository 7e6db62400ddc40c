// The bots a host serves and their webhooks (docs/deploying.md#webhooks): per bot, each
// alias whose implementation has a handler, and each handler written beside the bot (the
// `webhooks` option); per integration that declares an identifier, which bot and alias
// each identifier routes to. Resolved once at createHost, refusing what could not be
// routed: a bot id served twice, an alias with two handlers, an identifier of two aliases.
import { RuntimeError, type WebhookRoute } from '@botwire/runtime'
import type { HostedRuntime, HostOptions, WebhookHandler } from './hostOptions.js'

/** A webhook the host serves: the implementation's handler (the runtime runs it), or one written beside the bot. */
export type ServedWebhook = { kind: 'implementation' } | { kind: 'option'; handler: WebhookHandler }

export interface ServedBot {
  runtime: HostedRuntime
  /** alias -> its webhook */
  webhooks: ReadonlyMap<string, ServedWebhook>
}

export interface ServedBots {
  /** bot id -> the bot */
  bots: ReadonlyMap<string, ServedBot>
  /** integration name -> identifier -> the bot and alias it routes to */
  identified: ReadonlyMap<string, ReadonlyMap<string, IdentifiedAlias>>
  /** whether the bots are served under `/bots/<botId>` (`runtimes`), rather than at the top (`runtime`) */
  manyBots: boolean
}

export interface IdentifiedAlias {
  bot: ServedBot
  alias: string
}

function refuse(message: string, cause?: unknown): RuntimeError {
  return new RuntimeError('INVALID_HOST_OPTIONS', `createHost: ${message}`, cause === undefined ? undefined : { cause })
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function hostedRuntimes(options: HostOptions): readonly HostedRuntime[] {
  if (options.runtime !== undefined && options.runtimes !== undefined) throw refuse('give runtime (one bot) or runtimes (several), not both')
  if (options.runtimes === undefined) return [options.runtime]
  if (!Array.isArray(options.runtimes) || options.runtimes.length === 0) throw refuse('runtimes must be a non-empty array of runtimes')
  if (options.webhooks !== undefined)
    throw refuse('webhooks (handlers written beside a bot) go with runtime, one bot; with runtimes, give each integration its handler on its implementation')
  return options.runtimes
}

function routesOf(runtime: HostedRuntime, at: string): WebhookRoute[] {
  if (typeof runtime?.webhooks !== 'function') throw refuse(`${at} must be what createRuntime returns`)
  try {
    return runtime.webhooks()
  } catch (error) {
    throw refuse(`the webhooks of bot '${runtime.botId}': ${messageOf(error)}`, error)
  }
}

/** The handlers written beside the bot, added to its implementations' own. */
function addOptionWebhooks(runtime: HostedRuntime, webhooks: Map<string, ServedWebhook>, given: HostOptions['webhooks']): void {
  for (const [alias, handler] of Object.entries(given ?? {})) {
    if (typeof handler !== 'function') throw refuse(`webhooks['${alias}'] must be a function`)
    // the runtime refuses an alias the bot does not add: a typo fails here, not at the first request
    try {
      runtime.integration(alias)
    } catch (error) {
      throw refuse(`webhooks['${alias}']: ${messageOf(error)}`, error)
    }
    if (webhooks.has(alias))
      throw refuse(`webhooks['${alias}']: the implementation of the integration at '${alias}' has a webhook handler already; give one or the other`)
    webhooks.set(alias, { kind: 'option', handler })
  }
}

export function servedBots(options: HostOptions): ServedBots {
  const runtimes = hostedRuntimes(options)
  const bots = new Map<string, ServedBot>()
  const identified = new Map<string, Map<string, IdentifiedAlias>>()
  for (const [index, runtime] of runtimes.entries()) {
    const routes = routesOf(runtime, options.runtimes === undefined ? 'runtime' : `runtimes[${index}]`)
    if (bots.has(runtime.botId)) throw refuse(`two runtimes have bot id '${runtime.botId}': give each its own (createRuntime({ botId }))`)
    const webhooks = new Map<string, ServedWebhook>(routes.map((route) => [route.alias, { kind: 'implementation' }]))
    addOptionWebhooks(runtime, webhooks, options.webhooks)
    const bot: ServedBot = { runtime, webhooks }
    bots.set(runtime.botId, bot)
    for (const { alias, integration, identifier } of routes) {
      if (identifier === undefined) continue
      const byIdentifier = identified.get(integration) ?? new Map<string, IdentifiedAlias>()
      identified.set(integration, byIdentifier)
      const taken = byIdentifier.get(identifier)
      // the identifier's value may be a deployment's own: it is compared, never written out
      if (taken !== undefined)
        throw refuse(
          `bot '${taken.bot.runtime.botId}' (alias '${taken.alias}') and bot '${runtime.botId}' (alias '${alias}') configure integration '${integration}' with the same identifier: a request could not tell them apart`,
        )
      byIdentifier.set(identifier, { bot, alias })
    }
  }
  return { bots, identified, manyBots: options.runtimes !== undefined }
}
