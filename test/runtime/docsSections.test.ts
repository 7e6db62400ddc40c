// The examples of docs/runtime.md's "Channels and streaming" and "Time limits" sections are
// test/runtime/docsStreaming.ts and docsTimeLimits.ts (imports aside), and they print what
// their `// prints:` comments say.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it, vi } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const doc = readFileSync(join(root, 'docs', 'runtime.md'), 'utf8')

/** The first ```ts block of the section under `heading`. */
function exampleOf(heading: string): string | undefined {
  const start = doc.indexOf(`\n${heading}\n`)
  return start < 0 ? undefined : /```ts\n([\s\S]*?)```/.exec(doc.slice(start))?.[1]
}

async function printedBy(module: string): Promise<string[]> {
  const printed: string[] = []
  const spy = vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
    printed.push(String(line))
  })
  try {
    await import(module)
  } finally {
    spy.mockRestore()
  }
  return printed
}

for (const [heading, file] of [
  ['## Channels and streaming', 'docsStreaming'],
  ['## Time limits', 'docsTimeLimits'],
] as const) {
  it(`docs/runtime.md '${heading.slice(3)}' shows ${file}.ts, which runs and prints what its comments say`, async () => {
    const source = readFileSync(join(import.meta.dirname, `${file}.ts`), 'utf8')
    expect(exampleOf(heading)).toBe(source.replaceAll("'../../generated/", "'./generated/"))
    const promised = [...source.matchAll(/^\/\/ prints: (.*)$/gm)].map((m) => m[1])
    expect(promised.length).toBeGreaterThan(2)
    expect(await printedBy(`./${file}.js`)).toEqual(promised)
  })
}
