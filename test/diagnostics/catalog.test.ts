// The catalog, the code and the docs agree: every code is produced somewhere in src/,
// documented in docs/diagnostics.md, and the docs name no code that does not exist.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { catalog } from '../../src/diagnostics/catalog.js'

const root = join(import.meta.dirname, '..', '..')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  )
}

describe('the diagnostic catalog', () => {
  const codes = Object.keys(catalog)
  const code = sources(join(root, 'src'))
    .filter((file) => !file.endsWith('catalog.ts'))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n')

  it('has codes in the right bands, each with a title', () => {
    for (const c of codes) {
      expect(c).toMatch(/^BW[123459]\d{3}$/)
      expect(catalog[c as keyof typeof catalog].title.length).toBeGreaterThan(3)
    }
  })

  it('has no code that nothing produces', () => {
    expect(codes.filter((c) => !new RegExp(`\\b${c}\\b`).test(code))).toEqual([])
  })

  it('is documented, code by code, in docs/diagnostics.md', () => {
    const docs = readFileSync(join(root, 'docs', 'diagnostics.md'), 'utf8')
    const documented = [...docs.matchAll(/^### (BW\d{4})\b/gm)].map((m) => m[1])
    expect(codes.filter((c) => !documented.includes(c))).toEqual([])
    expect(documented.filter((c) => c === undefined || !codes.includes(c))).toEqual([])
  })
})
