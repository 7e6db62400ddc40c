// The tests a mutation run (npm run mutate, stryker.config.json) gives each mutant: those that
// run the mutated code in-process. Tests that run the built CLI as a child process cannot see
// a mutant (they run dist/), so they are left out, and so is the build they need.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    alias: { 'botwire/runtime': fileURLToPath(new URL('./src/runtime/index.ts', import.meta.url)) },
  },
  test: {
    include: [
      'test/check/**/*.test.ts',
      'test/diff/**/*.test.ts',
      'test/validate/**/*.test.ts',
      'test/resolve/**/*.test.ts',
      'test/diagnostics/invalidFixtures.test.ts',
      'test/runtime/store.test.ts',
      'test/runtime/paging.test.ts',
      'test/runtime/pagingToken.test.ts',
    ],
    testTimeout: 60_000,
    pool: 'forks',
    isolate: false,
  },
})
