// The entity extension check (docs/entity-extension.md, reused by `diff`: docs/versioning.md).
export { checkExtension, ExtensionChecker } from './checkExtension.js'
export { Inhabitation } from './admitsNoValue.js'
export { admitsNoValue, type NoValue } from './admitsNoValue.js'
export type { ExtensionFailure, ExtensionResult, SchemaLocation, SchemaSide, SideEntities } from './extensionTypes.js'
