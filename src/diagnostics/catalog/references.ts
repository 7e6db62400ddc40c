// BW3xxx, references: names that are defined twice or not at all.
import { type CatalogEntry, entry } from './catalogEntry.js'

export const referenceCodes = {
  BW3001: entry('duplicate definition', {
    definedTwice: "{kind} '{name}' {version} is defined twice",
    definedTwiceBuildMetadata: "{kind} '{name}' {version} is defined twice ({first} and {version} differ only in build metadata, so they are the same version)",
  }),
  BW3002: entry('definition clashes with a built-in', {
    builtinClash: "{kind} '{name}' {version} is a built-in interface of botwire; give this one another version or name (or run with --no-builtins)",
  }),
  BW3003: entry('unknown entity', {
    /** known: the plugin's interface local names, or that it declares none */
    notLocalName: "'{local}' in '{reference}' is not an interface local name of this plugin{didYouMean}{known}",
    /** elsewhere: where the entity is, when another interface has it */
    noInterfaceEntity: "{interface} has no entity '{entity}'{didYouMean}; it has {entities}{elsewhere}",
    unknownEntity: "unknown entity '{entity}'{didYouMean}; {kind} '{name}' has {entities}",
  }),
  BW3004: entry('unknown interface', { unknownInterface: "unknown interface '{name}'{hint}" }),
  BW3005: entry('interface version not present', { versionNotPresent: "interface '{name}' {version} is not in the workspace; {available}" }),
  BW3006: entry('interface entity not mapped', {
    entityNotMapped:
      "interface '{name}' {version} has an entity {entities} that this integration does not map; map every interface entity to one of its own entities",
    entitiesNotMapped:
      "interface '{name}' {version} has entities {entities} that this integration does not map; map every interface entity to one of its own entities",
  }),
  BW3007: entry('unknown entity in mapping', {
    noInterfaceEntity: "interface '{interface}' has no entity '{entity}'{didYouMean}; {entities}",
    noOwnEntity: "integration '{integration}' has no entity '{entity}'{didYouMean}; {entities}",
  }),
  BW3008: entry('override of an unknown member', { unknownMember: "interface '{interface}' has no {member} '{name}' to override{didYouMean}; {members}" }),
  BW3009: entry('unknown integration', { unknownIntegration: "unknown integration '{name}'{hint}" }),
  BW3010: entry('unknown plugin', { unknownPlugin: "unknown plugin '{name}'{hint}" }),
  BW3011: entry('no version matches the range', { noVersionInRange: "no version of {kind} '{name}' satisfies '{range}'; {available}" }),
  BW3012: entry('unknown integration alias', { unknownIntegrationAlias: "unknown integration alias '{alias}'{hint}{known}" }),
  BW3013: entry('unknown integration interface alias', {
    unknownInterfaceAlias: "integration '{integration}' (alias '{alias}') has no interface alias '{interfaceAlias}'{didYouMean}{known}",
  }),
  BW3014: entry('unknown $defs name', {
    unknownDefs: "unknown named schema '{name}'{didYouMean}; {kind} '{definition}' has {known}",
  }),
  BW3026: entry('integration file not found', {
    /** key: icon or readme */
    missingFile: "{key} '{path}' names no file: the path is relative to the folder of this definition file, and nothing is there",
    notAFile: "{key} '{path}' is a folder, not a file: name the file itself, relative to the folder of this definition file",
    absolutePath:
      "{key} '{path}' is an absolute path: write it relative to the folder of this definition file, so that the definition works wherever it is checked out",
  }),
} satisfies Record<string, CatalogEntry>
