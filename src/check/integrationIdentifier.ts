/**
 * An integration's `identifier` (docs/definitions.md#identifier) names a property of its
 * configuration that every bot gives: declared by the default configuration (BW2031, with
 * a near miss), required and a string (BW2034), no secret (BW2035), and declared so by
 * every alternative configuration too (BW2038), since a bot may choose any of them.
 */

import { type Diagnostic, diagnostic, relatedLocation } from '../diagnostics/diagnostic.js'
import { closest, listNames, suggestionText } from '../diagnostics/suggest.js'
import { own } from '../jsonSchema/own.js'
import { formatPointer } from '../jsonSchema/pointer.js'
import { defsName, isDefsReference } from '../jsonSchema/reference.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { locate } from '../load/yamlNodes.js'
import type { IntegrationModel } from '../resolve/model.js'
import { defineCheck } from './check.js'

/** A top-level property of a configuration: its schema (references followed), where it is written (when in place), whether it is required. */
interface ConfigurationProperty {
  schema: SchemaNode
  pointer: string | undefined
  required: boolean
}

/** The schema a node stands for: through `$ref`s to the definition's `$defs` (a cycle or a foreign reference stops). */
function dereferenced(node: SchemaNode, defs: IntegrationModel['spec']['$defs']): SchemaNode {
  let current = node
  const seen = new Set<string>()
  while (typeof current.$ref === 'string' && isDefsReference(current.$ref) && !seen.has(current.$ref)) {
    seen.add(current.$ref)
    const target = own(defs, defsName(current.$ref))
    if (target === undefined) break
    current = target
  }
  return current
}

/** The properties every value of `schema` has, as declared at its top and in its allOf branches (where a pointer is known, in place). */
function configurationProperties(integration: IntegrationModel, schema: SchemaNode, pointer: string | undefined): Map<string, ConfigurationProperty> {
  const properties = new Map<string, ConfigurationProperty>()
  const required = new Set<string>()
  const visit = (node: SchemaNode, at: string | undefined): void => {
    const resolved = dereferenced(node, integration.spec.$defs)
    const inPlace = resolved === node ? at : undefined
    for (const name of resolved.required ?? []) required.add(name)
    for (const [name, property] of Object.entries(resolved.properties ?? {})) {
      if (!properties.has(name))
        properties.set(name, { schema: dereferenced(property, integration.spec.$defs), pointer: inPlace && `${inPlace}/properties/${name}`, required: false })
    }
    for (const [i, branch] of (resolved.allOf ?? []).entries()) visit(branch, inPlace && `${inPlace}/allOf/${i}`)
  }
  visit(schema, pointer)
  for (const [name, property] of properties) property.required = required.has(name)
  return properties
}

function isRequiredString(property: ConfigurationProperty | undefined): boolean {
  return property?.required === true && property.schema.type === 'string'
}

export const integrationIdentifierCheck = defineCheck({
  name: 'IntegrationIdentifier',
  codes: ['BW2031', 'BW2034', 'BW2035', 'BW2038'],
  kinds: ['integration'],
  run(integration) {
    const identifier = integration.spec.identifier
    if (identifier === undefined) return []
    const key = identifier.configuration
    const at = formatPointer(['identifier', 'configuration'])
    const place = locate(integration.file, at)
    const schema = integration.spec.configuration?.schema
    const properties = schema === undefined ? new Map<string, ConfigurationProperty>() : configurationProperties(integration, schema, '/configuration/schema')
    const property = properties.get(key)
    if (property === undefined) {
      const names = [...properties.keys()]
      if (names.length === 0) return [diagnostic('BW2031', 'noConfiguration', { key }, place, { path: at })]
      const suggestion = closest(key, names)
      return [
        diagnostic('BW2031', 'unknownIdentifierKey', { key, didYouMean: suggestionText(suggestion), known: listNames(names) }, place, {
          path: at,
          ...(suggestion === undefined ? {} : { suggestion }),
        }),
      ]
    }
    const related = property.pointer === undefined ? [] : [relatedLocation('declared', { name: key }, locate(integration.file, property.pointer))]
    const extra = { path: at, related }
    const out: Diagnostic[] = []
    if (!property.required) out.push(diagnostic('BW2034', 'identifierNotRequired', { key }, place, extra))
    const type = property.schema.type
    if (type !== 'string')
      out.push(diagnostic('BW2034', 'identifierNotString', { key, actual: type === undefined ? 'any type' : [type].flat().join(' | ') }, place, extra))
    if (property.schema.secret === true) out.push(diagnostic('BW2035', 'identifierSecret', { key }, place, extra))
    for (const [name, alternative] of Object.entries(integration.spec.configurations ?? {})) {
      const pointer = formatPointer(['configurations', name, 'schema'])
      if (!isRequiredString(configurationProperties(integration, alternative.schema, pointer).get(key)))
        out.push(diagnostic('BW2038', 'identifierNotInAlternative', { key, name }, locate(integration.file, pointer), { path: pointer }))
    }
    return out
  },
})
