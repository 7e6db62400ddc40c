// The files botwire reads back from the output folder (the manifest, the lock, earlier
// output) are opened without waiting: a named pipe in place of the manifest once made
// `generate` wait forever for a writer. The run is a child process (a hang in this one
// could not be interrupted), given a time limit far beyond what it needs.
import { execFileSync, spawnSync } from 'node:child_process'
import { lstatSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { repoRoot } from '../support/cli.js'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

describe.skipIf(process.platform === 'win32')('a named pipe in place of the output manifest', () => {
  it('does not hang generate: it is read as no manifest, and replaced by the real one', () => {
    const root = mkdtempSync(join(tmpdir(), 'botwire-'))
    folders.push(root)
    const definitions = join(root, 'definitions')
    const out = join(root, 'generated')
    mkdirSync(definitions)
    mkdirSync(out)
    writeFileSync(join(definitions, 'support-bot.yaml'), 'kind: bot\nname: support-bot\n')
    execFileSync('mkfifo', [join(out, 'botwire-manifest.json')])
    const script = join(root, 'run.ts')
    writeFileSync(
      script,
      `import { generate } from ${JSON.stringify(join(repoRoot, 'src', 'index.ts'))}\nconst r = generate({ definitions: ${JSON.stringify(definitions)}, out: ${JSON.stringify(out)} })\nconsole.log(JSON.stringify({ ok: r.ok, codes: r.diagnostics.map((d) => d.code) }))\n`,
    )
    const result = spawnSync(join(repoRoot, 'node_modules', '.bin', 'tsx'), [script], { cwd: root, encoding: 'utf8', timeout: 120_000 })
    expect(result.signal, result.stderr).toBeNull()
    expect(JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}')).toEqual({ ok: true, codes: [] })
    expect(lstatSync(join(out, 'botwire-manifest.json')).isFile()).toBe(true)
  })
})
