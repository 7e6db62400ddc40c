// One end-to-end run in a real editor: Neovim's built-in LSP client, headless, opens a
// definition and reads the diagnostics and a completion list it got from `botwire lsp`.
// Skipped, with a message, where nvim is not installed (Debian: apt-get install neovim).
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cliPath, tempDir } from '../support/cli.js'
import { DIGEST, notesWorkspace } from './workspace.js'

const nvim = spawnSync('nvim', ['--version'], { encoding: 'utf8' })
const hasNeovim = nvim.status === 0

if (!hasNeovim) console.warn('test/lsp/neovim.test.ts: skipped, nvim is not installed (apt-get install neovim)')

describe.skipIf(!hasNeovim)('botwire lsp in Neovim', () => {
  it('gives Neovim the diagnostics of a definition and a completion list', () => {
    const root = notesWorkspace()
    writeFileSync(join(root, 'definitions/plugins/digest.yaml'), DIGEST.replace('notes.note', 'notes.nite'))
    const out = join(tempDir(), 'result.json')
    const run = spawnSync('nvim', ['--headless', '--clean', '-c', `luafile ${join(import.meta.dirname, 'neovim.lua')}`], {
      cwd: root,
      env: { ...process.env, BOTWIRE_ROOT: root, BOTWIRE_OUT: out, BOTWIRE_CLI: cliPath, BOTWIRE_NODE: process.execPath },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(run.status, run.stderr).toBe(0)
    const result = JSON.parse(readFileSync(out, 'utf8')) as { diagnostics: { code: string; line: number; message: string }[]; completion: string[] }
    expect(result.diagnostics.map((d) => [d.code, d.line])).toEqual([['BW3003', 7]])
    expect(result.completion).toEqual(['notes.note', 'notes.author'])
  })
})
