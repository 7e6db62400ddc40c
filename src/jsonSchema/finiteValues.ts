// The values of a schema without enum/const that nevertheless admits only a few
// (boolean, null, a short integer range, a single number, '' , [], {}): lets
// `type: boolean` extend `enum: [true, false]`. Undefined when there are (or may be)
// more than a few. The caller filters the list through the schema itself.

import type { KindSet } from './kinds.js'
import { integerLower, integerUpper, lowerBound, upperBound } from './numericBounds.js'
import type { JsonValue, SchemaNode } from './types.js'

const MAX_FINITE_VALUES = 64

export function finiteValues(node: SchemaNode, kinds: KindSet): JsonValue[] | undefined {
  const values: JsonValue[] = []
  for (const kind of kinds) {
    switch (kind) {
      case 'null':
        values.push(null)
        break
      case 'boolean':
        values.push(true, false)
        break
      case 'integer': {
        if (kinds.has('fraction')) break // handled with 'fraction'
        const low = integerLower(lowerBound(node))
        const high = integerUpper(upperBound(node))
        if (!Number.isFinite(low) || !Number.isFinite(high) || high - low >= MAX_FINITE_VALUES) return undefined
        for (let n = low; n <= high; n++) values.push(n)
        break
      }
      case 'fraction': {
        const lower = lowerBound(node)
        const upper = upperBound(node)
        if (lower === undefined || upper === undefined || lower.value !== upper.value || lower.exclusive || upper.exclusive) return undefined
        values.push(lower.value)
        break
      }
      case 'string':
        if (node.maxLength !== 0) return undefined
        values.push('')
        break
      case 'array':
        if (node.maxItems !== 0) return undefined
        values.push([])
        break
      case 'object':
        if (node.additionalProperties !== false || Object.keys(node.properties ?? {}).length > 0) return undefined
        values.push({})
        break
    }
  }
  return values
}
