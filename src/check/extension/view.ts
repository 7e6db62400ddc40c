// A view is a schema node together with where it sits (entity + JSON pointer), so
// that every failure can point at the node or keyword the user must edit. A view
// may be synthetic: a node with its union stripped, or a union branch merged with
// the keywords beside the union; then each keyword remembers where it was written.
import type { SchemaNode } from '../../schema/types.js'
import { jsonEqual } from './jsonEqual.js'
import { declaredKinds, intersectKinds, typeNamesOfKinds } from './kinds.js'
import { joinPointer } from './pointer.js'
import type { SchemaLocation } from './types.js'

export interface View {
  readonly node: SchemaNode
  readonly entity: string | null
  /** where node-level problems are reported */
  readonly pointer: string
  /** '' for a node as written; otherwise names the synthetic view (part of cache keys) */
  readonly variant: string
  /** keyword -> pointer of the node that holds it, where that is not `pointer` */
  readonly keywordParents?: ReadonlyMap<string, string>
}

const ANNOTATIONS: ReadonlySet<string> = new Set(['title', 'description', 'default', 'examples'])

export function rootView(node: SchemaNode, entity: string | null): View {
  return { node, entity, pointer: '', variant: '' }
}

export function keywordPointer(view: View, keyword: keyof SchemaNode, ...segments: (string | number)[]): string {
  return joinPointer(view.keywordParents?.get(keyword) ?? view.pointer, keyword, ...segments)
}

export function locationOf(view: View): SchemaLocation {
  return { entity: view.entity, pointer: view.pointer }
}

export function keywordLocation(view: View, keyword: keyof SchemaNode, ...segments: (string | number)[]): SchemaLocation {
  return { entity: view.entity, pointer: keywordPointer(view, keyword, ...segments) }
}

/** The view of a sub-schema, e.g. `childView(v, node, 'properties', 'id')`. */
export function childView(parent: View, node: SchemaNode, keyword: keyof SchemaNode, ...segments: (string | number)[]): View {
  return { node, entity: parent.entity, pointer: keywordPointer(parent, keyword, ...segments), variant: '' }
}

/** Keywords that constrain (everything but annotations). */
export function constraintKeywords(node: SchemaNode): string[] {
  return Object.keys(node).filter((key) => !ANNOTATIONS.has(key))
}

/** True when the node admits every value (`{}` or annotations only). */
export function isUnconstrained(node: SchemaNode): boolean {
  return constraintKeywords(node).length === 0
}

export function hasUnion(node: SchemaNode): boolean {
  return node.anyOf !== undefined || node.oneOf !== undefined
}

export function hasValues(node: SchemaNode): boolean {
  return node.const !== undefined || node.enum !== undefined
}

/** The same node without the given keywords (the "base" beside a union). */
export function stripKeywords(view: View, keywords: readonly (keyof SchemaNode)[]): View {
  const node: SchemaNode = { ...view.node }
  for (const keyword of keywords) delete node[keyword]
  return { ...view, node, variant: `${view.variant}-${keywords.join('-')}` }
}

const OBJECT_GROUP = ['properties', 'additionalProperties'] as const

function parentOf(view: View, keyword: string): string {
  return view.keywordParents?.get(keyword) ?? view.pointer
}

/**
 * The conjunction of `base` (a node with its union stripped) and one union branch,
 * as a single node, when it can be written as one without changing its meaning;
 * undefined otherwise (the caller then compares the branch alone, which is sound
 * because the branch admits at least what the conjunction admits).
 */
export function mergeBranch(base: View, branch: View): View | undefined {
  if (base.node.$entity !== undefined || branch.node.$entity !== undefined) return undefined
  const baseKeys = constraintKeywords(base.node)
  const branchKeys = constraintKeywords(branch.node)
  // properties and additionalProperties mean something only together
  const baseHasGroup = OBJECT_GROUP.some((k) => baseKeys.includes(k))
  const branchHasGroup = OBJECT_GROUP.some((k) => branchKeys.includes(k))
  if (baseHasGroup && branchHasGroup) {
    const same = OBJECT_GROUP.every((k) => {
      const a = base.node[k]
      const b = branch.node[k]
      return a === undefined ? b === undefined : b !== undefined && jsonEqual(a, b)
    })
    if (!same) return undefined
  }
  const node: Record<string, unknown> = {}
  const parents = new Map<string, string>()
  for (const key of baseKeys) {
    node[key] = base.node[key as keyof SchemaNode]
    parents.set(key, parentOf(base, key))
  }
  for (const key of branchKeys) {
    const value = branch.node[key as keyof SchemaNode]
    if (key === 'type' && base.node.type !== undefined) {
      const a = declaredKinds(base.node)
      const b = declaredKinds(branch.node)
      if (a !== undefined && b !== undefined) node.type = typeNamesOfKinds(intersectKinds(a, b))
    } else if (key === 'required' && base.node.required !== undefined) {
      node.required = [...new Set([...base.node.required, ...(branch.node.required ?? [])])]
    } else if (Object.hasOwn(node, key)) {
      if (!jsonEqual(node[key], value)) return undefined
    } else node[key] = value
    parents.set(key, parentOf(branch, key))
  }
  return {
    node: node as SchemaNode,
    entity: branch.entity,
    pointer: branch.pointer,
    variant: `merge(${base.pointer}${base.variant})${branch.variant}`,
    keywordParents: parents,
  }
}
