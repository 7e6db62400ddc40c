import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { setUpTestTempFolders } from './test/support/testTempFolders.js'

// before the workers start: they and their child processes inherit the run's temporary folder
setUpTestTempFolders()

export default defineConfig({
  resolve: {
    // generated code imports the runtime as `@botwire/runtime`: run it from the sources
    alias: { '@botwire/runtime': fileURLToPath(new URL('./src/runtime/index.ts', import.meta.url)) },
  },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // vitest's default is one worker fewer than the cores, which on a 2-core machine runs
    // every file in one worker; many files here wait on child processes (the CLI, npm, git)
    maxWorkers: availableParallelism(),
    // one module graph per worker, not per file: importing src/ anew for each of 50 files
    // cost more than a third of the run; no test here mocks modules or leaves globals changed
    isolate: false,
    globalSetup: ['test/support/globalSetup.ts'],
    // BOTWIRE_CPU_REPORT=<file>: each file's CPU, its child processes' included (docs/testing.md#speed)
    setupFiles: ['test/support/cpuPerFile.ts'],
    // transformed modules kept on disk between runs (keyed by their content): a warm run
    // skips most of the TypeScript transform each worker otherwise repeats
    experimental: { fsModuleCache: true },
  },
})
