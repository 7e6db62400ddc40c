// Ctrl-C (SIGINT) and SIGTERM stop `botwire generate` where it is, run as a user runs it (a
// child process): while it waits for another run's lock, and between two files of its
// writing. Each time it says where on stderr, exits 130 or 143, releases its lock, and
// leaves the folder as an interrupted run does: each file old or new, the manifest true.
//
// No timing: the lock wait is made by holding the lock from this test (the run says on
// stderr that it waits); the writing is caught by freezing the process (SIGSTOP) once its
// interim manifest (with `pending`) is on disk, sending the signal, and letting it go on.
import { type ChildProcess, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { writeSyntheticWorkspace } from '../../bench/syntheticWorkspace.js'
import { generateWorkspace } from '../../src/pipeline/generateWorkspace.js'
import { MANIFEST_NAME } from '../../src/write/manifest.js'
import { LOCK_NAME } from '../../src/write/outputLock.js'
import { TEMPORARY_PREFIX } from '../../src/write/temporaryFiles.js'
import { cliPath, runBotwire, scratchFolders, writeFiles } from '../support/cli.js'

const scratch = scratchFolders('botwire-signals-')

interface Run {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

function startGenerate(cwd: string, ...args: string[]): Run {
  const child = spawn(process.execPath, [cliPath, 'generate', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8')
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8')
  })
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolvePromise) =>
    child.once('close', (code, signal) => resolvePromise({ code, signal })),
  )
  return { child, stdout: () => stdout, stderr: () => stderr, exit }
}

/** Resolves once `ready()` holds (looked at each millisecond); rejects if the run ends first. */
async function until(run: Run, ready: () => boolean, what: string): Promise<void> {
  let ended = false
  void run.exit.then(() => {
    ended = true
  })
  while (!ready()) {
    if (ended) throw new Error(`the run ended before ${what}; stderr: ${run.stderr()}`)
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 1))
  }
}

/**
 * Runs the child a millisecond at a time (SIGCONT, then SIGSTOP), looking at `ready()` while
 * it is stopped, and returns with the child stopped once it holds: on a loaded machine a
 * poll alone can miss a window that the child passes through within one of the test's turns.
 */
async function stepUntil(run: Run, ready: () => boolean, what: string): Promise<void> {
  let ended = false
  void run.exit.then(() => {
    ended = true
  })
  run.child.kill('SIGSTOP')
  for (;;) {
    if (ready()) return
    if (ended) throw new Error(`the run ended before ${what}; stderr: ${run.stderr()}`)
    run.child.kill('SIGCONT')
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 1))
    run.child.kill('SIGSTOP')
  }
}

function filesBelow(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort()
}

interface ManifestJson {
  files: { path: string; sha256: string }[]
  pending?: string[]
}
function manifestIn(out: string): ManifestJson | null {
  try {
    return JSON.parse(readFileSync(join(out, MANIFEST_NAME), 'utf8')) as ManifestJson
  } catch {
    return null // not there yet, or being renamed into place
  }
}

describe('Ctrl-C or SIGTERM while generate waits for another run', () => {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    it(`${signal} stops the wait: exit ${code}, a message, nothing written, the other run's lock left as it is`, async () => {
      const dir = scratch()
      writeFiles(dir, { 'definitions/hello.yaml': 'kind: bot\nname: hello\nversion: 1.0.0\n' })
      const out = join(dir, 'generated')
      mkdirSync(out)
      // another run (this test's process, which is alive) holds the folder
      const lock = `${JSON.stringify({ pid: process.pid, host: hostname() })}\n`
      writeFileSync(join(out, LOCK_NAME), lock)
      const run = startGenerate(dir, '--format', 'json')
      await until(run, () => run.stderr().includes('waiting for it (Ctrl-C to stop)'), 'it said it waits')
      expect(run.stderr()).toContain(
        `botwire: generated is being written by another botwire run (process ${process.pid} on ${hostname()} holds generated/${LOCK_NAME})`,
      )
      run.child.kill(signal)
      expect(await run.exit).toEqual({ code, signal: null })
      expect(run.stderr()).toContain(`botwire: ${signal} received; stopped while waiting for another run's lock on generated; nothing written\n`)
      // stdout is one JSON value even so: the definitions' diagnostics (none)
      expect(JSON.parse(run.stdout())).toEqual([])
      expect(readdirSync(out)).toEqual([LOCK_NAME])
      expect(readFileSync(join(out, LOCK_NAME), 'utf8')).toBe(lock)
    })
  }
})

describe('Ctrl-C while generate --watch waits for another run (docs/cli.md#--watch)', () => {
  it("stops the wait at once, not when the wait ends: exit 130, a message, nothing written, the other run's lock left as it is", async () => {
    const dir = scratch()
    writeFiles(dir, { 'definitions/hello.yaml': 'kind: bot\nname: hello\nversion: 1.0.0\n' })
    const out = join(dir, 'generated')
    mkdirSync(out)
    // a second process, alive for the whole test, holds the folder's lock
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
    try {
      const lock = `${JSON.stringify({ pid: holder.pid, host: hostname() })}\n`
      writeFileSync(join(out, LOCK_NAME), lock)
      const run = startGenerate(dir, '--watch')
      await until(run, () => run.stderr().includes('waiting for it (Ctrl-C to stop)'), 'it said it waits')
      const sent = performance.now()
      run.child.kill('SIGINT')
      expect(await run.exit).toEqual({ code: 130, signal: null })
      // the wait lasts 30 s: a run that waits it out before it stops takes that long
      expect(performance.now() - sent).toBeLessThan(10_000)
      expect(run.stderr()).toContain("botwire: SIGINT received; stopped while waiting for another run's lock on generated; nothing written\n")
      expect(readdirSync(out)).toEqual([LOCK_NAME])
      expect(readFileSync(join(out, LOCK_NAME), 'utf8')).toBe(lock)
    } finally {
      holder.kill()
    }
  })
})

describe('Ctrl-C while generate writes', () => {
  it('stops between two files: exit 130, a message, whole files, a true manifest, no lock; the next run finishes', async () => {
    const dir = scratch()
    writeSyntheticWorkspace(join(dir, 'definitions'), { definitions: 60, seed: 7 })
    const out = join(dir, 'generated')
    const expected = new Map(
      generateWorkspace({ definitionsDir: join(dir, 'definitions'), builtins: true, cache: false, outDir: out }).files.map((f) => [f.path, f.text]),
    )
    expect(expected.size).toBeGreaterThan(100)

    // a run that is frozen after its writing began may be past its last step (the writing
    // then ends); another attempt, from an empty folder again, takes its place
    let stoppedWhileWriting = false
    for (let attempt = 0; attempt < 3 && !stoppedWhileWriting; attempt++) {
      rmSync(out, { recursive: true, force: true })
      const run = startGenerate(dir)
      await stepUntil(run, () => manifestIn(out)?.pending !== undefined, 'its writing began')
      const frozenMidWriting = manifestIn(out)?.pending !== undefined
      run.child.kill('SIGINT')
      run.child.kill('SIGCONT')
      const exit = await run.exit
      // ended before it was frozen: nothing was stopped
      if (!frozenMidWriting) continue
      expect(exit, run.stderr()).toEqual({ code: 130, signal: null })
      expect(run.stderr()).toMatch(/^botwire: SIGINT received; /)
      if (run.stderr().includes('the run had already ended')) continue
      stoppedWhileWriting = true
      const said =
        /^botwire: SIGINT received; stopped while writing generated, after (\d+) of (\d+) changes: every file is whole, and the next botwire generate finishes the job\n$/.exec(
          run.stderr(),
        )
      expect(said, run.stderr()).not.toBeNull()
      expect(Number(said?.[1])).toBeLessThan(Number(said?.[2]))

      // every file is whole and one the run set out to write; the manifest lists only files that are there
      const written = filesBelow(out).filter((path) => path !== MANIFEST_NAME)
      expect(written.length).toBeLessThan(expected.size)
      for (const path of written) {
        expect(path.split('/').at(-1)?.startsWith(TEMPORARY_PREFIX), path).toBe(false)
        expect(readFileSync(join(out, path), 'utf8'), path).toBe(expected.get(path))
      }
      const manifest = manifestIn(out)
      expect(manifest?.pending?.length).toBeGreaterThan(0)
      for (const entry of manifest?.files ?? []) {
        expect(
          createHash('sha256')
            .update(readFileSync(join(out, entry.path)))
            .digest('hex'),
          entry.path,
        ).toBe(entry.sha256)
      }
      expect(existsSync(join(out, LOCK_NAME))).toBe(false)

      // the next run finishes the job
      expect((await runBotwire(['generate'], { cwd: dir })).code).toBe(0)
      expect(filesBelow(out)).toEqual([...expected.keys(), MANIFEST_NAME].sort())
      expect((await runBotwire(['generate', '--check'], { cwd: dir })).code).toBe(0)
    }
    expect(stoppedWhileWriting).toBe(true)
  })
})
