// @botwire/host: the HTTP host of a botwire bot (docs/deploying.md).
export { createHost, type Host } from './createHost.js'
export { type ErrorBody, statusOfCode } from './errorAnswers.js'
export { HOSTED_OPERATIONS } from './hostApp.js'
export {
  DEFAULT_BODY_LIMIT_BYTES,
  DEFAULT_HOST_PORT,
  type HostedRuntime,
  type HostLogger,
  type HostOptions,
  type ManyBotsHostOptions,
  type SingleBotHostOptions,
  type WebhookArgs,
  type WebhookHandler,
  type WebhookLogger,
} from './hostOptions.js'
export { runServe } from './serveModule.js'
export { ServeUsageError } from './serveUsage.js'
