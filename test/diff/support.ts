// Shared helpers of the diff tests: where the fixtures are, and running a diff on one.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { diff } from '../../src/diff/index.js'
import type { DefinitionDiff, DiffResult } from '../../src/diff/types.js'

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url))
export const fixturesDir = join(repoRoot, 'test', 'fixtures', 'diff')

/** Runs the diff of a fixture case: old/ -> new/ (forward) or new/ -> old/ (reverse). */
export function diffCase(name: string, direction: 'forward' | 'reverse' = 'forward', builtins = true): DiffResult {
  const [from, to] = direction === 'forward' ? ['old', 'new'] : ['new', 'old']
  return diff({ old: join(fixturesDir, name, from), new: join(fixturesDir, name, to), cwd: fixturesDir, builtins })
}

/** The one result for kind/name that is not unchanged (or the only one there is). */
export function resultFor(result: DiffResult, kind: string, name: string): DefinitionDiff {
  const matching = result.definitions.filter((d) => d.kind === kind && d.name === name)
  const changed = matching.filter((d) => d.status !== 'unchanged')
  const found = changed.length > 0 ? changed : matching
  if (found.length !== 1)
    throw new Error(
      `expected one result for ${kind} ${name}, got ${found.length}: ${JSON.stringify(result.definitions.map((d) => [d.kind, d.name, d.status]))}`,
    )
  return found[0] as DefinitionDiff
}
