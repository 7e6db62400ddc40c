// `npm run bench:tags-states`: the tags-and-states section of `npm run bench`
// (bench/sections/tagsAndStates.ts) alone, in a temporary folder removed after.
//
// usage: npm run bench:tags-states [-- --runs N]   (N measured rounds after a warm-up; 5 by default)
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { tagsAndStatesSection } from './sections/tagsAndStates.js'

const { values: flags } = parseArgs({ options: { runs: { type: 'string' } } })
const root = mkdtempSync(join(tmpdir(), 'botwire-tags-states-'))
try {
  tagsAndStatesSection(Math.max(1, Number(flags.runs ?? 5)), root)
} finally {
  rmSync(root, { recursive: true, force: true })
}
