// The invalid fixtures: every folder of test/fixtures/invalid/ named `<CODE>-<what>` with a
// `definitions/` workspace (and a `no-builtins` file when the built-ins must stay out).
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { LoadOptions } from '../../src/load/loadWorkspace.js'

export const invalidFixturesRoot = join(import.meta.dirname, '..', 'fixtures', 'invalid')

export const invalidFixtureNames: readonly string[] = readdirSync(invalidFixturesRoot)
  .filter((name) => existsSync(join(invalidFixturesRoot, name, 'definitions')))
  .sort()

/** How `check` runs on a fixture: its definitions, paths shown relative to them. */
export function invalidFixtureOptions(name: string): LoadOptions {
  const definitionsDir = join(invalidFixturesRoot, name, 'definitions')
  return { definitionsDir, builtins: !existsSync(join(invalidFixturesRoot, name, 'no-builtins')), cwd: definitionsDir }
}
