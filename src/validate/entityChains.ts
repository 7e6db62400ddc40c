// How long a chain of references through a definition's entities may be
// (loadLimits.maxEntityChain): an entity that references another (`$entity`, directly or
// inside a property or items, or through a `$defs` entry), which references another...
// Every pass that follows references (cycles, emptiness, comparison, lowering) walks such
// a chain recursively, so a chain of thousands of entities would exhaust the stack. It is
// measured here without recursion, after the `$ref` chains (BW2033) and before any of
// them runs, and a longer one is a BW2030 at the reference that goes past the limit.
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import { defsName } from '../jsonSchema/reference.js'
import { loadLimits } from '../load/limits.js'
import { locate } from '../load/yamlNodes.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { Defs } from './namedSchemas.js'
import { firstLinkPastLimit } from './refChains.js'
import { type SchemaSite, walkSchema } from './schemaSites.js'

interface Link {
  /** the member referenced: `entity <name>` or `defs <name>` */
  name: string
  pointer: string
  /** how the message names the reference */
  reference: string
}

/** A chain through more than `limit` entities and `$defs` entries, as BW2030 at the reference past the limit. */
export function checkEntityChains(file: SourceFile, sites: readonly SchemaSite[], defs: Defs, limit: number = loadLimits.maxEntityChain): Diagnostic[] {
  const members = new Map<string, SchemaSite>()
  for (const site of sites) if (site.role === 'entity' || site.role === 'defs') members.set(`${site.role} ${site.member}`, site)
  // without an entity, every chain is one of $refs, measured already (BW2033)
  if (!sites.some((site) => site.role === 'entity')) return []
  const linksOf = (member: string): Link[] => {
    const site = members.get(member)
    if (site === undefined) return []
    const links: Link[] = []
    // an entity or entry is at most maxDepth deep: walking it is safe
    walkSchema(site.schema, site.pointer, (node, pointer) => {
      if (typeof node.$entity === 'string' && members.has(`entity ${node.$entity}`))
        links.push({ name: `entity ${node.$entity}`, pointer: `${pointer}/$entity`, reference: `$entity to entity '${node.$entity}'` })
      if (typeof node.$ref === 'string' && Object.hasOwn(defs, defsName(node.$ref)))
        links.push({ name: `defs ${defsName(node.$ref)}`, pointer: `${pointer}/$ref`, reference: `$ref to $defs '${defsName(node.$ref)}'` })
    })
    return links
  }
  const past = firstLinkPastLimit(members.keys(), linksOf, limit)
  if (past === undefined) return []
  return [diagnostic('BW2030', 'entityChainTooLong', { reference: past.reference, limit }, locate(file, past.pointer), { path: past.pointer })]
}
