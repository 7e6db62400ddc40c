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
import type { SymbolTable } from '../resolve/symbolTable.js'
import type { ClaimedDefinition } from '../validate/claimedNames.js'
import type { DefinitionSpec, RawDefinition } from '../validate/definitionTypes.js'

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
  return claims.map((claim) => nameKey(claim.kind, claim.name))
}

/** Every name the table knows of, as one text: two tables with the same text answer every missing name alike. */
export function nameSignature(table: SymbolTable): string {
  const invalid = [...table.invalidNames].map(([kind, names]) => `${kind}:${[...names].sort().join(',')}`)
  return [...table.byName.keys(), '|', ...[...table.unversioned].sort(), '|', ...invalid.sort()].join('\n')
}

/**
 * Which definitions' names an edit affects, given the names the changed files touched
 * (before and after) and whether the set of names changed.
 */
export class AffectedNames {
  private readonly references = new Map<NameKey, Set<NameKey>>()
  private readonly answers = new Map<NameKey, boolean>()

  constructor(
    private readonly table: SymbolTable,
    private readonly touched: ReadonlySet<NameKey>,
    private readonly namesChanged: boolean,
  ) {
    for (const entry of table.entries) {
      const name = nameKey(entry.kind, entry.name)
      const set = this.references.get(name) ?? new Set<NameKey>()
      for (const referenced of referencedNames(entry.raw.spec)) set.add(referenced)
      this.references.set(name, set)
    }
  }

  /** Whether anything in the closure of a name was touched (or, for a closure with a missing name, whether any name changed). */
  affects(name: NameKey): boolean {
    if (this.touched.size === 0 && !this.namesChanged) return false
    const known = this.answers.get(name)
    if (known !== undefined) return known
    const closure = new Set<NameKey>([name])
    const queue = [name]
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      for (const referenced of this.references.get(next) ?? []) {
        if (closure.has(referenced)) continue
        closure.add(referenced)
        queue.push(referenced)
      }
    }
    let affected = false
    for (const member of closure) {
      if (this.touched.has(member) || (this.namesChanged && !this.table.byName.has(member) && !this.table.unversioned.has(member))) {
        affected = true
        break
      }
    }
    this.answers.set(name, affected)
    return affected
  }
}
