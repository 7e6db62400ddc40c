// Running an integration's webhook (docs/deploying.md#webhooks): the one place the host
// calls for a request at `/webhooks/<alias>`. The implementation's handler gets the request,
// the integration's client outside any call, its context (the bot's id, the alias, its
// configuration and own secrets, as its actions get them) and a logger, and runs under the
// handlers' time limit, as does the implementation's identify and a handler written beside
// the bot (the host's `webhooks` option, with the bot's id and the alias as its context). What
// either throws reaches the host
// as thrown: a RuntimeError answers with its code, anything else 500 without its message
// (which may hold anything).
import { own } from '../jsonSchema/own.js'
import { integrationConfiguration } from './configurationValues.js'
import { MissingImplementationError, RuntimeError } from './errors.js'
import { enabledIntegrationWiring, integrationImplementation } from './implementations.js'
import { integrationClient } from './integrationClient.js'
import { integrationSecrets } from './integrationSecrets.js'
import type { RuntimeContext } from './runtimeContext.js'
import { TimeLimitError } from './timeLimitErrors.js'
import { runBounded, withSignal } from './timeLimits.js'
import type { RequestLike, WebhookLogger, WebhookRoute } from './webhookTypes.js'

type WebhookHandlerLike = (args: object) => unknown

/** The aliases whose given implementation has a webhook handler, with each one's configured identifier. */
export function webhookRoutes(context: RuntimeContext): WebhookRoute[] {
  const routes: WebhookRoute[] = []
  for (const [alias, wiring] of Object.entries(context.definition.integrations)) {
    const impl = own(context.integrations, wiring.name)
    if (typeof impl?.handler !== 'function') continue
    const route: WebhookRoute = { alias, integration: wiring.name }
    const identifier = impl.definition.identifier
    // a disabled integration's configuration is never resolved: its webhook answers INTEGRATION_DISABLED
    if (identifier !== undefined && wiring.enabled !== false) {
      const { configuration } = integrationConfiguration(context.definition, alias, impl, context.secrets(), context.valueLimits)
      const value = own(configuration as { readonly [key: string]: unknown }, identifier.configuration)
      // check makes the key a required string (BW2034); a hand-written definition may not
      if (typeof value !== 'string')
        throw new RuntimeError(
          'INVALID_CONFIGURATION',
          `integration '${alias}' (${wiring.name}): its identifier '${identifier.configuration}' is not a string in the configuration`,
        )
      route.identifier = value
    }
    routes.push(route)
  }
  return routes
}

/**
 * What the implementation of the integration at `alias` reads of `req` as its identifier;
 * undefined when it names none. It runs under the handlers' time limit, as the handler it
 * routes to: an identify that never settles (a body that never ends, a lookup that hangs)
 * would hold the request, and the host's close, for ever.
 */
export async function identifyRequest(context: RuntimeContext, alias: string, req: RequestLike): Promise<string | undefined> {
  const impl = integrationImplementation(context, alias, `identify of '${alias}'`)
  const identify = impl.identify as ((args: object) => unknown) | undefined
  if (typeof identify !== 'function')
    throw new MissingImplementationError(`identify of '${alias}': the implementation of integration '${impl.definition.name}' has no identify`)
  const limitMs = context.limits.handlerMs
  const identifier: unknown = await runBounded(() => identify({ req: req.clone() }), {
    limitMs,
    clock: context.limits.clock,
    timedOut: () =>
      new TimeLimitError({
        message: `identify of integration '${impl.definition.name}' did not finish within its time limit of ${limitMs} ms`,
        limitMs,
        handlerOwner: `integration '${alias}'`,
        registeredFor: 'identify',
      }),
    // identify has no caller signal
    cancelled: (reason) => new Error(String(reason)),
    failed: (error) => error,
  })
  if (identifier !== undefined && typeof identifier !== 'string')
    throw new TypeError(`identify of integration '${impl.definition.name}' returned neither a string nor undefined`)
  return identifier
}

/** Runs a webhook handler under the handlers' time limit: what it returns; past the limit, TIME_LIMIT_EXCEEDED, and its signal fires. */
async function runBoundedWebhook(context: RuntimeContext, alias: string, label: string, args: object, handler: WebhookHandlerLike): Promise<unknown> {
  const limitMs = context.limits.handlerMs
  return await runBounded((signal) => handler(withSignal(args, signal)), {
    limitMs,
    clock: context.limits.clock,
    timedOut: () =>
      new TimeLimitError({
        message: `${label} did not finish within its time limit of ${limitMs} ms`,
        limitMs,
        handlerOwner: `integration '${alias}'`,
        registeredFor: 'webhook',
      }),
    // a webhook has no caller signal
    cancelled: (reason) => new Error(String(reason)),
    failed: (error) => error,
  })
}

/** Runs the webhook handler of the integration at `alias` on `req`: what it returns (a Response, or undefined). */
export async function runWebhook(context: RuntimeContext, alias: string, req: RequestLike, logger: WebhookLogger): Promise<unknown> {
  const label = `the webhook of '${alias}'`
  const impl = integrationImplementation(context, alias, label)
  const handler = impl.handler as WebhookHandlerLike | undefined
  if (typeof handler !== 'function')
    throw new RuntimeError('NOT_FOUND', `${label}: the implementation of integration '${impl.definition.name}' has no webhook handler`)
  const { configurationType, configuration } = integrationConfiguration(context.definition, alias, impl, context.secrets(), context.valueLimits)
  const secrets = integrationSecrets(alias, impl, context.secrets())
  const args = {
    req,
    client: integrationClient(context, alias, impl, undefined),
    ctx: { configurationType, configuration, botId: context.botId, alias, secrets },
    logger,
  }
  return await runBoundedWebhook(context, alias, label, args, handler)
}

/**
 * Runs `handler`, a webhook handler written beside the bot for the integration at `alias`
 * (the host's `webhooks` option), on `req`, as runWebhook runs an implementation's: under the
 * handlers' time limit, with `{ req, client, ctx: { botId, alias }, logger, signal }`, where
 * `client` is what `runtime.integration(alias)` gives. A disabled integration's is
 * INTEGRATION_DISABLED, as its implementation's would be.
 */
export async function runWebhookBesideBot(
  context: RuntimeContext & { integrationClient(alias: string): unknown },
  alias: string,
  req: RequestLike,
  logger: WebhookLogger,
  handler: WebhookHandlerLike,
): Promise<unknown> {
  const label = `the webhook of '${alias}'`
  enabledIntegrationWiring(context, alias, label)
  const client = context.integrationClient(alias)
  return await runBoundedWebhook(context, alias, label, { req, client, ctx: { botId: context.botId, alias }, logger }, handler)
}
