/**
 * A bot's configuration values for each integration and plugin instance are valid
 * against that definition's configuration schema; `{ $secret: NAME }` stands for a
 * string supplied at run time, accepted wherever the schema admits a string. A property
 * the schema marks `secret: true` must be given that way (BW4016), since a plain value
 * would be written into the bot's generated module; a plain string under a name that
 * reads like a credential is a warning (BW4017).
 */

import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import { closest, suggestionText } from '../diagnostics/suggest.js'
import { expectedType, typeWord } from '../diagnostics/words.js'
import { fillDefaults } from '../jsonSchema/defaults.js'
import { inlineReferences, valueDepth } from '../jsonSchema/inlineReferences.js'
import { own } from '../jsonSchema/own.js'
import { formatPointer, parsePointer } from '../jsonSchema/pointer.js'
import { defsName, isDefsReference } from '../jsonSchema/reference.js'
import { surelyValid } from '../jsonSchema/surelyValid.js'
import type { JsonValue, SchemaNode } from '../jsonSchema/types.js'
import { describeRule, mergeUnionErrors, valueAtInstancePath, valuePath } from '../jsonSchema/valueIssues.js'
import { compileValueValidator } from '../jsonSchema/valueValidator.js'
import { locate, locateKey, pointerExists } from '../load/yamlNodes.js'
import { EMPTY_CONFIGURATION, type IntegrationModel, type PluginModel, requireDefinition } from '../resolve/model.js'
import type { SourceFile } from '../source/sourceFile.js'
import { defineCheck } from './check.js'
import { chooseConfiguration, type OtherConfigurations, strayKeys } from './configurationChoice.js'
import { nearMissKeys } from './configurationNearMisses.js'
import { plainCredentials, secretNameFor } from './plainCredentials.js'
import { substituteSecrets } from './secretReferences.js'
import { RUNTIME_KEYWORDS, withoutRuntimeKeywords } from './secretRelaxedSchema.js'

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
        : problem.problem === 'misspelt'
          ? diagnostic('BW4011', 'misspeltSecret', { key: problem.key }, range, { path, suggestion: '$secret' })
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
      // the required key written misspelt beside it: one error, at the misspelt key, in place of its near-miss warning
      const nearMiss = out.findIndex(
        (d) => d.code === 'BW4027' && d.suggestion === key && d.path === `${base}/configuration${pointer}${formatPointer([String(d.data?.key)])}`,
      )
      const misspelt = out[nearMiss]
      if (misspelt !== undefined) {
        const written = String(misspelt.data?.key)
        const merged = diagnostic('BW4011', 'misspeltKey', { path, key: written, meant: key, owner }, misspelt.range, {
          ...(misspelt.path === undefined ? {} : { path: misspelt.path }),
          suggestion: key,
          data: { key: written },
        })
        out[nearMiss] = { ...merged, related: misspelt.related }
      } else out.push(diagnostic('BW4011', 'missingKey', { path, key, owner }, range, { ...extra, data: { key } }))
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

/** The schema node that an ajv error's keyword belongs to ('#/properties/a/additionalProperties' -> properties.a). */
function schemaAt(schema: SchemaNode, schemaPath: string): SchemaNode {
  const node = valueAtInstancePath(schema, schemaPath.replace(/^#/, '').replace(/\/[^/]*$/, ''))
  return node !== null && typeof node === 'object' ? (node as SchemaNode) : {}
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
      const choice = own(bot.spec.integrations, instance.alias)?.configurationType ?? undefined
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
