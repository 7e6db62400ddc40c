// BW2xxx, shape: a definition against the meta-schemas, and the sanity of the schemas it holds.
import { type CatalogEntry, entry } from './catalogEntry.js'

// `{didYouMean}` is the text of a suggestion (" (did you mean 'x'?)", or nothing); `{hint}`
// is that, or else another clause (what does exist)
const BARE_NULL = "{where} holds a bare null, which YAML reads as no value, not as the type name; quote it: type: 'null' (or [string, 'null'])"
const NOT_MATCHING = { notMatching: '{value} is not {expected}', keyNotMatching: "key '{key}' in {where} is not {expected}" } as const
const ADMITS_NO_VALUE = { admitsNoValue: '{reason}: no value can satisfy this schema' } as const
const REJECTED_VALUE = '{what} {value} is rejected by this schema itself ({reasons})'

export const shapeCodes = {
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
    expiryAsText: '{where} must be an integer of milliseconds, not {actual}{inMs}',
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
  BW2031: entry('identifier names no configuration key', {
    unknownIdentifierKey: "identifier.configuration '{key}' is no property of the configuration{didYouMean}; its properties: {known}",
    noConfiguration:
      "identifier.configuration '{key}' names a property of the configuration, and the integration declares none: declare it (a required string) under configuration.schema.properties",
  }),
  BW2034: entry('identifier key not a required string', {
    identifierNotRequired:
      "the identifier '{key}' must be required by the configuration: every bot that adds the integration gives its own, which tells its requests apart; add it to required",
    identifierNotString: "the identifier '{key}' must be a string (type: string), not {actual}: the host compares it with what identify() reads from a request",
  }),
  BW2035: entry('identifier key is a secret', {
    identifierSecret:
      "the identifier '{key}' is a secret (secret: true), but an identifier is read from every request the outside world sends, and compared in the open: remove secret: true, or choose another key",
  }),
  BW2038: entry('identifier key missing from an alternative configuration', {
    identifierNotInAlternative:
      "alternative configuration '{name}' does not declare the identifier '{key}' as a required string: a bot that chooses it could not be routed to; declare it as the default configuration does",
  }),
  BW2032: entry('pattern needs a backtracking engine', {
    /** reason: the construct (lookaround, backreference, a repetition count over 1000...); fix: what to write instead */
    notLinear: 'pattern cannot run on the linear-time engine botwire validates strings with: {reason}; {fix}',
  }),
  BW2033: entry('$ref chain too deep', {
    refChainTooDeep:
      "this $ref to $defs '{name}' makes a chain of $refs through more than {limit} $defs entries, more than botwire follows; write some of the entries out in place, or reference an entry nearer the end of the chain",
  }),
  BW2030: entry('entity chain too long', {
    entityChainTooLong:
      'this {reference} makes a chain of references through more than {limit} entities and $defs entries, more than botwire follows; reference an entity nearer the end of the chain, or write some of them out in place',
  }),
  BW2036: entry('entity reference in a state schema or a bot schema', {
    entityInState:
      "the schema of state '{name}' cannot reference entities ('{entity}'): a state's value is kept as plain JSON, whatever the integrations a bot wires; write the schema out (or use a $defs entry)",
    entityInBot: "a bot has no entities, so {schema} cannot reference '{entity}'; write the schema out",
  }),
  BW2037: entry('invalid cron expression', {
    invalidCron: "invalid cron expression of event '{event}': {reason}",
  }),
  BW2039: entry('standard message with extra fields written so that they cannot be added', {
    secondMessage: "an allOf may extend one standard message; this branch is a second $message beside '{type}' (a value cannot be two messages)",
    referencedFields:
      "the fields added to the standard message '{type}' are written in place: this branch is a reference, whose properties the message would refuse; write the object here (type: object, properties: ...)",
    closedFields:
      "a branch that adds fields to the standard message '{type}' leaves closedness to the message (which accepts its own fields and the ones added, nothing else); remove additionalProperties",
    notInlineObject: "a branch beside the standard message '{type}' adds fields: write it as type: object with properties (no anyOf, oneOf or allOf)",
    messageThroughDefs:
      "$defs '{name}' is the standard message '{type}', which stays closed when reached through $defs, so no field can be added to it; write $message: {type} directly as a branch of this allOf instead",
  }),
} satisfies Record<string, CatalogEntry>
