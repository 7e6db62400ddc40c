// botwire/runtime: what generated code imports. Types for the generated API, the base
// classes that hold definitions and handlers.
export * from './messages.js'
export type * from './definition.js'
export type * from './types.js'
export { IntegrationBase, PluginBase, BotBase, type IntegrationOptions, type PluginOptions } from './bases.js'
export type { MessageRegistrar, EventRegistrar } from './handlerRegistry.js'
