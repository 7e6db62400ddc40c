// The entity extension check (docs/entity-extension.md, reused by `diff`: docs/versioning.md).

export { admitsNoValue, Inhabitation, type NoValue } from './admitsNoValue.js'
export { checkExtension, ExtensionChecker } from './checkExtension.js'
export type { ExtensionFailure, ExtensionResult, SchemaLocation, SchemaSide, SideEntities } from './extensionTypes.js'
