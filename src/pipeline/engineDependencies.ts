// What an edit can affect, for the incremental engine (workspaceEngine.ts). Every stage
// after validation reads other definitions only by name: an integration the interfaces it
// implements, a plugin those it depends on, a bot its integrations and plugins (and
// through them their interfaces), and a version the other versions of its own name (the
// version checks). So a definition must be resolved, checked and lowered again exactly
// when a name in its closure (its own name and every name it reaches, over every version)
// was touched by the edit: claimed, defined or given up by a file that changed.
//
// One read is not by name: a reference to a name the workspace does not have is reported
// with the names that are there ("did you mean") or, when it looks like a file with an
// invalid name, not at all. A definition whose closure holds a missing name is therefore
// done again whenever the set of names changes.
//
// A file with errors whose name is none (`Llm`) also stands for the name a reference would
// write for it (`llm`): a reference to a version of `llm` that only that file claims is
// not reported, so an edit of that file touches `llm` too.
import { asDefinitionName, type SymbolTable } from '../resolve/symbolTable.js'
import type { ClaimedDefinition } from '../validate/claimedNames.js'
import type { DefinitionSpec, RawDefinition } from '../validate/definitionTypes.js'
import { isDefinitionName } from '../validate/metaSchemas.js'

/** `kind/name`, as the symbol table keys names. */
export type NameKey = string

export function nameKey(kind: string, name: string): NameKey {
  return `${kind}/${name}`
}

/** The names a definition refers to directly. */
export function referencedNames(spec: DefinitionSpec): NameKey[] {
  if (spec.kind === 'integration' || spec.kind === 'plugin') return Object.values(spec.interfaces ?? {}).map((i) => nameKey('interface', i.name))
  if (spec.kind !== 'bot') return []
  return [
    ...Object.values(spec.integrations ?? {}).map((i) => nameKey('integration', i.integration)),
    ...Object.values(spec.plugins ?? {}).map((p) => nameKey('plugin', p.plugin)),
  ]
}

/** The names a file stands for: its definition's, or those its errors still let it claim. */
export function namesOfFile(definition: RawDefinition | null, claims: readonly ClaimedDefinition[]): NameKey[] {
  if (definition) return [nameKey(definition.spec.kind, definition.spec.name)]
  return claims.flatMap((claim) =>
    isDefinitionName(claim.name) ? [nameKey(claim.kind, claim.name)] : [nameKey(claim.kind, claim.name), nameKey(claim.kind, asDefinitionName(claim.name))],
  )
}

/** Every name the table knows of, as one text: two tables with the same text answer every missing name alike. */
export function nameSignature(table: SymbolTable): string {
  const invalid = [...table.invalidNames].map(([kind, names]) => `${kind}:${[...names].sort().join(',')}`)
  return [...table.byName.keys(), '|', ...[...table.unversioned].sort(), '|', ...invalid.sort()].join('\n')
}

/**
 * Which definitions' names an edit affects, given the names the changed files touched
 * (before and after) and whether the set of names changed: those whose closure reaches a
 * touched name, or, when the names changed, a name the table does not have. Found once,
 * backwards from those names over the references, rather than a closure per definition.
 */
export class AffectedNames {
  /** name -> the names that refer to it directly */
  private readonly referrers = new Map<NameKey, NameKey[]>()
  private affected: Set<NameKey> | null = null

  constructor(
    private readonly table: SymbolTable,
    private readonly touched: ReadonlySet<NameKey>,
    private readonly namesChanged: boolean,
  ) {
    if (touched.size === 0 && !namesChanged) return
    for (const entry of table.entries) {
      const name = nameKey(entry.kind, entry.name)
      for (const referenced of referencedNames(entry.raw.spec)) {
        const list = this.referrers.get(referenced)
        if (list) list.push(name)
        else this.referrers.set(referenced, [name])
      }
    }
  }

  /** Whether anything in the closure of a name was touched (or, for a closure with a missing name, whether any name changed). */
  affects(name: NameKey): boolean {
    if (this.touched.size === 0 && !this.namesChanged) return false
    this.affected ??= this.reachedFromChanges()
    return this.affected.has(name)
  }

  private reachedFromChanges(): Set<NameKey> {
    const isMissing = (name: NameKey): boolean => !this.table.byName.has(name) && !this.table.unversioned.has(name)
    const seeds = [...this.touched, ...(this.namesChanged ? [...this.referrers.keys()].filter(isMissing) : [])]
    const reached = new Set<NameKey>(seeds)
    const queue = [...seeds]
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      for (const referrer of this.referrers.get(next) ?? []) {
        if (reached.has(referrer)) continue
        reached.add(referrer)
        queue.push(referrer)
      }
    }
    return reached
  }
}
