// Builds the host's package (@botwire/host) from the one source tree, after the runtime's
// (scripts/buildRuntimePackage.mjs): tsc compiles src/host/ into packages/host/dist/, reading
// @botwire/runtime as the package it is.
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
const outDir = join(root, 'packages', 'host', 'dist')
rmSync(outDir, { recursive: true, force: true })
execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.host.json')], { stdio: 'inherit' })
