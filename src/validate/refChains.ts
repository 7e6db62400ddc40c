// How long a chain of `$ref`s among `$defs` entries may be (loadLimits.maxRefChain): the
// passes that follow references (cycles, emptiness, inlining, comparison) walk a chain
// recursively, so a chain of thousands of entries would exhaust the stack. The longest
// chain is measured here without recursion, before any of them runs, and a longer one is
// a BW2033 at the reference that goes past the limit (docs/decisions.md).
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import { isRecord, own } from '../jsonSchema/own.js'
import { escapePointerSegment } from '../jsonSchema/pointer.js'
import { defsName } from '../jsonSchema/reference.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { loadLimits } from '../load/limits.js'
import { locate } from '../load/yamlNodes.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { Defs } from './namedSchemas.js'
import { walkSchema } from './schemaSites.js'

interface Reference {
  name: string
  pointer: string
}

/** Every `$ref` inside an entry, to an entry that exists (an entry is at most maxDepth deep: walking it is safe). */
function referencesOf(defs: Defs, name: string): Reference[] {
  const schema = own(defs, name)
  if (!isRecord(schema)) return []
  const found: Reference[] = []
  walkSchema(schema as SchemaNode, `/$defs/${escapePointerSegment(name)}`, (node, pointer) => {
    if (typeof node.$ref !== 'string') return
    const target = defsName(node.$ref)
    if (Object.hasOwn(defs, target)) found.push({ name: target, pointer: `${pointer}/$ref` })
  })
  return found
}

/**
 * The first reference that leads past the longest chain allowed, if any: the longest
 * chain of entries from each entry, a reference back into the chain being walked (a
 * cycle, legal through a property and BW2023 otherwise) not counted. Depth first with an
 * explicit stack, each entry measured once.
 */
export function checkRefChains(file: SourceFile, defs: Defs, limit: number = loadLimits.maxRefChain): Diagnostic[] {
  const length = new Map<string, number>()
  const onPath = new Set<string>()
  for (const start of Object.keys(defs)) {
    if (length.has(start)) continue
    const stack: { name: string; references: Reference[]; next: number; longest: number }[] = []
    const enter = (name: string): void => {
      onPath.add(name)
      stack.push({ name, references: referencesOf(defs, name), next: 0, longest: 1 })
    }
    enter(start)
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as (typeof stack)[number]
      const reference = frame.references[frame.next]
      if (reference === undefined) {
        stack.pop()
        onPath.delete(frame.name)
        length.set(frame.name, frame.longest)
        const parent = stack[stack.length - 1]
        if (parent === undefined) continue
        parent.longest = Math.max(parent.longest, frame.longest + 1)
        const through = parent.references[parent.next - 1]
        if (parent.longest > limit && through !== undefined) return [tooDeep(file, through, limit)]
        continue
      }
      frame.next++
      if (onPath.has(reference.name)) continue
      const known = length.get(reference.name)
      if (known !== undefined) {
        frame.longest = Math.max(frame.longest, known + 1)
        if (frame.longest > limit) return [tooDeep(file, reference, limit)]
        continue
      }
      if (stack.length >= limit) return [tooDeep(file, reference, limit)]
      enter(reference.name)
    }
  }
  return []
}

function tooDeep(file: SourceFile, reference: Reference, limit: number): Diagnostic {
  return diagnostic('BW2033', 'refChainTooDeep', { name: reference.name, limit }, locate(file, reference.pointer), { path: reference.pointer })
}
