// The output manifest botwire reads back is opened without waiting: a named pipe in its
// place once made `generate` wait forever for a writer, and was then read as no manifest
// and replaced, the list of what earlier runs wrote forgotten. A manifest that is not a
// regular file is now refused before anything is written (BW5010,
// docs/diagnostics.md#bw5010-manifest-is-not-a-regular-file). The CLI runs as a child
// process (a hang in this one could not be interrupted), given a time limit far beyond
// what it needs.
import { execFileSync, spawnSync } from 'node:child_process'
import { lstatSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cliPath, scratchFolders, writeFiles } from '../support/cli.js'

const scratch = scratchFolders('botwire-manifest-fifo-')

/** A workspace with one bot and an output folder holding only what `prepare` puts there. */
function workspace(prepare: (out: string) => void): { root: string; out: string } {
  const root = scratch()
  writeFiles(root, { 'definitions/support-bot.yaml': 'kind: bot\nname: support-bot\nversion: 1.0.0\n' })
  const out = join(root, 'generated')
  mkdirSync(out)
  prepare(out)
  return { root, out }
}

function generate(root: string, ...args: string[]) {
  return spawnSync(process.execPath, [cliPath, 'generate', ...args], { cwd: root, encoding: 'utf8', timeout: 60_000 })
}

describe.skipIf(process.platform === 'win32')('an output manifest that is not a regular file', () => {
  it('a named pipe: generate does not hang, says BW5010 and writes nothing (exit 2)', () => {
    const { root, out } = workspace((folder) => execFileSync('mkfifo', [join(folder, 'botwire-manifest.json')]))
    const result = generate(root)
    expect(result.signal, result.stderr).toBeNull()
    expect(result.status).toBe(2)
    expect(result.stdout).toContain(
      'error BW5010: generated/botwire-manifest.json is a named pipe, not a regular file: botwire keeps its list of the generated files there, so nothing was written',
    )
    expect(readdirSync(out)).toEqual(['botwire-manifest.json'])
    expect(lstatSync(join(out, 'botwire-manifest.json')).isFIFO()).toBe(true)
  })

  it('a link to a named pipe, and --format json: one JSON array holding BW5010', () => {
    const { root, out } = workspace((folder) => {
      execFileSync('mkfifo', [join(folder, 'pipe')])
      symlinkSync('pipe', join(folder, 'botwire-manifest.json'))
    })
    const result = generate(root, '--format', 'json')
    expect(result.signal, result.stderr).toBeNull()
    expect(result.status).toBe(2)
    const printed = JSON.parse(result.stdout) as { code: string; message: string }[]
    expect(printed.map((d) => d.code)).toEqual(['BW5010'])
    expect(readdirSync(out).sort()).toEqual(['botwire-manifest.json', 'pipe'])
  })

  it('a folder: BW5010, nothing written', () => {
    const { root, out } = workspace((folder) => mkdirSync(join(folder, 'botwire-manifest.json')))
    const result = generate(root)
    expect(result.status).toBe(2)
    expect(result.stdout).toContain('error BW5010: generated/botwire-manifest.json is a folder, not a regular file')
    expect(readdirSync(out)).toEqual(['botwire-manifest.json'])
  })
})
