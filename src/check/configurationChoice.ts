// Which configuration an integration instance follows (docs/definitions.md#alternative-configurations):
// the alternative its `configurationType` names, or the default (BW3020 for a name the
// integration does not have); and the keys it sets that only another one declares (BW4025).

import { type Diagnostic, diagnostic, relatedLocation } from '../diagnostics/diagnostic.js'
import { closest, listNames, suggestionText } from '../diagnostics/suggest.js'
import { own } from '../jsonSchema/own.js'
import { formatPointer, parsePointer } from '../jsonSchema/pointer.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { valuePath } from '../jsonSchema/valueIssues.js'
import { locate, locateKey } from '../load/yamlNodes.js'
import { type BotModel, EMPTY_CONFIGURATION, type IntegrationModel } from '../resolve/model.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { SchemaHolder } from '../validate/definitionTypes.js'
import { undeclaredKeys } from './undeclaredKeys.js'

/** The other configurations of an integration, where a stray key may belong (docs/definitions.md#alternative-configurations). */
export interface OtherConfigurations {
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

/**
 * Keys of the value that the chosen configuration does not declare but another one does
 * (BW4025, one per key, at the key), where the chosen schema does not say what extra keys
 * are (closed or left out: an open object would let them through and the integration
 * would never read them). Returns their pointers, which ajv's own report then skips.
 */
export function strayKeys(
  file: SourceFile,
  base: string,
  value: unknown,
  schema: SchemaNode,
  alternatives: OtherConfigurations,
  out: Diagnostic[],
): Set<string> {
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

export interface ChosenConfiguration {
  schema: SchemaNode
  alternatives?: OtherConfigurations
}

/**
 * The configuration an integration instance follows: the alternative named by its
 * `configurationType`, or the default; with the others, where a stray key may belong.
 * A name the integration does not have is a BW3020, and nothing else is checked then.
 */
export function chooseConfiguration(bot: BotModel, alias: string, integration: IntegrationModel, out: Diagnostic[]): ChosenConfiguration | undefined {
  const base = integration.spec.configuration?.schema ?? EMPTY_CONFIGURATION
  const alternatives = integration.spec.configurations ?? {}
  // `configurationType: null` is the default, as absent (docs/definitions.md#alternative-configurations)
  const chosen = own(bot.spec.integrations, alias)?.configurationType ?? undefined
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
