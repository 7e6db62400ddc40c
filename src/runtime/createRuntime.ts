// createRuntime (docs/runtime.md): runs a generated bot with its plugins and integrations in one
// process. It checks the options and builds the running bot (runningBot.ts), whose parts
// validate messages and action/event values, route callAction and emitEvent through the
// bot's wiring, and dispatch incoming messages to handlers. Its options and interface are in
// runtimeApi.ts, the check of the options in runtimeOptions.ts.

import type { BotImplementations } from './bases.js'
import { sendBotChannelMessage } from './botChannelMessages.js'
import type { NoChannels } from './channelTypes.js'
import type { AnyIntegrationClients, TagMap } from './conversationTypes.js'
import { ValidationError } from './errors.js'
import { emitBotEvent } from './eventDispatch.js'
import { receiveMessage } from './messageDispatch.js'
import type { Message, MessageType } from './messages.js'
import { type MissingSecret, missingSecrets } from './missingSecrets.js'
import type { HandlerRegistrationLike, RunnableBot, RunnableIntegration, RunnablePlugin } from './runnables.js'
import { RunningBot } from './runningBot.js'
import type { IntegrationEventKey, Runtime, RuntimeOptions, RuntimeStores } from './runtimeApi.js'
import { checkRuntimeOptions } from './runtimeOptions.js'
import type { NoStates } from './stateTypes.js'
import type { TimeLimitOptions } from './timeLimits.js'
import { inTurn } from './turns.js'
import type { ActionShapes, BotClient, CreateMessageInput, NoEvents, NoStreams } from './types.js'
import { verifyWiring } from './verifyWiring.js'
import { identifyRequest, runWebhook, runWebhookBesideBot, webhookRoutes } from './webhooks.js'

export type { HandlerRegistrationLike, IntegrationEventKey, MissingSecret, RunnableIntegration, RunnablePlugin, Runtime, RuntimeOptions, RuntimeStores }

/**
 * Runs a generated bot with its plugins and integrations (docs/runtime.md):
 *
 * ```ts
 * const runtime = createRuntime({ bot, integrations: { openai }, plugins: { 'support-assistant': assistant }, env: { OPENAI_API_KEY: 'sk-test' } })
 * await runtime.receive({ conversationId: 'c1', userId: 'u1', type: 'text', payload: { text: 'hello' }, tags: {} })
 * ```
 *
 * Throws INVALID_RUNTIME_OPTIONS when an implementation is keyed by another name than its
 * own, is of a version the bot does not use, or is of an integration or plugin the bot
 * does not add.
 */
export function createRuntime<
  Tags,
  Calls extends ActionShapes<Calls>,
  Events,
  Impl extends BotImplementations = BotImplementations,
  Ch = NoChannels,
  S = NoStreams,
  CT = TagMap,
  UT = TagMap,
  St = NoStates,
  Ev = NoEvents,
  Ic = AnyIntegrationClients,
>(options: RuntimeOptions<Tags, Calls, Events, Impl, Ch, S, CT, UT, St, Ev, Ic>): Runtime<Tags, Calls, Events, Ch, S, CT, UT, St, Ev, Ic> {
  const bot: RunnableBot = options.bot
  if ((bot as Partial<RunnableBot> | undefined)?.definition?.kind !== 'bot') {
    throw new ValidationError('INVALID_RUNTIME_OPTIONS', 'createRuntime: invalid options', [
      'bot: expected a generated Bot (new Bot() from the generated module)',
    ])
  }
  const running = new RunningBot({
    bot,
    ...(options.integrations !== undefined && { integrations: options.integrations as BotImplementations['integrations'] }),
    ...(options.plugins !== undefined && { plugins: options.plugins as BotImplementations['plugins'] }),
    ...(options.env !== undefined && { env: options.env }),
    ...(options.store !== undefined && { store: options.store }),
    ...(options.conversationStore !== undefined && { conversationStore: options.conversationStore }),
    ...(options.botId !== undefined && { botId: options.botId }),
    ...(options.timeLimits !== undefined && { timeLimits: options.timeLimits as TimeLimitOptions }),
    ...(options.valueLimits !== undefined && { valueLimits: options.valueLimits }),
    ...(options.clock !== undefined && { clock: options.clock }),
    ...(options.stateStore !== undefined && { stateStore: options.stateStore }),
    ...(options.turnStore !== undefined && { turnStore: options.turnStore }),
    ...(options.onBackgroundError !== undefined && { onBackgroundError: options.onBackgroundError }),
  })
  checkRuntimeOptions(running.given())
  const given = { integrations: options.integrations ?? {}, plugins: options.plugins ?? {} } as BotImplementations
  const verify = () => verifyWiring(running.definition, given.integrations, given.plugins)
  if (options.verify === true) verify()
  running.startSchedules()
  return {
    verify,
    missingSecrets: () => missingSecrets(running.definition, running.integrations, running.plugins, running.secrets()),
    botId: running.botId,
    client: running.botClient as unknown as BotClient<Tags, Calls, S, CT, UT, St, Ev>,
    store: running.store,
    stateStore: running.stateStore,
    turnStore: running.turns,
    close: () => running.close(),
    // the stored message has the input's type, T
    // one turn at a time per conversation, in arrival order (docs/runtime.md#one-turn-at-a-time)
    receive: async <T extends MessageType>(input: CreateMessageInput<Tags, T>) =>
      (await inTurn(
        running.turns,
        (input as { conversationId?: unknown } | undefined)?.conversationId,
        () => receiveMessage(running, input),
        running.backgroundError,
      )) as unknown as Message<T, Tags>,
    emitEvent: (event) => emitBotEvent(running, event),
    sendChannelMessage: (message) => sendBotChannelMessage(running, message),
    // the client of the integration at `alias`, whose tags Ic[alias] spells (the running bot checks the alias)
    integration: <K extends keyof Ic & string>(alias: K) => running.integrationClient(alias) as unknown as Ic[K],
    webhooks: () => webhookRoutes(running),
    handleWebhook: (alias, req, logger, besideBot) =>
      besideBot === undefined
        ? runWebhook(running, alias, req, logger)
        : runWebhookBesideBot(running, alias, req, logger, besideBot as (args: object) => unknown),
    identifyWebhook: (alias, req) => identifyRequest(running, alias, req),
  }
}
