// A schema's own values (BW2016): its `const` and `enum` values, its `default` and `examples`,
// must be values that the schema itself admits.
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import { surelyValid } from '../jsonSchema/surelyValid.js'
import type { JsonValue, SchemaNode } from '../jsonSchema/types.js'
import { compileValueValidator, describeValueErrors } from '../jsonSchema/valueValidator.js'
import { locate } from '../load/yamlNodes.js'
import type { SourceFile } from '../source/sourceFile.js'

export function withoutKeys(schema: SchemaNode, keys: readonly string[]): SchemaNode {
  return Object.fromEntries(Object.entries(schema).filter(([k]) => !keys.includes(k))) as SchemaNode
}

/**
 * The copy of a schema that values are checked against: entity references admit
 * anything, and `title`/`description` (which never change what a schema admits) are
 * left out, so that schemas differing only in their words share one compiled
 * validator. A property named `title` keeps its schema: only string values are dropped.
 */
function valueCheckSchema(schema: SchemaNode): object {
  const copy = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(copy)
    if (node === null || typeof node !== 'object') return node
    const record = node as Record<string, unknown>
    if (typeof record.$entity === 'string' || typeof record.$ref === 'string' || typeof record.$message === 'string') return {}
    return Object.fromEntries(
      Object.entries(record)
        .filter(([k, v]) => !((k === 'title' || k === 'description') && typeof v === 'string'))
        .map(([k, v]) => [k, k === 'const' || k === 'enum' || k === 'default' || k === 'examples' ? v : copy(v)]),
    )
  }
  return copy(schema) as object
}

/** Why a schema rejects a value, in words; undefined when it accepts it (or cannot be compiled: an invalid pattern is reported at its own node). */
export function rejection(schema: SchemaNode, value: JsonValue): string | undefined {
  if (surelyValid(schema, value)) return undefined
  let validate: ReturnType<typeof compileValueValidator>
  try {
    validate = compileValueValidator(valueCheckSchema(schema))
  } catch {
    return undefined
  }
  return validate(value) ? undefined : describeValueErrors(validate.errors, 'value', value).join('; ')
}

/** const and enum values (`values`), default and examples (`annotations`) must be values that the schema itself admits. */
export function checkOwnValues(file: SourceFile, node: SchemaNode, pointer: string, out: Diagnostic[], part: 'values' | 'annotations'): void {
  if (node.const === undefined && node.enum === undefined && node.default === undefined && node.examples === undefined) return
  const check = (schema: SchemaNode, value: JsonValue | undefined, at: string, what: string): void => {
    const reasons = value === undefined ? undefined : rejection(schema, value)
    if (reasons !== undefined) out.push(diagnostic('BW2016', 'rejectedValue', { what, value: JSON.stringify(value), reasons }, locate(file, at), { path: at }))
  }
  if (part === 'values') {
    const withoutValueKeys = withoutKeys(node, ['const', 'enum', 'default', 'examples'])
    if (node.const !== undefined) check(withoutValueKeys, node.const, `${pointer}/const`, 'const')
    node.enum?.forEach((value, i) => {
      check(withoutValueKeys, value, `${pointer}/enum/${i}`, 'enum value')
    })
    return
  }
  const withoutAnnotations = withoutKeys(node, ['default', 'examples'])
  check(withoutAnnotations, node.default, `${pointer}/default`, 'default')
  node.examples?.forEach((value, i) => {
    check(withoutAnnotations, value, `${pointer}/examples/${i}`, 'example')
  })
}
