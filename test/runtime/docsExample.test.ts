// The complete example of docs/runtime.md is test/runtime/docsExample.ts (imports aside),
// and it prints what the comments in it say.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it, vi } from 'vitest'

const root = join(import.meta.dirname, '..', '..')

it('docs/runtime.md shows docsExample.ts, which runs and prints what its comments say', async () => {
  const doc = readFileSync(join(root, 'docs', 'runtime.md'), 'utf8')
  const source = readFileSync(join(import.meta.dirname, 'docsExample.ts'), 'utf8')
  const block = /```ts\n([\s\S]*?)```/.exec(doc)?.[1]
  expect(block).toBe(source.replaceAll("'../../generated/", "'../generated/"))

  const printed: string[] = []
  const spy = vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
    printed.push(String(line))
  })
  try {
    await import('./docsExample.js')
  } finally {
    spy.mockRestore()
  }
  const promised = [...source.matchAll(/^\/\/ -> (.*)$/gm)].map((m) => m[1])
  expect(promised).toHaveLength(5)
  expect(printed).toEqual(promised)
})
