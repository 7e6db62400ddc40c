// Keywords a node cannot satisfy as written: bounds the wrong way round (BW2014), and a
// `pattern` that is not a regular expression (BW2015) or that the linear-time engine cannot run (BW2032).
import { type Diagnostic, diagnostic, relatedLocation } from '../diagnostics/diagnostic.js'
import { compilePattern } from '../jsonSchema/linearPattern.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { locate } from '../load/yamlNodes.js'
import type { SourceFile } from '../source/sourceFile.js'

interface Bound {
  low: keyof SchemaNode
  high: keyof SchemaNode
  strict: boolean
}

const BOUNDS: Bound[] = [
  { low: 'minimum', high: 'maximum', strict: false },
  { low: 'exclusiveMinimum', high: 'maximum', strict: true },
  { low: 'minimum', high: 'exclusiveMaximum', strict: true },
  { low: 'exclusiveMinimum', high: 'exclusiveMaximum', strict: true },
  { low: 'minLength', high: 'maxLength', strict: false },
  { low: 'minItems', high: 'maxItems', strict: false },
]

/** Each pair of bounds the wrong way round (a low bound above its high one; equal ones where one is exclusive). */
export function checkBounds(file: SourceFile, node: SchemaNode, pointer: string, out: Diagnostic[]): void {
  for (const { low, high, strict } of BOUNDS) {
    const lo = node[low]
    const hi = node[high]
    if (typeof lo === 'number' && typeof hi === 'number' && (strict ? lo >= hi : lo > hi)) {
      out.push(
        diagnostic(
          'BW2014',
          strict && lo === hi ? 'lowEqualsHigh' : 'lowAboveHigh',
          { low, lowValue: lo, high, highValue: hi },
          locate(file, `${pointer}/${low}`),
          {
            path: `${pointer}/${low}`,
            related: [relatedLocation('boundSet', { keyword: high }, locate(file, `${pointer}/${high}`))],
          },
        ),
      )
    }
  }
}

/** The node's `pattern`, compiled for the linear-time engine; false when it cannot be (ajv cannot then compile the node to check its values). */
export function checkPattern(file: SourceFile, node: SchemaNode, pointer: string, out: Diagnostic[]): boolean {
  if (typeof node.pattern !== 'string') return true
  const compiled = compilePattern(node.pattern)
  const at = { path: `${pointer}/pattern` }
  if (compiled.kind === 'invalid') out.push(diagnostic('BW2015', 'invalidPattern', { reason: compiled.reason }, locate(file, at.path), at))
  if (compiled.kind === 'unsupported') out.push(diagnostic('BW2032', 'notLinear', { reason: compiled.reason, fix: compiled.fix }, locate(file, at.path), at))
  return compiled.kind === 'compiled'
}
