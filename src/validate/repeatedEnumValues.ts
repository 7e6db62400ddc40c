// Each `enum` value once (BW2008): a repeated value is most often a typo for another one.
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import { describeValue } from '../jsonSchema/describe.js'
import { canonicalJsonKey } from '../jsonSchema/jsonEqual.js'
import type { JsonValue, SchemaNode } from '../jsonSchema/types.js'
import { locate } from '../load/yamlNodes.js'
import type { SourceFile } from '../source/sourceFile.js'
import { describePointer } from './describePointer.js'

/**
 * Each `enum` value once (JSON Schema: they SHOULD be unique): a repeated value is most
 * often a typo for another one. Compared as JSON values are, with botwire's own deep
 * equality (ajv's calls an own `toString` of a value, which an enum of objects may have),
 * through a canonical key, so that thousands of object values are not compared pairwise.
 */
export function checkRepeatedEnumValues(file: SourceFile, node: SchemaNode, pointer: string, out: Diagnostic[]): void {
  // each distinct value with where it is listed, by a key equal values share (objects with their keys sorted)
  const places: { value: JsonValue; at: number[] }[] = []
  const byKey = new Map<string, { value: JsonValue; at: number[] }>()
  ;(node.enum ?? []).forEach((value, i) => {
    const key = canonicalJsonKey(value)
    let entry = byKey.get(key)
    if (!entry) {
      entry = { value, at: [] }
      places.push(entry)
      byKey.set(key, entry)
    }
    entry.at.push(i)
  })
  // reported once, at its second place, with how often it is listed
  for (const { value, at } of places) {
    const second = at[1]
    if (second === undefined) continue
    const where = describePointer(`${pointer}/enum`)
    const range = locate(file, `${pointer}/enum/${second}`)
    out.push(
      at.length === 2
        ? diagnostic('BW2008', 'listedTwice', { where, value: describeValue(value) }, range, { path: `${pointer}/enum/${second}` })
        : diagnostic('BW2008', 'listedTimes', { where, value: describeValue(value), count: at.length }, range, { path: `${pointer}/enum/${second}` }),
    )
  }
}
