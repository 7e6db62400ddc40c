// src/README.md's table of folders lists the layers in the order .dependency-cruiser.cjs
// enforces them (bottom to top), so that the page a reader trusts is the rule the build
// checks. The runtime, the stores and the host are packages of their own beside the layers (the
// stores and the host import only the runtime, nothing imports them), and are listed apart.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../pipeline/validFixtures.js'

const require = createRequire(import.meta.url)
const config = require(join(repoRoot, '.dependency-cruiser.cjs')) as { forbidden: { name: string; to: { path?: string } }[] }

/** The folders of the README's table, in its order: the first cell of each row, `folder/`. */
function readmeFolders(): string[] {
  const text = readFileSync(join(repoRoot, 'src', 'README.md'), 'utf8')
  return [...text.matchAll(/^\| `([a-zA-Z]+)\/` \|/gm)].map((match) => match[1] ?? '')
}

describe("src/README.md's layer table", () => {
  it('lists the layers in the order .dependency-cruiser.cjs enforces, the runtime, the stores and the host apart', () => {
    // every layer but the top one has a rule `layer-<folder>` forbidding the folders above it
    const ruled = config.forbidden.filter((rule) => rule.name.startsWith('layer-')).map((rule) => rule.name.slice('layer-'.length))
    const listed = readmeFolders().filter((folder) => folder !== 'runtime' && folder !== 'stores' && folder !== 'host')
    expect(ruled.length).toBeGreaterThan(10)
    expect(listed.slice(0, -1)).toEqual(ruled)
    // the top one is what the last rule's folders above it end with
    const top = config.forbidden.find((rule) => rule.name === `layer-${ruled.at(-1)}`)?.to.path ?? ''
    expect(top).toBe(`^src/(${listed.at(-1)})/`)
    expect(readmeFolders()).toContain('runtime')
    expect(readmeFolders()).toContain('stores')
    expect(readmeFolders()).toContain('host')
  })
})
