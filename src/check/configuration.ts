/**
 * A bot's configuration values for each integration and plugin instance are valid
 * against that definition's configuration schema; `{ $secret: NAME }` stands for a
 * string supplied at run time, accepted wherever the schema admits a string. A property
 * the schema marks `secret: true` must be given that way (BW4016), since a plain value
 * would be written into the bot's generated module; a plain string under a name that
 * reads like a credential is a warning (BW4017).
 */

import { type Diagnostic, diagnostic, relatedLocation } from '../diagnostics/diagnostic.js'
import { closest, listNames, suggestionText } from '../diagnostics/suggest.js'
import { expectedType, typeWord } from '../diagnostics/words.js'
import { fillDefaults } from '../jsonSchema/defaults.js'
import { inlineReferences, valueDepth } from '../jsonSchema/inlineReferences.js'
import { own } from '../jsonSchema/own.js'
import { defsName, isDefsReference } from '../jsonSchema/reference.js'
import { isSecretReference, walkValuePlaces } from '../jsonSchema/secretPlaces.js'
import { surelyValid } from '../jsonSchema/surelyValid.js'
import type { JsonValue, SchemaNode } from '../jsonSchema/types.js'
import { describeRule, mergeUnionErrors, valueAtInstancePath, valuePath } from '../jsonSchema/valueIssues.js'
import { compileValueValidator } from '../jsonSchema/valueValidator.js'
import { formatPointer, locate, locateKey, parsePointer, pointerExists } from '../load/yamlNodes.js'
import { type BotModel, EMPTY_CONFIGURATION, type IntegrationModel, type PluginModel, requireDefinition } from '../resolve/model.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { SchemaHolder } from '../validate/definitionTypes.js'
import { defineCheck } from './check.js'
import { nearMissKeys } from './configurationNearMisses.js'
import { undeclaredKeys } from './undeclaredKeys.js'

const SECRET_NAME = /^[A-Z][A-Z0-9_]*$/
/** string constraints are checked against the real value at run time */
const RUNTIME_KEYWORDS = new Set(['minLength', 'maxLength', 'pattern', 'format', 'enum', 'const'])

export interface SecretReference {
  /** pointer inside the configuration value */
  pointer: string
  name: string
}

export type SecretProblem = {
  /** pointer to the part of `{ $secret }` at fault */
  pointer: string
  /** pointer to the `{ $secret }` itself: it still stands for a string, so its string constraints are not reported */
  secret: string
} & (
  | { problem: 'name'; name: unknown; suggestion: string | undefined }
  /** a key beside $secret */
  | { problem: 'beside'; key: string }
)

/**
 * Replaces each `{ $secret }` with a string stand-in; reports malformed ones. `plain`: the
 * places of secrets written in plain text (reported on their own), replaced alike so that
 * the value's other checks do not report them again.
 */
export function substituteSecrets(
  value: unknown,
  pointer = '',
  plain: ReadonlySet<string> = new Set(),
): { value: unknown; secrets: SecretReference[]; problems: SecretProblem[] } {
  const secrets: SecretReference[] = []
  const problems: SecretProblem[] = []
  const visit = (node: unknown, at: string): unknown => {
    if (plain.has(at)) return ''
    if (Array.isArray(node)) return node.map((item, i) => visit(item, `${at}/${i}`))
    if (node === null || typeof node !== 'object') return node
    const record = node as Record<string, unknown>
    if (Object.hasOwn(record, '$secret')) {
      const name = record.$secret
      const extra = Object.keys(record).filter((k) => k !== '$secret')
      if (typeof name !== 'string' || !SECRET_NAME.test(name)) {
        const upper = typeof name === 'string' ? name.toUpperCase().replace(/[^A-Z0-9_]/g, '_') : ''
        problems.push({ pointer: `${at}/$secret`, secret: at, problem: 'name', name, suggestion: SECRET_NAME.test(upper) ? upper : undefined })
      } else if (extra.length > 0) {
        problems.push({ pointer: `${at}/${extra[0] ?? ''}`, secret: at, problem: 'beside', key: extra[0] ?? '' })
      } else {
        secrets.push({ pointer: at, name })
      }
      return ''
    }
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, visit(v, `${at}${formatPointer([k])}`)]))
  }
  return { value: visit(value, pointer), secrets, problems }
}

/** Property names that read like a credential (`apiKey`, `token`, `clientSecret`), case and separators aside. */
const CREDENTIAL_NAME = /(apikey|token|password|passwd|passphrase|secret|accesskey|privatekey|credentials?)$/

interface PlainCredential {
  pointer: string
  segments: readonly (string | number)[]
  /** the property it sits under; undefined for a list item */
  key: string | undefined
  /** marked `secret: true` by the schema (an error), or only named like a credential (a warning) */
  marked: boolean
}

/**
 * The values written in plain text where a secret belongs, wherever the schema places one
 * (the shared walk, src/jsonSchema/secretPlaces.ts), and the plain strings under a name
 * that reads like a credential, in nested objects and lists alike.
 */
function plainCredentials(schema: SchemaNode, value: unknown): PlainCredential[] {
  const out: PlainCredential[] = []
  walkValuePlaces(schema, value, (place) => {
    if (place.listed || isSecretReference(place.value)) return false
    // the configuration itself is no credential: its properties may be
    if (place.segments.length === 0) return true
    const named = place.key !== undefined && typeof place.value === 'string' && CREDENTIAL_NAME.test(place.key.toLowerCase().replace(/[^a-z0-9]/g, ''))
    if (place.secret || named) out.push({ pointer: place.pointer, segments: place.segments, key: place.key, marked: place.secret })
    return !place.secret && !named
  })
  return out
}

/**
 * An environment variable name for a secret, upper snake case: the definition's name and
 * the key (`LINEAR_API_KEY`); inside a list, the whole path, so that each item has its own
 * (`LINEAR_SERVERS_0_TOKEN`). The words the key repeats of the name's end are said once
 * (github's `githubWebhookSecret` is GITHUB_WEBHOOK_SECRET, not GITHUB_GITHUB_WEBHOOK_SECRET).
 */
function secretNameFor(ownerName: string, credential: PlainCredential): string {
  const inList = credential.segments.some((segment) => typeof segment === 'number')
  const path = inList || credential.key === undefined ? credential.segments.map(String) : [credential.key]
  const words = (text: string): string[] =>
    text
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .toUpperCase()
      .split(/[^A-Z0-9]+/)
      .filter((word) => word !== '')
  const owner = words(ownerName)
  const own = path.flatMap(words)
  const repeats = (n: number): boolean => owner.slice(owner.length - n).every((word, i) => word === own[i])
  let overlap = Math.min(owner.length, own.length)
  while (overlap > 0 && !repeats(overlap)) overlap--
  return [...owner, ...own.slice(overlap)].join('_')
}

/** The other configurations of an integration, where a stray key may belong (docs/definitions.md#alternative-configurations). */
interface OtherConfigurations {
  /** how the chosen one is named: "default configuration", "configuration 'oauth'" */
  chosen: string
  /** "integration 'zendesk' 1.0.0" */
  integration: string
  others: { label: string; schema: SchemaNode; pointer: string; fix: string }[]
  file: SourceFile
}

/** The pointer (from the schema's root) of the property at an instance path, following `properties` only. */
function propertyPointer(schema: SchemaNode, segments: readonly string[]): string | undefined {
  let node: SchemaNode | undefined = schema
  let pointer = ''
  for (const segment of segments) {
    node = own(node?.properties, segment)
    if (node === undefined) return undefined
    pointer += formatPointer(['properties', segment])
  }
  return pointer
}

function validateConfiguration(
  file: SourceFile,
  base: string,
  value: Record<string, unknown>,
  schema: SchemaNode,
  owner: string,
  ownerName: string,
  alternatives?: OtherConfigurations,
): Diagnostic[] {
  const out: Diagnostic[] = []
  const plain = plainCredentials(schema, value)
  for (const credential of plain) {
    const full = `${base}/configuration${credential.pointer}`
    const args = { path: valuePath('configuration', credential.pointer, value), key: credential.key ?? '', name: secretNameFor(ownerName, credential), owner }
    const range = locate(file, full)
    if (!credential.marked) out.push(diagnostic('BW4017', 'credentialInPlainText', args, range, { path: full }))
    else out.push(diagnostic('BW4016', credential.key === undefined ? 'plainSecretItem' : 'plainSecret', args, range, { path: full }))
  }
  const { value: substituted, secrets, problems } = substituteSecrets(value, '', new Set(plain.filter((p) => p.marked).map((p) => p.pointer)))
  const where = (pointer: string): string => {
    const full = `${base}/configuration${pointer}`
    return pointerExists(file, full) ? full : pointerExists(file, `${base}/configuration`) ? `${base}/configuration` : base
  }
  for (const problem of problems) {
    const at = where(problem.pointer)
    // a bad name is shown at the name; a key beside $secret at that key
    const range = problem.pointer.endsWith('/$secret') || at !== `${base}/configuration${problem.pointer}` ? locate(file, at) : locateKey(file, at)
    const path = `${base}/configuration${problem.pointer}`
    out.push(
      problem.problem === 'name'
        ? diagnostic('BW4011', 'secretName', { name: JSON.stringify(problem.name), didYouMean: suggestionText(problem.suggestion) }, range, {
            path,
            suggestion: problem.suggestion,
          })
        : diagnostic('BW4011', 'besideSecret', { key: problem.key }, range, { path }),
    )
  }
  const stray = alternatives ? strayKeys(file, base, value, schema, alternatives, out) : new Set<string>()
  out.push(...nearMissKeys({ file, base, owner, reported: stray }, value, schema))
  const secretAt = new Set([...secrets.map((s) => s.pointer), ...problems.map((p) => p.secret), ...plain.filter((p) => p.marked).map((p) => p.pointer)])
  // a property with a default may be left out: the runtime fills it in (docs/runtime.md#defaults)
  const filled = fillDefaults(substituted, schema)
  if (surelyValid(schema, filled as JsonValue, secretAt)) return out
  // a secret's string constraints are checked at run time, against the real value: at its
  // place they are left out, in every branch (`anyOf: [integer, { string, minLength }]`
  // takes a secret)
  let relaxed = schema
  for (const pointer of secretAt) relaxed = withoutRuntimeKeywords(relaxed, parsePointer(pointer))
  const validate = compileValueValidator(relaxed as object)
  if (validate(filled)) return out
  for (const error of mergeUnionErrors(validate.errors ?? [])) {
    if (error.keyword === 'if') continue
    const isSecret = secretAt.has(error.instancePath)
    if (isSecret && RUNTIME_KEYWORDS.has(error.keyword)) continue
    const params = error.params as Record<string, unknown>
    const path = valuePath('configuration', error.instancePath, substituted)
    const pointer = error.keyword === 'additionalProperties' ? `${error.instancePath}${formatPointer([String(params.additionalProperty)])}` : error.instancePath
    const at = where(pointer)
    // an undeclared key is shown at the key, not at its value
    const range = error.keyword === 'additionalProperties' && at === `${base}/configuration${pointer}` ? locateKey(file, at) : locate(file, at)
    const extra = { path: `${base}/configuration${pointer}` }
    if (error.keyword === 'additionalProperties' && stray.has(pointer)) continue
    if (error.keyword === 'additionalProperties') {
      const key = String(params.additionalProperty)
      const declared = Object.keys(schemaAt(relaxed, error.schemaPath).properties ?? {})
      const suggestion = closest(key, declared)
      out.push(
        diagnostic('BW4011', 'undeclaredKey', { path, key, owner, didYouMean: suggestionText(suggestion) }, range, { ...extra, suggestion, data: { key } }),
      )
    } else if (error.keyword === 'required') {
      const key = String(params.missingProperty)
      out.push(diagnostic('BW4011', 'missingKey', { path, key, owner }, range, { ...extra, data: { key } }))
    } else if (isSecret && error.keyword === 'type')
      out.push(diagnostic('BW4011', 'secretNotString', { path, owner, expected: expectedType(params.type) }, range, extra))
    else if (error.keyword === 'type') {
      out.push(
        diagnostic(
          'BW4011',
          'wrongType',
          { path, expected: expectedType(params.type), actual: typeWord(valueAtInstancePath(substituted, error.instancePath)), owner },
          range,
          extra,
        ),
      )
    } else {
      // a secret's stand-in is not the value: it is not shown
      const shown = isSecret ? undefined : { value: valueAtInstancePath(substituted, error.instancePath) }
      out.push(diagnostic('BW4011', 'rule', { path, rule: describeRule(error, shown), owner }, range, extra))
    }
  }
  return out
}

/**
 * Keys of the value that the chosen configuration does not declare but another one does
 * (BW4025, one per key, at the key), where the chosen schema does not say what extra keys
 * are (closed or left out: an open object would let them through and the integration
 * would never read them). Returns their pointers, which ajv's own report then skips.
 */
function strayKeys(file: SourceFile, base: string, value: unknown, schema: SchemaNode, alternatives: OtherConfigurations, out: Diagnostic[]): Set<string> {
  const found = new Set<string>()
  for (const { key, at, parent, pointer } of undeclaredKeys(value, schema)) {
    if (at.additionalProperties !== undefined && at.additionalProperties !== false) continue
    const elsewhere = declaringConfiguration(alternatives, pointer)
    if (!elsewhere) continue
    found.add(pointer)
    const full = `${base}/configuration${pointer}`
    out.push(
      diagnostic(
        'BW4025',
        'keyOfOtherConfiguration',
        {
          path: valuePath('configuration', parent, value),
          key,
          chosen: alternatives.chosen,
          integration: alternatives.integration,
          declaring: elsewhere.label,
          fix: elsewhere.fix,
        },
        locateKey(file, full),
        {
          path: full,
          data: { key },
          related: [relatedLocation('declaresKeyHere', { declaring: elsewhere.label, key }, locateKey(alternatives.file, elsewhere.at))],
        },
      ),
    )
  }
  return found
}

/** The first other configuration that declares the property at `pointer` (an instance pointer), and where. */
function declaringConfiguration(alternatives: OtherConfigurations, pointer: string): { label: string; fix: string; at: string } | undefined {
  const segments = parsePointer(pointer)
  for (const other of alternatives.others) {
    const at = propertyPointer(other.schema, segments)
    if (at !== undefined) return { label: other.label, fix: other.fix, at: `${other.pointer}${at}` }
  }
  return undefined
}

/**
 * Keywords that list whole values: on a value that holds a secret (an object or a list
 * above its place) they would compare the secret's stand-in, not its value, so they are
 * checked at run time too.
 */
const WHOLE_VALUE_KEYWORDS = new Set(['enum', 'const'])

/**
 * A copy of `schema` in which every subschema that applies at `path` (an instance path)
 * has no RUNTIME_KEYWORDS there, and no WHOLE_VALUE_KEYWORDS on the way. A schema shared
 * by several places (`items`, `additionalProperties`) is relaxed for the secret's place
 * alone: the item at its index gets a schema of its own (`items` as a tuple, the rest in
 * `additionalItems`), the key a property of its own, so that the other items and keys are
 * checked in full. Copies go through `Object.fromEntries`, which defines own properties: a
 * property named `__proto__` stays a property.
 */
function withoutRuntimeKeywords(schema: SchemaNode, path: readonly string[]): SchemaNode {
  const [head, ...rest] = path
  const relaxed = head === undefined ? RUNTIME_KEYWORDS : WHOLE_VALUE_KEYWORDS
  const node: Record<string, unknown> = Object.fromEntries(Object.entries(schema).filter(([keyword]) => !relaxed.has(keyword)))
  for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = node[keyword]
    if (Array.isArray(branches)) node[keyword] = branches.map((branch: SchemaNode) => withoutRuntimeKeywords(branch, path))
  }
  // which branch a secret's value fits is known only at run time: a `oneOf` on its way
  // holds here when any branch does (its branches may differ only in what is left out)
  if (Array.isArray(node.oneOf)) {
    node.allOf = [...((node.allOf as SchemaNode[] | undefined) ?? []), { anyOf: node.oneOf }]
    Reflect.deleteProperty(node, 'oneOf')
  }
  if (head === undefined) return node as SchemaNode
  const properties = (node.properties ?? {}) as Record<string, SchemaNode>
  const extra = node.additionalProperties
  if (Object.hasOwn(properties, head)) {
    node.properties = Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [name, name === head ? withoutRuntimeKeywords(property, rest) : property]),
    )
  } else if (extra !== null && typeof extra === 'object') {
    node.properties = Object.fromEntries([...Object.entries(properties), [head, withoutRuntimeKeywords(extra as SchemaNode, rest)]])
  }
  const items = node.items
  if (items !== null && typeof items === 'object' && /^\d+$/.test(head)) {
    const index = Number(head)
    // user schemas have one `items` schema; a tuple here was made for an earlier secret, with the original in additionalItems
    const tuple: SchemaNode[] = Array.isArray(items) ? [...(items as SchemaNode[])] : []
    const each = (Array.isArray(items) ? node.additionalItems : items) as SchemaNode
    while (tuple.length <= index) tuple.push(each)
    tuple[index] = withoutRuntimeKeywords(tuple[index] as SchemaNode, rest)
    node.items = tuple
    node.additionalItems = each
  }
  return node as SchemaNode
}

/** The schema node that an ajv error's keyword belongs to ('#/properties/a/additionalProperties' -> properties.a). */
function schemaAt(schema: SchemaNode, schemaPath: string): SchemaNode {
  const node = valueAtInstancePath(schema, schemaPath.replace(/^#/, '').replace(/\/[^/]*$/, ''))
  return node !== null && typeof node === 'object' ? (node as SchemaNode) : {}
}

interface ChosenConfiguration {
  schema: SchemaNode
  alternatives?: OtherConfigurations
}

/**
 * The configuration an integration instance follows: the alternative named by its
 * `configurationType`, or the default; with the others, where a stray key may belong.
 * A name the integration does not have is a BW3020, and nothing else is checked then.
 */
function chooseConfiguration(bot: BotModel, alias: string, integration: IntegrationModel, out: Diagnostic[]): ChosenConfiguration | undefined {
  const base = integration.spec.configuration?.schema ?? EMPTY_CONFIGURATION
  const alternatives = integration.spec.configurations ?? {}
  const chosen = own(bot.spec.integrations, alias)?.configurationType
  const names = Object.keys(alternatives)
  if (chosen !== undefined && own(alternatives, chosen) === undefined) {
    const at = formatPointer(['integrations', alias, 'configurationType'])
    const suggestion = closest(chosen, names)
    const args = { integration: integration.name, version: integration.version, name: chosen }
    out.push(
      names.length === 0
        ? diagnostic('BW3020', 'noAlternatives', args, locate(bot.file, at), { path: at })
        : diagnostic('BW3020', 'unknownConfigurationType', { ...args, didYouMean: suggestionText(suggestion), known: listNames(names) }, locate(bot.file, at), {
            path: at,
            suggestion,
          }),
    )
    return undefined
  }
  if (names.length === 0) return { schema: base }
  const others = [
    ...(chosen === undefined
      ? []
      : [{ label: 'the default configuration', schema: base, pointer: '/configuration/schema', fix: 'remove configurationType to use it' }]),
    ...names
      .filter((name) => name !== chosen)
      .map((name) => ({
        label: `configuration '${name}'`,
        schema: (alternatives[name] as SchemaHolder).schema,
        pointer: formatPointer(['configurations', name, 'schema']),
        fix: `choose it with configurationType: ${name}`,
      })),
  ]
  return {
    schema: chosen === undefined ? base : (alternatives[chosen] as SchemaHolder).schema,
    alternatives: {
      chosen: chosen === undefined ? 'default configuration' : `configuration '${chosen}'`,
      integration: `integration '${integration.name}' ${integration.version}`,
      others,
      file: integration.file,
    },
  }
}

/** A configuration schema with its named schemas written in place, as deep as the value goes: every step of the check walks the schema along the value. */
function withNamedSchemas(definition: IntegrationModel | PluginModel, schema: SchemaNode, value: unknown): SchemaNode {
  const defs = definition.spec.$defs
  if (defs === undefined) return schema
  return inlineReferences(schema, (reference) => (isDefsReference(reference) ? own(defs, defsName(reference)) : undefined), valueDepth(value) + 1)
}

export const configurationCheck = defineCheck({
  name: 'Configuration',
  codes: ['BW3020', 'BW4011', 'BW4016', 'BW4017', 'BW4025', 'BW4027'],
  kinds: ['bot'],
  run(bot, model) {
    const out: Diagnostic[] = []
    for (const instance of bot.integrations) {
      const integration = requireDefinition(model, instance.integrationKey, 'integration')
      const chosen = chooseConfiguration(bot, instance.alias, integration, out)
      if (!chosen) continue
      const choice = own(bot.spec.integrations, instance.alias)?.configurationType
      const owner = `integration '${integration.name}' ${integration.version}${choice === undefined ? '' : ` (configuration '${choice}')`}`
      const base = formatPointer(['integrations', instance.alias])
      const value = own(bot.spec.integrations, instance.alias)?.configuration ?? {}
      const schema = withNamedSchemas(integration, chosen.schema, value)
      out.push(...validateConfiguration(bot.file, base, value, schema, owner, integration.name, chosen.alternatives))
    }
    for (const instance of bot.plugins) {
      const plugin = requireDefinition(model, instance.pluginKey, 'plugin')
      const value = own(bot.spec.plugins, instance.alias)?.configuration ?? {}
      const schema = withNamedSchemas(plugin, plugin.spec.configuration?.schema ?? EMPTY_CONFIGURATION, value)
      out.push(
        ...validateConfiguration(bot.file, formatPointer(['plugins', instance.alias]), value, schema, `plugin '${plugin.name}' ${plugin.version}`, plugin.name),
      )
    }
    return out
  },
})
