// Semantics (BW3020, BW4xxx): extension, versions, wiring and the values a bot is given.
import { type CatalogEntry, entry } from './catalogEntry.js'

const DOES_NOT_EXTEND =
  "entity '{entity}' of integration '{integration}' does not extend '{interface}.{interfaceEntity}' (mapped in interfaces.{alias}): {inReferenced}{pointer}: {reason}"

export const semanticCodes = {
  BW3020: entry('unknown configuration type', {
    unknownConfigurationType: "integration '{integration}' {version} has no configuration '{name}'{didYouMean}; its configurations: {known}",
    noAlternatives:
      "integration '{integration}' {version} declares no alternative configurations, so there is no '{name}' to choose; remove configurationType to use its configuration",
  }),
  BW4001: entry('entity does not extend the interface entity', { doesNotExtend: DOES_NOT_EXTEND }),
  BW4002: entry('entity extension cannot be decided', {
    doesNotExtend:
      "cannot tell whether entity '{entity}' of integration '{integration}' extends '{interface}.{interfaceEntity}' (mapped in interfaces.{alias}), so it is not accepted: {inReferenced}{pointer}: {reason}",
  }),
  BW4003: entry('member name collision', {
    nameCollision:
      "{member} name '{name}' is used twice in integration '{integration}': {here} and {first}; rename one with an override (interfaces.<alias>.{kind}.<name>.name)",
    collidesWithOwn:
      "{member} name '{name}' is used twice in integration '{integration}': {here} and {first}; rename one with an override (interfaces.<alias>.{kind}.<name>.name), or have the own {member} stand for the interface's by giving that override name: {name}",
  }),
  BW4004: entry('no workspace version satisfies the plugin range', {
    noVersionInRange: "no version of interface '{name}' in the workspace satisfies '{range}'; {available}",
  }),
  BW4005: entry('wired interface version does not satisfy the plugin range', {
    versionOutOfRange: "plugin '{plugin}' needs '{interface}' {range}, but integration '{integration}' implements {version}",
  }),
  BW4006: entry('wired interface is a different interface', {
    differentInterface:
      "plugin '{plugin}' expects interface '{expected}' for '{local}', but '{interfaceAlias}' of integration '{integration}' is interface '{actual}'",
  }),
  BW4007: entry('plugin dependency not wired', {
    notWired:
      "plugin '{plugin}' (alias '{alias}') depends on interface '{interface}' {range} as '{local}', which is not wired; add dependencies.{local}: { integrationAlias, integrationInterfaceAlias }",
  }),
  BW4008: entry('dependency the plugin does not declare', { undeclaredDependency: "plugin '{plugin}' has no interface '{local}' to wire{didYouMean}{known}" }),
  // BW4009 (an alias naming both an integration and a plugin) is retired, never to be reused:
  // integration and plugin aliases are separate namespaces (docs/decisions.md)
  BW4010: entry('two versions of one definition in a bot', {
    twoVersions: "{kind} '{name}' is added at {version} here and at {otherVersion} as '{otherAlias}'; one bot uses one version of each",
  }),
  BW4011: entry('invalid configuration value', {
    secretName: 'secret name {name} must be an environment variable name in upper case (^[A-Z][A-Z0-9_]*$){didYouMean}',
    besideSecret: "'{key}' cannot stand beside $secret; { $secret: NAME } stands for a whole string value",
    misspeltSecret: "'{key}' is not a key of botwire's; a secret is written { $secret: NAME } (did you mean '$secret'?)",
    undeclaredKey: "{path} has key '{key}', which the configuration schema of {owner} does not declare{didYouMean}",
    missingKey: "{path} is missing '{key}', which the configuration schema of {owner} requires",
    misspeltKey: "{path} has key '{key}' where the configuration schema of {owner} requires '{meant}' (did you mean '{meant}'?)",
    secretNotString: '{path} is a $secret, which stands for a string, but the configuration schema of {owner} wants {expected}',
    wrongType: '{path} must be {expected}, not {actual} (configuration schema of {owner})',
    rule: '{path} {rule} (configuration schema of {owner})',
  }),
  BW4012: entry('entity reference cycle without an object', {
    selfReference: "entity '{entity}' is its own schema: a reference to itself must pass through an object property or array items",
    cycle: 'entities {cycle} reference each other directly; a cycle must pass through an object property or array items',
  }),
  BW4013: entry('wired interface version incompatible with the compiled one', {
    incompatibleVersion:
      "plugin '{plugin}' is compiled against '{interface}' {compiled}, the lowest version satisfying '{range}', but integration '{integration}' implements {version}, which is not compatible with it (^{compiled}): its actions and entities may differ; narrow the plugin's range to one major version",
  }),
  BW4014: entry('versions that differ only in letter case', {
    caseOnly:
      "{kind} '{name}' has versions {first} and {version}, which differ only in letter case: their generated files would be one file on macOS and Windows; rename one of them",
  }),
  BW4016: entry('secret written in plain text', {
    plainSecret:
      '{path} is a secret of {owner} (secret: true in its configuration schema), so it is never written in plain text: give it as {key}: { $secret: {name} } and set {name} in the environment',
    plainSecretItem:
      '{path} is a secret of {owner} (secret: true in its configuration schema), so it is never written in plain text: give the item as { $secret: {name} } and set {name} in the environment',
  }),
  BW4017: entry(
    'credential written in plain text',
    {
      credentialInPlainText:
        '{path} looks like a credential and is written in plain text, so it ends up in the generated code; give it as {key}: { $secret: {name} } and set {name} in the environment (or mark it secret: true in the configuration schema of {owner})',
    },
    'warning',
  ),
  BW4025: entry('configuration key of another configuration', {
    keyOfOtherConfiguration: "{path} has key '{key}', which the {chosen} of {integration} does not declare; {declaring} declares it: {fix}",
  }),
  BW4026: entry(
    'override attributes of a bound member',
    {
      attributesOfBoundMember:
        "these attributes have no effect: the override binds {member} '{name}' to the own {member} '{own}', which keeps its own attributes; set them on '{own}'",
    },
    'warning',
  ),
  BW4027: entry(
    'configuration key that looks like a declared one misspelt',
    {
      nearMissKey:
        "{path} has key '{key}', which the configuration schema of {owner} does not declare (did you mean '{meant}'?); the schema is open, so it is accepted, and nothing reads it",
    },
    'warning',
  ),
  BW4033: entry(
    'plugin wired to a disabled integration',
    {
      wiredToDisabled:
        "plugin instance '{plugin}' takes '{local}' from integration '{alias}', which this bot disables (enabled: false): every call through it is refused at run time (INTEGRATION_DISABLED); enable '{alias}' or wire '{local}' to another integration",
    },
    'warning',
  ),
  BW4028: entry('tag declared differently by two channels', {
    tagDeclaredDifferently:
      "{kind} tag '{key}' of channel '{channel}' is declared differently in channel '{otherChannel}' ({difference}); a bot sees both as one tag, '<alias>:{key}': give them one title and description, or different keys",
  }),
  BW4029: entry(
    'channel message named after a standard type that does not carry it',
    {
      standardNameOtherSchema:
        "message '{type}' of channel '{channel}' has the name of the standard message type but its schema is not $message: {type}: in a conversation on this channel, '{type}' messages are validated against it and delivered by its '{type}' handler; write $message: {type} (in an allOf to add fields), or give the message another name",
    },
    'warning',
  ),
  BW4031: entry('recurrence payload the event schema rejects', {
    payloadRejected: "the recurrence payload of event '{event}' does not fit the event's schema: {reasons}",
  }),
  BW4015: entry('version bump smaller than its changes need', {
    bumpTooSmall: "{kind} '{name}' {version} comes after {base} in this workspace: {problem}; the weightiest change: {change} ({level})",
  }),
  BW4018: entry("bound member does not keep the interface member's contract", {
    inputDoesNotFit:
      "{member} '{name}' cannot stand for {member} '{interfaceMember}' of interface '{interface}' (alias '{alias}'): its input does not accept every input of the interface's: at {pointer} of the interface's input, {reason}",
    outputDoesNotFit:
      "{member} '{name}' cannot stand for {member} '{interfaceMember}' of interface '{interface}' (alias '{alias}'): its output does not extend the interface's: at {pointer}, {reason}",
    payloadDoesNotFit:
      "{member} '{name}' cannot stand for {member} '{interfaceMember}' of interface '{interface}' (alias '{alias}'): its payload does not extend the interface's: at {pointer}, {reason}",
    messageDoesNotFit:
      "{member} '{name}' cannot stand for {member} '{interfaceMember}' of interface '{interface}' (alias '{alias}'): its message '{message}' does not extend the interface's: at {pointer}, {reason}",
    unknownMessage:
      "{member} '{name}' cannot stand for {member} '{interfaceMember}' of interface '{interface}' (alias '{alias}'): it sends {messages}, which the interface's channel does not have (its messages: {theirs})",
  }),
  BW4021: entry('allOf branches admit no common value once entities are resolved', {
    allOfAdmitsNoValue: 'no value fits every branch of this allOf once its entities are resolved: {reason}',
    unionAdmitsNoValue: 'no alternative of this {keyword} fits what stands beside it once its entities are resolved: {reason}',
  }),
  BW4022: entry('property an allOf branch adds to a closed entity', {
    neverPresentInEntity:
      "property '{name}' can never be present: entity '{entity}' (allOf branch {branch}) is closed (additionalProperties: false) and does not declare it{required}{didYouMean}",
  }),
} satisfies Record<string, CatalogEntry>
