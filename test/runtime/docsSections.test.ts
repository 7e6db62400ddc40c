// The examples of docs/runtime.md's sections on plugin events, hooks, fail-fast wiring,
// channels and streaming, time limits and the clock are the files of test/runtime/docs/ (import
// paths aside): each runs and prints what its `// -> ` comments say.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it, vi } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const doc = readFileSync(join(root, 'docs', 'runtime.md'), 'utf8')

// static imports, which the bundler resolves
const examples: { [name: string]: () => Promise<unknown> } = {
  pluginEvents: () => import('./docs/pluginEvents.js'),
  hooks: () => import('./docs/hooks.js'),
  verify: () => import('./docs/verify.js'),
  streaming: () => import('./docs/streaming.js'),
  timeLimits: () => import('./docs/timeLimits.js'),
  clock: () => import('./docs/clock.js'),
  conversations: () => import('./docs/conversations.js'),
}

it.each(Object.keys(examples))('docs/runtime.md shows docs/%s.ts, which runs and prints what its comments say', async (name) => {
  const source = readFileSync(join(import.meta.dirname, 'docs', `${name}.ts`), 'utf8')
  const firstLine = source.slice(0, source.indexOf('\n'))
  const block = [...doc.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]).find((b) => b?.startsWith(`${firstLine}\n`))
  expect(block).toBe(source.replaceAll("'../../../generated/", "'../generated/"))

  const printed: string[] = []
  const spy = vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
    printed.push(String(line))
  })
  try {
    await examples[name]?.()
  } finally {
    spy.mockRestore()
  }
  const promised = [...source.matchAll(/^\/\/ -> (.*)$/gm)].map((m) => m[1])
  expect(promised.length).toBeGreaterThan(0)
  expect(printed).toEqual(promised)
})
