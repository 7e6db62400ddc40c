// The entity extension check (SPEC §4 step 4, reused by `diff`, §8).
export { checkExtension } from './checkExtension.js'
export { admitsNoValue, type NoValue } from './admitsNoValue.js'
export type { ExtensionFailure, ExtensionResult, SchemaLocation, SchemaSide } from './types.js'
