// The entity extension check (SPEC §4 step 4, reused by `diff`, §8).
export { checkExtension, ExtensionChecker } from './checkExtension.js'
export { Inhabitation } from './admitsNoValue.js'
export { admitsNoValue, type NoValue } from './admitsNoValue.js'
export type { ExtensionFailure, ExtensionResult, SchemaLocation, SchemaSide, SideEntities } from './extensionTypes.js'
