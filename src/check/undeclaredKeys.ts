// The keys of a bot's configuration value that its schema does not declare, found by
// following the value down the declared properties (a `{ $secret: NAME }` is a value, not
// an object to look into). The checks of stray keys (BW4025) and near misses (BW4027)
// each judge them their own way.
import { own } from '../jsonSchema/own.js'
import { formatPointer } from '../jsonSchema/pointer.js'
import { isSecretReference } from '../jsonSchema/secretPlaces.js'
import type { SchemaNode } from '../jsonSchema/types.js'

export interface UndeclaredKey {
  key: string
  /** the object schema the key's object was checked against */
  at: SchemaNode
  /** the instance pointer of the key's object, and of the key */
  parent: string
  pointer: string
}

export function undeclaredKeys(value: unknown, schema: SchemaNode): UndeclaredKey[] {
  const found: UndeclaredKey[] = []
  const visit = (node: unknown, at: SchemaNode, parent: string): void => {
    if (node === null || typeof node !== 'object' || Array.isArray(node) || isSecretReference(node)) return
    for (const [key, item] of Object.entries(node)) {
      const pointer = `${parent}${formatPointer([key])}`
      const declared = own(at.properties, key)
      if (declared !== undefined) visit(item, declared, pointer)
      else if (!branchDeclares(at, key)) found.push({ key, at, parent, pointer })
    }
  }
  visit(value, schema, '')
  return found
}

/** Whether a branch of the node's allOf/anyOf/oneOf (at any depth) declares the key. */
function branchDeclares(node: SchemaNode, key: string): boolean {
  return [node.allOf, node.anyOf, node.oneOf].some((branches) =>
    branches?.some((branch) => own(branch.properties, key) !== undefined || branchDeclares(branch, key)),
  )
}
