// Shared helpers of the diff tests: where the fixtures are, and running a diff on one or on
// two sides written by the test.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'
import { diff } from '../../src/diff/index.js'
import type { DefinitionDiff, DiffResult } from '../../src/diff/types.js'
import { tempDir } from '../support/cli.js'

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

/** Diffs two sides (file name -> text) and returns the result for `name`. */
export function diffSides(old: Record<string, string>, neu: Record<string, string>, name = 'demo'): DefinitionDiff {
  const dir = tempDir()
  for (const [side, files] of [
    ['old', old],
    ['new', neu],
  ] as const) {
    mkdirSync(join(dir, side))
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, side, file), text)
  }
  const result = diff({ old: join(dir, 'old'), new: join(dir, 'new'), cwd: dir, builtins: false })
  const found = result.definitions.filter((d) => d.name === name)
  expect(found, JSON.stringify(result)).toHaveLength(1)
  return found[0] as DefinitionDiff
}
