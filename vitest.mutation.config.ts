// The tests a mutation run (npm run mutate, stryker.config.json) gives each mutant: those that
// run the mutated code in-process. Tests that run the built CLI as a child process cannot see
// a mutant (they run dist/), so they are left out, and so is the build they need.
// test/jsonSchema/ is in for the extension algebra, without its two property-test files
// (extensionSoundness, surelyValid): each of their properties takes 5-45 s, and a mutant
// they cover would run them all, which makes a run over the algebra take hours on 2 cores.
import { fileURLToPath } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    alias: { '@botwire/runtime': fileURLToPath(new URL('./src/runtime/index.ts', import.meta.url)) },
  },
  test: {
    include: [
      'test/check/**/*.test.ts',
      'test/diff/**/*.test.ts',
      'test/validate/**/*.test.ts',
      'test/resolve/**/*.test.ts',
      'test/jsonSchema/**/*.test.ts',
      'test/diagnostics/invalidFixtures.test.ts',
      'test/runtime/store.test.ts',
      'test/runtime/paging.test.ts',
      'test/runtime/pagingToken.test.ts',
    ],
    exclude: [...configDefaults.exclude, 'test/jsonSchema/extensionSoundness.test.ts', 'test/jsonSchema/surelyValid.test.ts'],
    testTimeout: 60_000,
    pool: 'forks',
    isolate: false,
  },
})
