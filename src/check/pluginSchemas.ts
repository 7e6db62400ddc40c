// A plugin's schemas read through its dependencies, as the entity checks read an
// interface's or an integration's own: `LOCAL.ENTITY` stands for the entity of the
// interface version the plugin compiles against (the lowest satisfying its range), and
// that entity's own references are bound in its interface. The analyses of
// jsonSchema/ follow references by one resolver, so every schema reached is rewritten
// with its references named in one namespace: `LOCAL.ENTITY` for an interface's entity
// (`LOCAL.$defs.NAME` for its named schemas), `#/$defs/NAME` for the plugin's own and
// `$message:TYPE` for a standard message.

import { Inhabitation } from '../jsonSchema/admitsNoValue.js'
import { defsName, isDefsReference, referenceOf } from '../jsonSchema/reference.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import {
  bindReference,
  type EntityScope,
  entitySchema,
  type InterfaceModel,
  MESSAGES_OWNER,
  type Model,
  type PluginModel,
  type QualifiedEntity,
} from '../resolve/model.js'

export class PluginSchemas {
  /** name in the one namespace -> the entity (or `$defs` entry, message) it stands for */
  private readonly targets = new Map<string, QualifiedEntity>()
  private readonly rewritten = new Map<string, SchemaNode | undefined>()
  /** interface key -> the local name the plugin gives it first */
  private readonly locals = new Map<string, string>()
  private inhabitation: Inhabitation | undefined

  constructor(
    private readonly model: Model,
    private readonly plugin: PluginModel,
  ) {
    for (const dependency of plugin.dependencies) {
      if (dependency.interfaceKey !== null && !this.locals.has(dependency.interfaceKey)) this.locals.set(dependency.interfaceKey, dependency.local)
    }
  }

  /** A schema of the plugin's own, its references named in the one namespace. */
  own(schema: SchemaNode): SchemaNode {
    return this.rewrite(schema, this.plugin.scope)
  }

  /** Resolves a name of the one namespace. */
  readonly resolve = (name: string): SchemaNode | undefined => {
    if (this.rewritten.has(name)) return this.rewritten.get(name)
    const target = this.targets.get(name) ?? bindReference(this.plugin.scope, name)
    const scoped = target && entitySchema(this.model, target)
    // renames its references only: a recursive entity is not followed here
    const schema = scoped && this.rewrite(scoped.schema, scoped.scope)
    this.rewritten.set(name, schema)
    return schema
  }

  /** The interface a name written in the plugin (`LOCAL.ENTITY`) reaches, and the entity's name there. */
  interfaceEntity(name: string): { iface: InterfaceModel; entity: string } | undefined {
    const target = bindReference(this.plugin.scope, name)
    const iface = target && this.model.definitions.get(target.owner)
    return iface?.kind === 'interface' && target !== undefined && !isDefsReference(target.entity) ? { iface, entity: target.entity } : undefined
  }

  /** One emptiness analysis for the plugin's schemas. */
  inhabitationAnalysis(): Inhabitation {
    this.inhabitation ??= new Inhabitation(this.resolve)
    return this.inhabitation
  }

  private nameOf(target: QualifiedEntity): string {
    if (target.owner === MESSAGES_OWNER || target.owner === this.plugin.key) return target.entity
    const local = this.locals.get(target.owner) ?? target.owner
    const name = isDefsReference(target.entity) ? `${local}.$defs.${defsName(target.entity)}` : `${local}.${target.entity}`
    this.targets.set(name, target)
    return name
  }

  private rewrite(node: SchemaNode, scope: EntityScope): SchemaNode {
    const reference = referenceOf(node)
    if (reference !== undefined) {
      const target = bindReference(scope, reference)
      const { $entity: _entity, $ref: _ref, $message: _message, ...rest } = node
      // an unknown reference stays unknown, under a name no scope binds (it is reported where it is written)
      return { ...rest, $entity: target === undefined ? `?${reference}` : this.nameOf(target) }
    }
    const copy: Record<string, unknown> = { ...node }
    if (node.properties !== undefined)
      copy.properties = Object.fromEntries(Object.entries(node.properties).map(([name, child]) => [name, this.rewrite(child, scope)]))
    if (node.items !== undefined) copy.items = this.rewrite(node.items, scope)
    if (typeof node.additionalProperties === 'object') copy.additionalProperties = this.rewrite(node.additionalProperties, scope)
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      const branches = node[key]
      if (branches !== undefined) copy[key] = branches.map((branch) => this.rewrite(branch, scope))
    }
    return copy as SchemaNode
  }
}

const analyses = new WeakMap<PluginModel, PluginSchemas>()

/** One reading per plugin, shared by the checks that need it. */
export function pluginSchemas(model: Model, plugin: PluginModel): PluginSchemas {
  let found = analyses.get(plugin)
  if (found === undefined) {
    found = new PluginSchemas(model, plugin)
    analyses.set(plugin, found)
  }
  return found
}
