// The keys a bot may write in an integration's or a plugin's `configuration`: the
// properties of the configuration schema it is checked against (the one `configurationType`
// chooses, else the default), at the depth of the cursor, through `$ref`s to the
// definition's `$defs` and into the branches of a union.
import { own } from '../jsonSchema/own.js'
import { defsName, isDefsReference } from '../jsonSchema/reference.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import type { IntegrationModel, PluginModel } from '../resolve/model.js'

export interface ConfigurationKey {
  name: string
  title: string | undefined
  description: string | undefined
}

/** The configuration schema a bot's instance of `owner` is checked against. */
export function configurationSchemaOf(owner: IntegrationModel | PluginModel, configurationType: string | undefined): SchemaNode | undefined {
  if (owner.kind === 'integration' && configurationType !== undefined) return own(owner.spec.configurations, configurationType)?.schema
  return owner.spec.configuration?.schema
}

/** The properties a configuration value may have at `path` (keys below `configuration:`). */
export function configurationKeys(owner: IntegrationModel | PluginModel, schema: SchemaNode, path: readonly string[]): ConfigurationKey[] {
  const defs = owner.spec.$defs
  const resolve = (node: SchemaNode, seen: Set<string>): SchemaNode[] => {
    const reference = node.$ref
    if (reference !== undefined) {
      if (!isDefsReference(reference) || seen.has(reference)) return []
      const target = own(defs, defsName(reference))
      return target === undefined ? [] : resolve(target, new Set([...seen, reference]))
    }
    const branches = [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]
    return [node, ...branches.flatMap((branch) => resolve(branch, seen))]
  }
  let nodes = resolve(schema, new Set())
  for (const key of path) {
    nodes = nodes.flatMap((node) => {
      const property = own(node.properties, key)
      return property === undefined ? [] : resolve(property, new Set())
    })
  }
  const found = new Map<string, ConfigurationKey>()
  for (const node of nodes) {
    for (const [name, property] of Object.entries(node.properties ?? {})) {
      if (!found.has(name)) found.set(name, { name, title: property.title, description: property.description })
    }
  }
  return [...found.values()]
}
