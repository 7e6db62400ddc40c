// Builds the store packages from the one source tree, after the runtime's
// (scripts/buildRuntimePackage.mjs): tsc compiles src/stores/<store>/ and the shared SQL code
// it imports (src/stores/sql/) into packages/store-<store>/dist/, reading @botwire/runtime as
// the package it is. The shared code is compiled into each package, as the JSON Schema core
// is into both of the others: a bot installs one store and nothing of the other's. The
// embedded store's package also gets its empty-database template, in template/
// (scripts/emptyDatabaseTemplate.mjs: made once per PGlite version, then copied).
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cachedTemplate, copyTemplate } from './emptyDatabaseTemplate.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
for (const store of ['postgres', 'embedded']) {
  const outDir = join(root, 'packages', `store-${store}`, 'dist')
  rmSync(outDir, { recursive: true, force: true })
  execFileSync(process.execPath, [tsc, '-p', join(root, `tsconfig.store-${store}.json`)], { stdio: 'inherit' })
}
copyTemplate(await cachedTemplate(root), join(root, 'packages', 'store-embedded', 'template'))
