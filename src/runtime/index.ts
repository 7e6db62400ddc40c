// @botwire/runtime: what generated code imports. Types for the generated API, the base
// classes that hold definitions and handlers.

// the keywords to register in a strict ajv that compiles a definition's schemas (docs/generated-code.md)
export { annotationKeywords } from '../jsonSchema/annotations.js'
export {
  BotBase,
  type BotImplementations,
  type DefinitionIdentity,
  type IdentifiedIntegrationOptions,
  IntegrationBase,
  type IntegrationOptions,
  PluginBase,
  type PluginOptions,
} from './bases.js'
// channels, streamed calls, time limits (docs/runtime.md#channels-and-streaming, #time-limits)
export type * from './channelTypes.js'
// the runtime's time: the real clock, or one a test moves (docs/runtime.md#the-clock)
export { type Clock, type ClockTimer, ManualClock, systemClock, type TimerOptions } from './clock.js'
export {
  type ConversationMatch,
  type ConversationRecord,
  type ConversationStore,
  InMemoryConversationStore,
  type PageQuery,
  type RecordPage,
  type RecordUpdate,
  type UserRecord,
  updatedRecord,
} from './conversationStore.js'
export { DEFAULT_CONVERSATION_PAGE_SIZE, MAX_CONVERSATION_PAGE_SIZE } from './conversations.js'
export type * from './conversationTypes.js'
// running a generated bot (docs/runtime.md)
export {
  createRuntime,
  type HandlerRegistrationLike,
  type IntegrationEventKey,
  type MissingSecret,
  type RunnableIntegration,
  type RunnablePlugin,
  type Runtime,
  type RuntimeOptions,
  type RuntimeStores,
} from './createRuntime.js'
// cron expressions of recurring events (docs/definitions.md#recurring-events)
export { CRON_FIELDS, type CronProblem, type CronSchedule, parseCron } from './cronSchedule.js'
export type * from './definition.js'
export {
  ActionError,
  DeliveryError,
  HandlerError,
  MAX_ISSUE_LENGTH,
  MAX_LISTED_ISSUES,
  MissingImplementationError,
  MissingSecretError,
  NotFoundError,
  RuntimeError,
  type RuntimeErrorCode,
  type RuntimeErrorOptions,
  UnknownTargetError,
  ValidationError,
} from './errors.js'
export type { EventRegistrar, MessageRegistrar } from './handlerRegistry.js'
// hooks around incoming messages, action calls and outgoing messages (docs/runtime.md#hooks)
export { HookError } from './hookError.js'
export type * from './hookTypes.js'
export {
  applyMessageUpdate,
  InMemoryMessageStore,
  type ListQuery,
  type MessageRecord,
  type MessageStore,
  type MessageUpdate,
  type StoredMessage,
  type StoredTags,
} from './messageStore.js'
export * from './messages.js'
// the standard message types' payload schemas (schemas/messages.schema.json), as the runtime reads them
export { type MessagesSchema, messagesSchema } from './messagesSchema.js'
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './messaging.js'
// what every store does with an update's tag changes and timestamp (docs/runtime.md#conversations-and-users)
export { laterTimestamp, type TagChanges, tagsWithChanges } from './recordUpdates.js'
// where states are kept (docs/runtime.md#states)
export { InMemoryStateStore, OCCURRENCE_CLAIMS_KEPT_MS, type StateChange, type StateKey, type StateStore, type StoredState } from './stateStore.js'
// states (docs/runtime.md#states)
export type * from './stateTypes.js'
export { CancelledError, TimeLimitError } from './timeLimitErrors.js'
export { DEFAULT_ACTION_TIME_LIMIT_MS, DEFAULT_HANDLER_TIME_LIMIT_MS, type TimeLimitOptions } from './timeLimits.js'
export { InMemoryTurnStore, type TurnStore, type TurnTicket } from './turnStore.js'
export type * from './types.js'
// how deep and large values from outside may be (docs/runtime.md#value-limits)
export { DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH, type ValueLimitOptions } from './valueLimits.js'
// an integration's webhook and identify (docs/deploying.md#webhooks)
export type * from './webhookTypes.js'
