// botwire/runtime: what generated code imports. Types for the generated API, the base
// classes that hold definitions and handlers.
export * from './messages.js'
export type * from './definition.js'
export type * from './types.js'
export { IntegrationBase, PluginBase, BotBase, type IntegrationOptions, type PluginOptions } from './bases.js'
export type { MessageRegistrar, EventRegistrar } from './handlerRegistry.js'
// running a generated bot (docs/runtime.md)
export {
  createRuntime,
  type Runtime,
  type RuntimeOptions,
  type RunnableIntegration,
  type RunnablePlugin,
  type HandlerRegistrationLike,
} from './createRuntime.js'
export {
  RuntimeError,
  ValidationError,
  NotFoundError,
  MissingSecretError,
  MissingImplementationError,
  UnknownTargetError,
  ActionError,
  HandlerError,
  type RuntimeErrorCode,
  type RuntimeErrorOptions,
} from './errors.js'
export { InMemoryMessageStore, type MessageStore, type MessageRecord, type StoredMessage, type StoredTags, type ListQuery, type MessageUpdate } from './messageStore.js'
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './messaging.js'
