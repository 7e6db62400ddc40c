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

/** Every `$ref` inside an entry, to an entry that exists (an entry is at most maxDepth deep: walking it is safe). */
function referencesOf(defs: Defs, name: string): ChainLink[] {
  const schema = own(defs, name)
  if (!isRecord(schema)) return []
  const found: ChainLink[] = []
  walkSchema(schema as SchemaNode, `/$defs/${escapePointerSegment(name)}`, (node, pointer) => {
    if (typeof node.$ref !== 'string') return
    const target = defsName(node.$ref)
    if (Object.hasOwn(defs, target)) found.push({ name: target, pointer: `${pointer}/$ref` })
  })
  return found
}

/** A reference of a chain: to the member `name` (an entry's or an entity's key in its map), written at `pointer`. */
export interface ChainLink {
  name: string
  pointer: string
}

/**
 * The first reference that leads past the longest chain allowed, if any: the longest
 * chain of members from each member, a reference back into the chain being walked (a
 * cycle, legal through a property and BW2023 otherwise) not counted. Depth first with an
 * explicit stack, each member measured once, so that any length of chain is measured
 * without recursion; `linksOf` gives a member's references to members.
 */
export function firstLinkPastLimit<Link extends ChainLink>(members: Iterable<string>, linksOf: (name: string) => Link[], limit: number): Link | undefined {
  const length = new Map<string, number>()
  const onPath = new Set<string>()
  for (const start of members) {
    if (length.has(start)) continue
    const stack: { name: string; references: Link[]; next: number; longest: number }[] = []
    const enter = (name: string): void => {
      onPath.add(name)
      stack.push({ name, references: linksOf(name), next: 0, longest: 1 })
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
        if (parent.longest > limit && through !== undefined) return through
        continue
      }
      frame.next++
      if (onPath.has(reference.name)) continue
      const known = length.get(reference.name)
      if (known !== undefined) {
        frame.longest = Math.max(frame.longest, known + 1)
        if (frame.longest > limit) return reference
        continue
      }
      if (stack.length >= limit) return reference
      enter(reference.name)
    }
  }
  return undefined
}

/** The first reference past a chain of `$ref`s through more than `limit` `$defs` entries, as BW2033. */
export function checkRefChains(file: SourceFile, defs: Defs, limit: number = loadLimits.maxRefChain): Diagnostic[] {
  const past = firstLinkPastLimit(Object.keys(defs), (name) => referencesOf(defs, name), limit)
  return past === undefined ? [] : [tooDeep(file, past, limit)]
}

function tooDeep(file: SourceFile, reference: ChainLink, limit: number): Diagnostic {
  return diagnostic('BW2033', 'refChainTooDeep', { name: reference.name, limit }, locate(file, reference.pointer), { path: reference.pointer })
}
