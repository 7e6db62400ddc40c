// A named pipe (FIFO) named like a definition file: an ordinary open waits for a writer
// forever, so `check`, `generate` and the language server would hang on it. Each case
// makes one with mkfifo in a temp folder and checks that the run finishes, reports it
// (BW1007) and goes on with the other files. A git checkout cannot hold a FIFO, hence no
// fixture. POSIX only: mkfifo is not on Windows.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parseSourceFile } from '../../src/load/parseSourceFile.js'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { openWorkspace } from '../../src/pipeline/workspaceEngine.js'
import { cliPath } from '../support/cli.js'
import { fixtureLines } from '../support/renderForFixture.js'

const folders: string[] = []

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

/** A definitions folder with a valid bot, a broken one (so the run is seen to go on) and a FIFO named `sales-bot.yaml`. */
function workspaceWithFifo(): string {
  const root = mkdtempSync(join(tmpdir(), 'botwire-'))
  folders.push(root)
  const definitionsDir = join(root, 'definitions')
  mkdirSync(definitionsDir)
  writeFileSync(join(definitionsDir, 'support-bot.yaml'), 'kind: bot\nname: support-bot\n')
  writeFileSync(join(definitionsDir, 'typo-bot.yaml'), 'kind: bot\nname: typo-bot\ntitel: Typo\n')
  execFileSync('mkfifo', [join(definitionsDir, 'sales-bot.yaml')])
  return definitionsDir
}

const FIFO_LINE = 'sales-bot.yaml:1:1 BW1007 cannot read file (a named pipe, not a regular file)'
const TYPO_LINE = "typo-bot.yaml:3:1 BW2002 unknown key 'titel' in the definition (did you mean 'title'?)"

describe.skipIf(process.platform === 'win32')('a named pipe named like a definition file', () => {
  it('is reported (BW1007) and the check goes on with the other files', () => {
    const dir = workspaceWithFifo()
    const checked = checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir })
    // docs/diagnostics.md shows this line (test/diagnostics/docExamples.test.ts)
    expect(fixtureLines(checked.diagnostics)).toEqual([FIFO_LINE, TYPO_LINE])
    expect(checked.files.sort()).toEqual(['support-bot.yaml', 'typo-bot.yaml'])
  })

  it('is reported when a link inside the folder leads to it', () => {
    const dir = workspaceWithFifo()
    mkdirSync(join(dir, 'pipes'))
    execFileSync('mkfifo', [join(dir, 'pipes', 'stream')])
    symlinkSync(join(dir, 'pipes', 'stream'), join(dir, 'stream-bot.yaml'))
    const lines = fixtureLines(checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir }).diagnostics)
    expect(lines).toContain('stream-bot.yaml:1:1 BW1007 cannot read file (a named pipe, not a regular file)')
  })

  it('is not waited on when it takes the place of a listed file before the read (the opened descriptor is what counts)', () => {
    const dir = workspaceWithFifo()
    // the listing saw nothing; the read is asked for the path directly, as after a swap
    const parsed = parseSourceFile(join(dir, 'sales-bot.yaml'), 'sales-bot.yaml', false)
    expect(fixtureLines(parsed.diagnostics)).toEqual([FIFO_LINE])
    expect(parsed.value).toBeNull()
  })

  it('is reported by the incremental engine (generate --watch, the language server), also when a file becomes one', () => {
    const dir = workspaceWithFifo()
    const engine = openWorkspace({ definitionsDir: dir, builtins: false, cwd: dir })
    expect(fixtureLines(engine.check().diagnostics)).toEqual([FIFO_LINE, TYPO_LINE])
    const typoBot = join(dir, 'typo-bot.yaml')
    unlinkSync(typoBot)
    execFileSync('mkfifo', [typoBot])
    engine.changedOnDisk([typoBot])
    expect(fixtureLines(engine.check().diagnostics)).toEqual([FIFO_LINE, 'typo-bot.yaml:1:1 BW1007 cannot read file (a named pipe, not a regular file)'])
  })

  it('does not hang `botwire check` run as a command', () => {
    const dir = workspaceWithFifo()
    // the timeout only keeps a regression from hanging the suite: a run takes about a second
    const result = spawnSync(process.execPath, [cliPath, 'check', '--definitions', dir], { cwd: dir, encoding: 'utf8', timeout: 120_000 })
    expect(result.signal).toBeNull()
    expect(result.status).toBe(1)
    expect(result.stdout + result.stderr).toContain('sales-bot.yaml:1:1 - error BW1007: cannot read file (a named pipe, not a regular file)')
  })
})
