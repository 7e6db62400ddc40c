// Watch mode's writer remembers what it wrote (src/write/knownOutput.ts): files it knows
// are not read back, yet a file someone changed behind its back is rewritten, and the
// manifest is the one a plain run writes.
import { existsSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { OutputFile } from '../../src/emit/emitPlan.js'
import { KnownOutput } from '../../src/write/knownOutput.js'
import { MANIFEST_NAME } from '../../src/write/manifest.js'
import { writeOutput } from '../../src/write/writeOutput.js'
import { tempDir } from '../support/cli.js'

const roots: string[] = []
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

const FILES: OutputFile[] = [
  { path: 'messages.ts', text: 'export type A = 1\n' },
  { path: 'bots/hello/v1.0.0.ts', text: 'export const hello = 1\n' },
]

describe('writing with what an earlier run wrote', () => {
  it('leaves known files alone, rewrites one changed behind its back, and writes the same manifest as a plain run', () => {
    const out = tempDir('botwire-known-')
    const plain = tempDir('botwire-plain-')
    roots.push(out, plain)
    const known = new KnownOutput()
    expect(writeOutput(out, FILES, { known }).written).toEqual(['messages.ts', 'bots/hello/v1.0.0.ts'])
    expect(writeOutput(out, FILES, { known }).unchanged).toEqual(['messages.ts', 'bots/hello/v1.0.0.ts'])

    // an edit by hand (same size, so only the modification time and the text tell), and a deletion
    writeFileSync(join(out, 'bots/hello/v1.0.0.ts'), 'export const hello = 2\n')
    unlinkSync(join(out, 'messages.ts'))
    const next = writeOutput(out, FILES, { known })
    expect(next.written.sort()).toEqual(['bots/hello/v1.0.0.ts', 'messages.ts'])
    expect(readFileSync(join(out, 'bots/hello/v1.0.0.ts'), 'utf8')).toBe('export const hello = 1\n')

    const changed = [{ path: 'messages.ts', text: 'export type A = 2\n' }]
    writeOutput(out, changed, { known })
    writeOutput(plain, changed)
    expect(readFileSync(join(out, MANIFEST_NAME), 'utf8')).toBe(readFileSync(join(plain, MANIFEST_NAME), 'utf8'))
  })

  it('reads the manifest again when it changed behind its back, and keeps to what it lists', () => {
    const out = tempDir('botwire-known-manifest-')
    roots.push(out)
    const known = new KnownOutput()
    writeOutput(out, FILES, { known })
    // another tool (or a run of another process) left a file of botwire's that this run no longer produces
    writeFileSync(join(out, 'old.ts'), 'export {}\n')
    const manifest = JSON.parse(readFileSync(join(out, MANIFEST_NAME), 'utf8')) as { files: { path: string; sha256: string }[] }
    manifest.files.push({ path: 'old.ts', sha256: 'x' })
    writeFileSync(join(out, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`)
    expect(writeOutput(out, FILES, { known }).removed).toEqual(['old.ts'])
    expect(join(out, 'old.ts')).not.toSatisfy(existsSync)
  })
})
