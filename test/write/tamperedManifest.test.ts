// The manifest may be edited by hand or by a pull request (docs/security.md): whatever it
// lists, botwire removes only files it wrote itself (they start with its generated-file
// header), never a user's file beside them (`my-notes.md`), and never its own bookkeeping
// (the manifest, the lock). A listed path it leaves alone is a warning, BW5009, and is
// dropped from the manifest.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BANNER_FIRST_LINE } from '../../src/emit/emitFile.js'
import type { OutputFile } from '../../src/emit/emitPlan.js'
import { generateWorkspace } from '../../src/pipeline/generateWorkspace.js'
import { compareOutput } from '../../src/write/compareOutput.js'
import { whyNotRemovable } from '../../src/write/generatedFiles.js'
import { MANIFEST_NAME } from '../../src/write/manifest.js'
import { LOCK_NAME } from '../../src/write/outputLock.js'
import { writeOutput } from '../../src/write/writeOutput.js'
import { writeSteps } from '../../src/write/writeSteps.js'
import { exampleWorkspace, runBotwire, scratchFolders, writeFiles } from '../support/cli.js'

const scratch = scratchFolders('botwire-manifest-')

/** The first line of every TypeScript file botwire generates: how a file botwire wrote is told from a user's. */
const HEADER = `${BANNER_FIRST_LINE}\n`
const FILES: OutputFile[] = [
  { path: 'messages.ts', text: `${HEADER}export type A = 1\n` },
  { path: 'bots/hello/v1.0.0.ts', text: `${HEADER}export const hello = 1\n` },
]

interface ManifestJson {
  files: { path: string; sha256: string }[]
  pending?: string[]
}
const readManifestJson = (out: string): ManifestJson => JSON.parse(readFileSync(join(out, MANIFEST_NAME), 'utf8')) as ManifestJson
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')

/** Adds entries to the output folder's manifest, as a hand edit would. */
function listInManifest(out: string, paths: string[]): void {
  const manifest = readManifestJson(out)
  for (const path of paths) {
    const text = existsSync(join(out, path)) ? readFileSync(join(out, path), 'utf8') : ''
    manifest.files.push({ path, sha256: sha256(text) })
  }
  manifest.pending = paths
  writeFileSync(join(out, MANIFEST_NAME), JSON.stringify(manifest, null, 2))
}

describe('a hand-edited manifest', () => {
  it("never makes generate remove a user's file it lists (my-notes.md): a BW5009 warning, the file kept, the entry dropped", async () => {
    const dir = scratch()
    writeFiles(dir, { 'definitions/hello.yaml': 'kind: bot\nname: hello\nversion: 1.0.0\n' })
    expect((await runBotwire(['generate'], { cwd: dir })).code).toBe(0)
    const out = join(dir, 'generated')
    writeFileSync(join(out, 'my-notes.md'), '# My notes\nkeep these\n')
    // a user's file made to look generated in all but its content: a TypeScript name, a folder of botwire's
    writeFileSync(join(out, 'bots', 'hello', 'helpers.ts'), 'export const mine = 1\n')
    listInManifest(out, ['my-notes.md', 'bots/hello/helpers.ts'])

    // --check does not claim that generate would remove them (the manifest itself is stale)
    const check = await runBotwire(['generate', '--check'], { cwd: dir })
    expect(check.stdout).not.toContain('no longer produced')
    expect(check.stdout).toContain('stale: generated/botwire-manifest.json')

    const result = await runBotwire(['generate'], { cwd: dir })
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(
      "warning BW5009: generated/my-notes.md is listed in generated/botwire-manifest.json as a generated file, but it does not start with botwire's generated-file header: it was not written by botwire (the manifest was edited), so it was left alone and dropped from the manifest",
    )
    expect(result.stdout).toContain('warning BW5009: generated/bots/hello/helpers.ts is listed in generated/botwire-manifest.json')
    expect(result.stdout).toMatch(/0 removed/)
    expect(readFileSync(join(out, 'my-notes.md'), 'utf8')).toBe('# My notes\nkeep these\n')
    expect(readFileSync(join(out, 'bots', 'hello', 'helpers.ts'), 'utf8')).toBe('export const mine = 1\n')
    const manifest = readManifestJson(out)
    expect(manifest.files.map((f) => f.path)).not.toContain('my-notes.md')
    expect(manifest).not.toHaveProperty('pending')

    // said once: the next run has nothing to say, and the folder is up to date
    const again = await runBotwire(['generate', '--format', 'json'], { cwd: dir })
    expect(JSON.parse(again.stdout)).toEqual([])
    expect((await runBotwire(['generate', '--check'], { cwd: dir })).code).toBe(0)
  })

  it('reports the warning in the one JSON array of --format json', async () => {
    const dir = scratch()
    writeFiles(dir, { 'definitions/hello.yaml': 'kind: bot\nname: hello\nversion: 1.0.0\n' })
    expect((await runBotwire(['generate'], { cwd: dir })).code).toBe(0)
    const out = join(dir, 'generated')
    writeFileSync(join(out, 'my-notes.md'), 'mine\n')
    listInManifest(out, ['my-notes.md'])
    const result = await runBotwire(['generate', '--format', 'json'], { cwd: dir })
    expect(result.code).toBe(0)
    const records = JSON.parse(result.stdout) as { code: string; severity: string; message: string }[]
    expect(records.map((r) => [r.code, r.severity])).toEqual([['BW5009', 'warning']])
    expect(records[0]?.message).toContain('generated/my-notes.md is listed in generated/botwire-manifest.json')
    expect(existsSync(join(out, 'my-notes.md'))).toBe(true)
  })

  it('never removes the lock or the manifest it lists: the run holds its lock to the end', () => {
    const out = join(scratch(), 'generated')
    writeOutput(out, FILES)
    listInManifest(out, [LOCK_NAME, MANIFEST_NAME, 'bots/hello/v1.0.0.ts'])
    const changed = FILES.map((file) => ({ ...file, text: `${file.text}// changed\n` }))
    // the run, step by step: at every step after the lock is taken, it is there and this process's
    const steps = writeSteps(out, changed)
    let step = steps.next()
    let checked = 0
    while (!step.done) {
      if (step.value.kind === 'writing') {
        expect(JSON.parse(readFileSync(join(out, LOCK_NAME), 'utf8'))).toEqual({ pid: process.pid, host: hostname() })
        checked++
      }
      step = steps.next()
    }
    expect(checked).toBeGreaterThan(FILES.length)
    const summary = step.value
    expect(summary.removed).toEqual([])
    expect(summary.leftAlone).toEqual([
      { path: LOCK_NAME, why: 'bookkeeping' },
      { path: MANIFEST_NAME, why: 'bookkeeping' },
    ])
    // released at the end, as always; the manifest is there and lists only the outputs
    expect(existsSync(join(out, LOCK_NAME))).toBe(false)
    expect(readManifestJson(out).files.map((f) => f.path)).toEqual(['bots/hello/v1.0.0.ts', 'messages.ts'])
    expect(compareOutput(out, changed).removed).toEqual([])
  })

  it('still removes every kind of file botwire generates once it is no longer produced (each starts with its header)', () => {
    const workspace = exampleWorkspace(scratch())
    const out = join(workspace, 'generated')
    const generated = generateWorkspace({ definitionsDir: join(workspace, 'definitions'), builtins: true, cache: false, outDir: out })
    writeOutput(out, generated.files)
    expect(generated.files.map((f) => f.path)).toContain('.gitattributes')
    for (const file of generated.files) expect(whyNotRemovable(file.path, join(out, file.path)), file.path).toBeNull()
    const summary = writeOutput(out, [])
    expect(summary.leftAlone).toEqual([])
    expect(summary.removed.sort()).toEqual(generated.files.map((f) => f.path).sort())
  })
})
