// Cycles of direct references among named schemas (entities, `$defs` entries): a
// reference that is not inside an object property or array items is direct, and a cycle
// of them describes no value. One depth-first walk, for the entity check (BW4012) and
// for schema sanity (BW2023).

/** One reference of a cycle: `source` references `target` at `pointer`. */
export interface CycleStep {
  source: string
  target: string
  pointer: string
}

export interface ReferenceCycle {
  /** the names around the cycle, the first one again at the end */
  names: string[]
  /** each reference of the cycle, in order: the last one closes it */
  steps: CycleStep[]
}

/**
 * Every cycle among `names`, each once (however many of its names the walk starts
 * from), in the order the walk finds them. `referencesOf` gives a name's direct
 * references to other names, with the pointer of each; `holderPointer` is where a name
 * is declared, for a reference whose place is not known.
 */
export function referenceCycles(
  names: readonly string[],
  referencesOf: (name: string) => readonly { name: string; pointer: string }[],
  holderPointer: (name: string) => string,
): ReferenceCycle[] {
  const known = new Set(names)
  const found: ReferenceCycle[] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const reported = new Set<string>()
  const visit = (name: string, path: string[]): void => {
    if (state.get(name) === 'done') return
    if (state.get(name) === 'visiting') {
      const cycle = [...path.slice(path.indexOf(name)), name]
      const key = [...cycle].sort().join(',')
      if (reported.has(key)) return
      reported.add(key)
      const steps = cycle.slice(0, -1).map((source, i) => {
        const target = cycle[i + 1] ?? name
        const pointer = referencesOf(source).find((reference) => reference.name === target)?.pointer ?? holderPointer(source)
        return { source, target, pointer }
      })
      found.push({ names: cycle, steps })
      return
    }
    state.set(name, 'visiting')
    for (const reference of referencesOf(name)) if (known.has(reference.name)) visit(reference.name, [...path, name])
    state.set(name, 'done')
  }
  for (const name of names) visit(name, [])
  return found
}
