// `botwire generate` as a build tool: nothing written on error, atomic and minimal
// writes, manifest-driven cleanup, --check, determinism.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exampleWorkspace, repoRoot, runBotwire, tempDir, writeFiles } from '../support/cli.js'

function listFiles(root: string, prefix = ''): string[] {
  if (!existsSync(root)) return []
  return readdirSync(root, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? listFiles(join(root, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`]))
    .sort()
}

function snapshot(root: string): Record<string, string> {
  return Object.fromEntries(listFiles(root).map((path) => [path, readFileSync(join(root, path), 'utf8')]))
}

const OPENAI = join('definitions', 'example', 'integrations', 'openai.yaml')

describe('botwire generate', () => {
  it('writes the example, then finds nothing to change, and prints a one-line summary', async () => {
    const dir = exampleWorkspace()
    const first = await runBotwire(['generate'], { cwd: dir })
    expect(first.code).toBe(0)
    expect(first.stdout).toMatch(/^generated 20 files in generated: 20 written, 0 unchanged, 0 removed \(\d+ ms\)\n$/)
    expect(listFiles(join(dir, 'generated'))).toContain('botwire-manifest.json')
    expect(listFiles(join(dir, 'generated'))).toContain('interfaces/llm/v1.0.0.ts')
    expect(listFiles(join(dir, 'generated'))).not.toContain('interfaces/storage/v1.0.0.ts') // a built-in nobody uses
    const second = await runBotwire(['generate'], { cwd: dir })
    expect(second.stdout).toMatch(/20 files in generated: 0 written, 20 unchanged, 0 removed/)
  })

  it('keeps LF line endings through a git checkout with core.autocrlf=true (its .gitattributes)', async () => {
    const dir = exampleWorkspace()
    expect((await runBotwire(['generate'], { cwd: dir })).code).toBe(0)
    const git = (...args: string[]): string =>
      execFileSync('git', ['-c', 'core.autocrlf=true', '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir, encoding: 'utf8' })
    git('init', '-q')
    git('add', 'generated')
    git('commit', '-q', '-m', 'generated')
    rmSync(join(dir, 'generated'), { recursive: true })
    git('checkout', '--', 'generated')
    const module = readFileSync(join(dir, 'generated', 'interfaces', 'llm', 'v1.0.0.ts'), 'utf8')
    expect(module).toContain('\n')
    expect(module).not.toContain('\r')
    expect((await runBotwire(['generate', '--check'], { cwd: dir })).code).toBe(0)
  })

  it('writes nothing at all when a definition has an error', async () => {
    const dir = exampleWorkspace()
    writeFileSync(join(dir, OPENAI), readFileSync(join(dir, OPENAI), 'utf8').replace('modelRef: model', 'modelRef: modle'))
    const result = await runBotwire(['generate'], { cwd: dir })
    expect(result.code).toBe(1)
    expect(result.stdout).toContain("error BW3007: integration 'openai' has no entity 'modle' (did you mean 'model'?)")
    expect(result.stdout).toContain('nothing written')
    expect(join(dir, 'generated')).not.toSatisfy(existsSync)
  })

  it('keeps unchanged files untouched and replaces changed ones by rename', async () => {
    const dir = exampleWorkspace()
    expect((await runBotwire(['generate'], { cwd: dir })).code).toBe(0)
    const out = join(dir, 'generated')
    const old = new Date('2020-01-01T00:00:00Z')
    for (const path of listFiles(out)) utimesSync(join(out, path), old, old)
    const openaiModule = join(out, 'integrations/openai/v2.0.0.ts')
    const inodeBefore = statSync(openaiModule).ino
    writeFileSync(join(dir, OPENAI), readFileSync(join(dir, OPENAI), 'utf8').replace('title: Moderate', 'title: Moderate text'))
    const result = await runBotwire(['generate'], { cwd: dir })
    expect(result.stdout).toMatch(/1 written, 19 unchanged, 0 removed/)
    expect(readFileSync(openaiModule, 'utf8')).toContain('Moderate text')
    expect(statSync(openaiModule).ino).not.toBe(inodeBefore) // a new file renamed over the old one
    for (const path of listFiles(out).filter((p) => p !== 'integrations/openai/v2.0.0.ts' && p !== 'botwire-manifest.json')) {
      expect(statSync(join(out, path)).mtime.getTime(), path).toBe(old.getTime())
    }
    expect(listFiles(out).filter((p) => p.includes('.botwire-tmp'))).toEqual([])
  })

  it('removes the files a removed definition produced, and nothing it did not produce', async () => {
    const dir = exampleWorkspace()
    expect((await runBotwire(['generate'], { cwd: dir })).code).toBe(0)
    const out = join(dir, 'generated')
    writeFiles(out, { 'README.md': 'mine', 'integrations/zendesk/notes.txt': 'mine too', 'custom.ts': 'export {}\n' })
    rmSync(join(dir, 'definitions/example/integrations/anthropic.yaml'))
    const bot = join(dir, 'definitions/example/bots/support-bot.yaml')
    const text = readFileSync(bot, 'utf8')
    writeFileSync(bot, text.replace(/ {2}claude:\n( {4}.*\n)+?(?= {2}zendesk:)/, '').replace(/ {2}assistantClaude:\n[\s\S]*$/, ''))
    const result = await runBotwire(['generate'], { cwd: dir })
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/2 removed/)
    expect(join(out, 'integrations/anthropic')).not.toSatisfy(existsSync)
    expect(readFileSync(join(out, 'README.md'), 'utf8')).toBe('mine')
    expect(readFileSync(join(out, 'integrations/zendesk/notes.txt'), 'utf8')).toBe('mine too')
    expect(join(out, 'custom.ts')).toSatisfy(existsSync)
  })

  it('--check passes on fresh output and catches edited, missing and extra files', async () => {
    const dir = exampleWorkspace()
    const missing = await runBotwire(['generate', '--check'], { cwd: dir })
    expect(missing.code).toBe(1)
    expect(missing.stdout).toContain('missing: generated/messages.ts')
    expect(join(dir, 'generated')).not.toSatisfy(existsSync)

    await runBotwire(['generate'], { cwd: dir })
    expect((await runBotwire(['generate', '--check'], { cwd: dir })).stdout).toBe('generated is up to date (20 files)\n')

    const out = join(dir, 'generated')
    writeFileSync(
      join(out, 'bots/support-bot/v1.0.0.ts'),
      readFileSync(join(out, 'bots/support-bot/v1.0.0.ts'), 'utf8').replace('priority?: string', 'priority?: number'),
    )
    rmSync(join(out, 'messages.ts'))
    const manifest = JSON.parse(readFileSync(join(out, 'botwire-manifest.json'), 'utf8')) as { files: { path: string; sha256: string }[] }
    manifest.files.push({ path: 'integrations/legacy/v0.1.0.ts', sha256: '0' })
    manifest.files.push({ path: '../outside.txt', sha256: '0' }, { path: join(dir, 'absolute.txt'), sha256: '0' })
    writeFileSync(join(out, 'botwire-manifest.json'), JSON.stringify(manifest))
    const stale = await runBotwire(['generate', '--check'], { cwd: dir })
    expect(stale.code).toBe(1)
    expect(stale.stdout).toContain('stale: generated/bots/support-bot/v1.0.0.ts')
    expect(stale.stdout).toContain('missing: generated/messages.ts')
    expect(stale.stdout).toContain('no longer produced: generated/integrations/legacy/v0.1.0.ts')
    expect(stale.stdout).toContain('stale: generated/botwire-manifest.json')
    // never removed, so never reported as to be removed (the stale manifest's diff may show them)
    expect(stale.stdout).not.toMatch(/^no longer produced: .*outside\.txt$/m)
    expect(stale.stdout).not.toMatch(/^no longer produced: .*absolute\.txt$/m)
    expect(join(out, 'messages.ts')).not.toSatisfy(existsSync) // --check writes nothing

    // --format json: one JSON array, the differences as BW5003 records
    const json = await runBotwire(['generate', '--check', '--format', 'json'], { cwd: dir })
    expect(json.code).toBe(1)
    const records = JSON.parse(json.stdout) as { code: string; message: string }[]
    expect(new Set(records.map((r) => r.code))).toEqual(new Set(['BW5003']))
    // every record has every key of docs/cli.md#diagnostics, null where the problem has no place in a definition
    for (const record of records) {
      expect(Object.keys(record).sort()).toEqual(['code', 'column', 'endColumn', 'endLine', 'file', 'line', 'message', 'path', 'related', 'severity'])
      expect(record).toMatchObject({ file: null, line: null, column: null, path: null, related: [] })
    }
    const messages = records.map((r) => r.message)
    expect(messages).toContain('missing: generated/messages.ts is not there; run botwire generate')
    expect(messages).toContain('stale: generated/bots/support-bot/v1.0.0.ts differs from what the definitions generate; run botwire generate')
    expect(messages).toContain('no longer produced: generated/integrations/legacy/v0.1.0.ts would be removed; run botwire generate')
    await runBotwire(['generate'], { cwd: dir })
    const clean = await runBotwire(['generate', '--check', '--format', 'json'], { cwd: dir })
    expect([clean.code, JSON.parse(clean.stdout)]).toEqual([0, []])
  })

  it('gives byte-identical output from two folders whose files were created in different orders', async () => {
    const a = tempDir()
    const b = tempDir()
    const example = snapshot(join(repoRoot, 'definitions', 'example'))
    const paths = Object.keys(example)
    writeFiles(join(a, 'definitions'), Object.fromEntries(paths.map((p) => [p, example[p] ?? ''])))
    writeFiles(join(b, 'defs', 'nested'), Object.fromEntries([...paths].reverse().map((p) => [p.replace(/\//g, '-'), example[p] ?? ''])))
    expect((await runBotwire(['generate'], { cwd: a })).code).toBe(0)
    expect((await runBotwire(['generate', '--definitions', 'defs', '--out', 'out'], { cwd: b })).code).toBe(0)
    const outA = snapshot(join(a, 'generated'))
    const outB = snapshot(join(b, 'out'))
    // banners name the source files, which differ here; everything else is identical
    const strip = (files: Record<string, string>): Record<string, string> =>
      Object.fromEntries(Object.entries(files).map(([p, t]) => [p, t.replace(/^\/\/ Generated from:\n(\/\/ {3}.*\n)+/m, '')]))
    expect(Object.keys(outB)).toEqual(Object.keys(outA))
    const withoutManifest = (files: Record<string, string>): Record<string, string> =>
      Object.fromEntries(Object.entries(strip(files)).filter(([p]) => p !== 'botwire-manifest.json'))
    expect(withoutManifest(outB)).toEqual(withoutManifest(outA))
  })

  it('matches the committed generated/ of the repository (a no-op on a clean checkout)', async () => {
    const result = await runBotwire(['generate', '--check'], { cwd: repoRoot })
    expect(result.stdout).toMatch(/^generated is up to date \(\d+ files\)\n$/)
    expect(result.code).toBe(0)
  })

  it('refuses an output folder that overlaps the definitions folder, as bad usage (exit 2)', async () => {
    const dir = exampleWorkspace()
    const result = await runBotwire(['generate', '--out', 'definitions/out'], { cwd: dir })
    expect(result.code).toBe(2)
    expect(result.stdout).toContain('error BW5001: the output folder definitions/out and the definitions folder definitions overlap')
    expect(join(dir, 'definitions', 'out')).not.toSatisfy(existsSync)
    // --check with the same folders: the same error, the same exit code
    const check = await runBotwire(['generate', '--check', '--out', 'definitions/out', '--format', 'json'], { cwd: dir })
    expect(check.code).toBe(2)
    expect((JSON.parse(check.stdout) as { code: string }[]).map((d) => d.code)).toEqual(['BW5001'])
  })

  it('prints exactly one JSON value on stdout when the writing fails (--format json)', async () => {
    // an output folder that is a file (fails before the lock), and a file where a folder
    // must be (fails while writing, after the interim manifest)
    const atStart = exampleWorkspace()
    writeFileSync(join(atStart, 'generated'), 'a file, not a folder')
    const whileWriting = exampleWorkspace()
    expect((await runBotwire(['generate'], { cwd: whileWriting })).code).toBe(0)
    rmSync(join(whileWriting, 'generated', 'interfaces'), { recursive: true })
    writeFileSync(join(whileWriting, 'generated', 'interfaces'), 'a file where a folder must be')
    for (const dir of [atStart, whileWriting]) {
      const result = await runBotwire(['generate', '--format', 'json'], { cwd: dir })
      expect(result.code).toBe(2)
      const records = JSON.parse(result.stdout) as { code: string; message: string }[]
      expect(records.map((r) => r.code)).toEqual(['BW5002'])
      expect(records[0]?.message).toMatch(/^cannot write .*generated.* \((ENOTDIR|EEXIST)\)/)
    }
  })

  it('reports an output folder it cannot write as BW5002', async () => {
    const dir = exampleWorkspace()
    writeFileSync(join(dir, 'generated'), 'a file, not a folder')
    const result = await runBotwire(['generate'], { cwd: dir })
    expect(result.code).toBe(2)
    expect(result.stdout).toMatch(/error BW5002: cannot write .*generated.* \(ENOTDIR\)/)
  })
})
