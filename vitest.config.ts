import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    // generated code imports the runtime as `botwire/runtime`: run it from the sources
    alias: { 'botwire/runtime': fileURLToPath(new URL('./src/runtime/index.ts', import.meta.url)) },
  },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    globalSetup: ['test/support/globalSetup.ts'],
  },
})
