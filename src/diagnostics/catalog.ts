// The one catalog of diagnostic codes, with the message templates of each. Codes are
// stable: never renumber, only add. Bands: BW1xxx load, BW2xxx shape, BW3xxx references,
// BW4xxx semantics, BW5xxx emit, BW9xxx usage and internal. docs/diagnostics.md explains
// each code; a test keeps the two in step, proves that every code has a fixture that
// produces it and that every template is used.
//
// A template names its arguments in braces, `{key}`: a name of letters, digits and _.
// Other braces are text (`{ integrationAlias, integrationInterfaceAlias }`). One template
// per form of a message; a piece that code assembles (a list, a plural, an optional
// clause) is one argument, computed where the diagnostic is made.
export type Severity = 'error' | 'warning'

export interface CatalogEntry<T extends Readonly<Record<string, string>> = Readonly<Record<string, string>>> {
  severity: Severity
  /** a short name for the problem, used in docs and JSON output */
  title: string
  /** the messages of the code, by name */
  templates: T
}

function entry<const T extends Readonly<Record<string, string>>>(title: string, templates: T, severity: Severity = 'error'): CatalogEntry<T> {
  return { severity, title, templates }
}

// `{didYouMean}` is the text of a suggestion (" (did you mean 'x'?)", or nothing); `{hint}`
// is that, or else another clause (what does exist)
const BARE_NULL = "{where} holds a bare null, which YAML reads as no value, not as the type name; quote it: type: 'null' (or [string, 'null'])"
const NOT_MATCHING = { notMatching: '{value} is not {expected}', keyNotMatching: "key '{key}' in {where} is not {expected}" } as const
const ADMITS_NO_VALUE = { admitsNoValue: '{reason}: no value can satisfy this schema' } as const
const REJECTED_VALUE = '{what} {value} is rejected by this schema itself ({reasons})'
const DOES_NOT_EXTEND =
  "entity '{entity}' of integration '{integration}' does not extend '{interface}.{interfaceEntity}' (mapped in interfaces.{alias}): {inReferenced}{pointer}: {reason}"

export const catalog = {
  // load
  BW1001: entry('YAML syntax error', {
    /** the YAML parser's own words */
    yamlSyntax: '{reason}',
    unknownAlias: "unknown alias '*{alias}': no anchor '&{alias}' is set before it",
  }),
  BW1002: entry('duplicate key', { duplicateKey: "duplicate key '{key}'" }),
  BW1003: entry('definition root is not a mapping', {
    empty: "a definition must be a YAML mapping with a 'kind' key, but the file is empty",
    list: "a definition must be a YAML mapping with a 'kind' key, but it is a list",
    scalar: "a definition must be a YAML mapping with a 'kind' key, but it is a single value",
  }),
  BW1004: entry('more than one document in a file', { extraDocument: 'a definition file holds exactly one YAML document; remove the extra document' }),
  BW1005: entry('alias expansion too large', {
    aliasExpansion: 'aliases in this file expand too much (more than {limit} alias uses); write the values out or use fewer aliases',
  }),
  BW1006: entry('file too large', { tooLarge: 'file is {size} bytes; definition files may be at most {limit} bytes' }),
  BW1007: entry('file cannot be read', {
    unreadableFile: 'cannot read file ({reason})',
    unreadableEntry: 'cannot read {entry} (broken link or no permission)',
    unreadableCompared: 'cannot read this file or folder (broken link or no permission)',
  }),
  BW1008: entry('file is not UTF-8 text', { notUtf8: 'file is not UTF-8 text' }),
  BW1009: entry('symbolic link leads outside the definitions folder', {
    linkOutside: 'symbolic link leads outside the definitions folder; it is not loaded',
    linkOutsideCompared: 'symbolic link leads outside the folder; it is not compared',
  }),
  BW1010: entry('too many problems in one file', {
    oneNotShown: '1 more problem in this file is not shown (the next is here); fix the ones above first',
    notShown: '{count} more problems in this file are not shown (the next is here); fix the ones above first',
  }),
  BW1011: entry('lists and mappings nested too deeply', {
    tooDeepHere: 'lists and mappings are nested more than {limit} levels deep here; no definition needs that many',
    tooDeepInFile: 'lists and mappings are nested more than {limit} levels deep in this file; no definition needs that many',
  }),
  BW1012: entry('a number JSON cannot hold', {
    notJsonNumber: '{value} (written {written}) is a YAML number but not a JSON one; definitions hold JSON values only',
  }),
  BW1013: entry('merge of a value that is not a mapping', {
    mergeOfNonMapping: 'a merge key (<<) merges a mapping, an alias of one, or a list of those; this is {found}',
  }),
  BW1017: entry('file name is not valid UTF-8', {
    nameNotUtf8: '{entry} name is not valid UTF-8 (its bad bytes are shown as \\xNN), so it cannot be read; rename it',
  }),
  // shape
  BW2001: entry('missing or unknown kind', {
    missingKind: "missing key 'kind': a definition says what it is ({kinds})",
    misspeltKind: "missing key 'kind': '{key}' looks like a misspelling of it (a definition says what it is: {kinds})",
    unknownKind: 'unknown kind {kind}{didYouMean}; kind is one of {kinds}',
  }),
  BW2002: entry('unknown key', {
    unknownKey: "unknown key '{key}' in {where}{didYouMean}",
    unknownKeyElsewhere: "unknown key '{key}' in {where}; {hint}",
    unknownSchemaKeyword: "unknown key '{key}' in {where}; a schema may use only {keywords}",
  }),
  BW2003: entry('missing key', { missingKey: 'missing key {names} in {where}', missingKeys: 'missing keys {names} in {where}' }),
  BW2004: entry('wrong type', {
    wrongType: '{where} must be {expected}, not {actual}',
    bareNull: BARE_NULL,
    misindentedKeyword:
      "{where} must be {expected}, not {actual}: '{keyword}' is read as a property named '{keyword}', so it is probably indented one level too deep; it belongs beside 'properties'",
  }),
  BW2005: entry('invalid definition name', NOT_MATCHING),
  BW2006: entry('invalid version', {
    ...NOT_MATCHING,
    numberAsVersion: '{written} is read by YAML as a number, not a version; write an exact semantic version major.minor.patch, such as {example}',
    unreadableVersion: '{value} is not a version semver can read: each number may be at most {max}',
  }),
  BW2007: entry('invalid identifier', NOT_MATCHING),
  BW2008: entry('invalid value', {
    ...NOT_MATCHING,
    notOneOf: '{where} must be one of {allowed}, not {actual}{didYouMean}',
    unknownType: "unknown type '{type}'{didYouMean}; a type is one of {types}",
    bareNull: BARE_NULL,
    /** a meta-schema rule, in the words values are described with everywhere */
    rule: '{where} {rule}',
    listedTwice: '{where} lists {value} twice',
    listedTimes: '{where} lists {value} {count} times',
  }),
  BW2009: entry('invalid version range', {
    ...NOT_MATCHING,
    numberAsRange: '{written} is read by YAML as a number, not a version range; quote it ("{written}") or write a range such as ^{example}',
    unreadableRange: "'{range}' is not a {expected}",
  }),
  BW2010: entry('$entity with other keywords', {
    besideEntity: "'{key}' cannot stand beside $entity; only title and description may (an entity reference stands for the whole entity schema)",
  }),
  BW2011: entry('schema says nothing about what it admits', {
    saysNothing: '{where} says nothing about what it admits; give it a type (or $entity, const, enum, anyOf, oneOf, allOf)',
  }),
  BW2012: entry('top-level schema is not an object', {
    topNotObject: 'the top of {schema} must be an object schema (type: object)',
    entityNotObject: "entity '{entity}' is not an object schema, so it cannot be the whole schema of {schema}",
    defsNotObject: "$defs '{name}' is not an object schema, so it cannot be the whole schema of {schema}",
  }),
  BW2013: entry('required property not declared', {
    ...ADMITS_NO_VALUE,
    /** hint: a "did you mean", else the declared properties */
    notDeclared: "'{name}' is required but not declared in properties{hint}",
    notDeclaredAround: "'{name}' is required but not declared in the properties of this branch or of the schema it is a branch of{hint}",
  }),
  BW2014: entry('contradictory bounds', {
    ...ADMITS_NO_VALUE,
    lowAboveHigh: '{low} {lowValue} is above {high} {highValue}: no value can satisfy both',
    lowEqualsHigh: '{low} {lowValue} is equal to {high} {highValue}: no value can satisfy both',
  }),
  BW2015: entry('invalid regular expression', { invalidPattern: 'pattern is not a valid regular expression: {reason}' }),
  BW2016: entry('value rejected by its own schema', {
    ...ADMITS_NO_VALUE,
    rejectedValue: REJECTED_VALUE,
    defaultRejectedByPart: "default {value} of property '{name}' is rejected by {part}, which declares '{name}' too ({reasons})",
  }),
  BW2017: entry('entity reference in a configuration schema', {
    entityInConfiguration: "configuration schemas cannot reference entities ('{entity}'); write the schema out",
  }),
  BW2018: entry('malformed entity reference', {
    ...NOT_MATCHING,
    undottedInPlugin: "in a plugin, an entity reference is LOCAL.ENTITY (an interface local name and one of its entities), not '{entity}'",
    dottedOutsidePlugin: "in {owner}, an entity reference names one of its own entities; '{entity}' has a dot",
  }),
  BW2019: entry('schema admits no value', {
    ...ADMITS_NO_VALUE,
    entityAdmitsNoValue: "entity '{entity}' of {kind} '{name}' admits no value: {pointer}: {reason}",
    defsAdmitsNoValue: "$defs '{entry}' of {kind} '{name}' admits no value: {pointer}: {reason}",
  }),
  BW2025: entry('allOf branches admit no common value', {
    ...ADMITS_NO_VALUE,
  }),
  BW2026: entry('property an allOf branch adds to a closed branch', {
    /** closedAt: 'allOf branch N' or 'the schema beside allOf'; required: '' or a clause */
    neverPresent: "property '{name}' can never be present: {closedAt} is closed (additionalProperties: false) and does not declare it{required}{didYouMean}",
  }),
  BW2020: entry('$ref or $message with other keywords', {
    besideRef: "'{key}' cannot stand beside $ref; only title and description may (a $ref stands for the whole named schema)",
    besideMessage: "'{key}' cannot stand beside $message; only title and description may (a $message stands for the whole payload schema of its type)",
  }),
  BW2021: entry('entity reference in a $defs schema', {
    entityInDefs:
      "$defs '{name}' cannot reference entities ('{entity}'): a named schema is the same everywhere, and entities are remapped by implementations; use $entity where the schema is used, or write the schema out",
  }),
  BW2022: entry('unused $defs entry', { unusedDefs: "$defs '{name}' is never referenced; use it with $ref: '#/$defs/{name}' or remove it" }, 'warning'),
  BW2023: entry('$ref cycle without an object', {
    selfReference: "$defs '{name}' references itself without passing through a property or items, so it describes no value",
    cycle: '$defs {cycle} reference each other without passing through a property or items, so they describe no value',
  }),
  BW2024: entry('message reference in a configuration schema', {
    messageInConfiguration: "configuration schemas cannot be a standard message ('{type}'): a bot writes its configuration by hand; write the schema out",
    messageThroughDefs:
      "configuration schemas cannot be a standard message, and $defs '{name}' holds one ('{type}'): a bot writes its configuration by hand; write the schema out",
  }),
  BW2027: entry('configuration property named $secret', {
    secretProperty:
      "a configuration cannot declare a property named '$secret': in a bot, { $secret: NAME } always stands for a secret, so no value could ever be given to it; rename the property",
    secretPropertyThroughDefs:
      "a configuration cannot declare a property named '$secret', and $defs '{name}' holds one: in a bot, { $secret: NAME } always stands for a secret, so no value could ever be given to it; rename the property",
  }),
  BW2028: entry('default where a secret belongs', {
    secretWithDefault:
      'a secret cannot have a default: the configuration schema, defaults included, is written into the generated code, which is meant to be committed; remove the default (each bot gives the secret as { $secret: NAME })',
    secretInDefault:
      '{path} is a secret (secret: true), and this default gives it a value: the configuration schema, defaults included, is written into the generated code, which is meant to be committed; leave it out of the default (each bot gives the secret as { $secret: NAME })',
  }),
  BW2029: entry('example where a secret belongs', {
    secretExample:
      'a secret cannot have examples: the configuration schema, examples included, is written into the generated code, which is meant to be committed; remove this example (say what the secret looks like in its description)',
    secretInExample:
      '{path} is a secret (secret: true), and this example gives it a value: the configuration schema, examples included, is written into the generated code, which is meant to be committed; leave it out of the example (each bot gives the secret as { $secret: NAME })',
  }),
  BW2032: entry('pattern needs a backtracking engine', {
    /** reason: the construct (lookaround, backreference, a repetition count over 1000...); fix: what to write instead */
    notLinear: 'pattern cannot run on the linear-time engine botwire validates strings with: {reason}; {fix}',
  }),
  BW2033: entry('$ref chain too deep', {
    refChainTooDeep:
      "this $ref to $defs '{name}' makes a chain of $refs through more than {limit} $defs entries, more than botwire follows; write some of the entries out in place, or reference an entry nearer the end of the chain",
  }),
  BW2036: entry('entity reference in a state schema or a bot schema', {
    entityInState:
      "the schema of state '{name}' cannot reference entities ('{entity}'): a state's value is kept as plain JSON, whatever the integrations a bot wires; write the schema out (or use a $defs entry)",
    entityInBot: "a bot has no entities, so {schema} cannot reference '{entity}'; write the schema out",
  }),
  BW2037: entry('invalid cron expression', {
    invalidCron: "invalid cron expression of event '{event}': {reason}",
  }),
  // references
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
  // semantics
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
    undeclaredKey: "{path} has key '{key}', which the configuration schema of {owner} does not declare{didYouMean}",
    missingKey: "{path} is missing '{key}', which the configuration schema of {owner} requires",
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
  // emit
  BW5001: entry('output folder overlaps the definitions folder', {
    overlap: 'the output folder {out} and the definitions folder {definitions} overlap; generated files must live apart from definitions',
  }),
  BW5002: entry('output cannot be written', { cannotWrite: 'cannot write {target} ({reason}); files already replaced are complete, the rest are unchanged' }),
  BW5007: entry('a way out of the output folder', {
    leadsOutside:
      '{path} leads outside the output folder {out} (to {target}); botwire writes and removes files only inside the output folder, so nothing was written: replace the symbolic link with a folder, or choose another --out',
    leadsOutsideWhileWriting:
      '{path} leads outside the output folder {out} (to {target}) since the run began writing; botwire stopped and wrote nothing there: files already replaced are complete, the rest are unchanged, and the next run finishes once the link is gone',
  }),
  BW5008: entry('output folder locked by another run', {
    locked: '{out} is being written by another botwire run ({holder} holds {lock}); waited {seconds} s. If no botwire runs, remove {lock}',
  }),
  BW5009: entry(
    'manifest entry left alone',
    {
      notGenerated:
        "{file} is listed in {manifest} as a generated file, but it does not start with botwire's generated-file header: it was not written by botwire (the manifest was edited), so it was left alone and dropped from the manifest",
      bookkeeping:
        "{file} is listed in {manifest} as a generated file, but it is botwire's own bookkeeping (the manifest was edited), never an output: it was left alone and dropped from the manifest",
    },
    'warning',
  ),
  BW5003: entry('generated output out of date', {
    missing: 'missing: {file} is not there; run botwire generate',
    stale: 'stale: {file} differs from what the definitions generate; run botwire generate',
    removed: 'no longer produced: {file} would be removed; run botwire generate',
    leftover: 'leftover: {file} is a temporary file of an interrupted run; run botwire generate',
  }),
  // usage and internal: printed by the CLI as one line (src/cli/usage.ts), not made here
  BW9001: entry('internal error', {}),
  BW9002: entry('bad usage', {}),
} satisfies Record<string, CatalogEntry>

export type DiagnosticCode = keyof typeof catalog

/**
 * The messages of related locations: the other places a diagnostic points at (the first of
 * two duplicates, the declaration a reference means), by name, with named arguments as the
 * templates above. They are shown under the diagnostic's own message, each at its place.
 */
export const relatedTemplates = {
  firstDefined: 'first defined here',
  builtinHere: 'the built-in is here',
  firstDeclared: "'{name}' was first declared here",
  declared: "'{name}' is declared here",
  versionDeclared: '{version} is declared here',
  /** `first`: what the name was first used for ("its own action", "action 'x' of interface 'y' (alias 'z')") */
  alsoUsedFor: "'{name}' is also {first}",
  boundSet: '{keyword} is set here',
  interfaceSchema: "the interface's schema ({name} {version})",
  mapping: 'the mapping',
  ownMember: "the own {member} '{name}'",
  partNotFitting: 'the part that does not fit',
  comparedWith: 'what it is compared with',
  implementsHere: "integration '{integration}' implements '{interface}' {version} here",
  takesHere: "'{local}' takes '{interface}' {range} here",
  resolvesTo: "'{alias}' resolves to {version}",
  referencesHere: "'{source}' references '{target}' here",
  weightiestChange: 'the {level} change',
  entityClosedHere: "entity '{name}' is closed here",
  closedHere: '{label} is closed here',
  anchorNotMapping: "'&{anchor}' is set here; this is not a mapping",
  declaresKeyHere: "{declaring} declares '{key}' here",
  messageHere: "the $message '{type}' is here",
  secretPropertyHere: "the property '$secret' is declared here",
} as const satisfies Readonly<Record<string, string>>

export function isDiagnosticCode(value: string): value is DiagnosticCode {
  return Object.hasOwn(catalog, value)
}
