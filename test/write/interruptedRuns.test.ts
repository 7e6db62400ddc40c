// `botwire generate` stopped at seeded random points (SIGKILL, SIGINT) while it switches an
// output folder between two workspaces' outputs: after every stop each file holds one of
// the two contents whole, the manifest lists only files that are there (with their
// hashes), and the next run repairs everything (the exact output, no temporary file, no
// lock, `--check` clean; the repairing run is made in this process, with the code a
// `generate` runs). One stop in four lands at a random time of the whole run, the rest
// inside the writing (after the lock appears). BOTWIRE_KILL_POINTS=N sets the number of
// stops (default 4) and BOTWIRE_KILL_DEFINITIONS=N the workspace size (default 20); the
// longer run's result is in docs/cli.md#interrupted-runs.
import { type ChildProcess, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { writeSyntheticWorkspace } from '../../bench/syntheticWorkspace.js'
import { generateWorkspace } from '../../src/pipeline/generateWorkspace.js'
import { compareOutput, hasDifferences } from '../../src/write/compareOutput.js'
import { MANIFEST_NAME } from '../../src/write/manifest.js'
import { LOCK_NAME } from '../../src/write/outputLock.js'
import { TEMPORARY_PREFIX } from '../../src/write/temporaryFiles.js'
import { writeOutput } from '../../src/write/writeOutput.js'
import { cliPath, tempDir } from '../support/cli.js'
import { seededRandom } from '../support/seededRandom.js'

const POINTS = Number(process.env.BOTWIRE_KILL_POINTS ?? 4)
const DEFINITIONS = Number(process.env.BOTWIRE_KILL_DEFINITIONS ?? 20)

const root = tempDir('botwire-kill-')
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** Every file below a folder, relative, with '/' separators. */
function filesBelow(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort()
}

function expectedOutput(definitionsDir: string, outDir: string): Map<string, string> {
  const generated = generateWorkspace({ definitionsDir, builtins: true, cache: false, outDir })
  expect(generated.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
  return new Map(generated.files.map((file) => [file.path, file.text]))
}

/** The next run, in this process: the code a `generate` runs (the CLI adds printing and signals, which a repair does not need). */
function repairingRun(definitionsDir: string, outDir: string): void {
  const generated = generateWorkspace({ definitionsDir, builtins: true, cache: false, outDir })
  expect(generated.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
  writeOutput(generated.outDir, generated.files)
}

function runGenerate(definitionsDir: string, outDir: string): ChildProcess {
  return spawn(process.execPath, [cliPath, 'generate', '--definitions', definitionsDir, '--out', outDir], { stdio: 'ignore' })
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolvePromise) => child.once('exit', (code, signal) => resolvePromise({ code, signal })))
}

/** Polls for the lock file (the writing holds it): when it appeared and went, in ms from `since`. */
function watchLock(outDir: string, since: number): { appeared: number | null; went: number | null; stop: () => void } {
  const seen = { appeared: null as number | null, went: null as number | null, stop: () => clearInterval(poll) }
  const poll = setInterval(() => {
    const there = existsSync(join(outDir, LOCK_NAME))
    if (there && seen.appeared === null) seen.appeared = performance.now() - since
    if (!there && seen.appeared !== null && seen.went === null) seen.went = performance.now() - since
  }, 1)
  return seen
}

/** Resolves when the lock file appears (the writing has begun), or after `ms`. */
async function writingBegins(outDir: string, ms: number): Promise<void> {
  const started = performance.now()
  const lock = watchLock(outDir, started)
  while (lock.appeared === null && performance.now() - started < ms) await new Promise((resolvePromise) => setTimeout(resolvePromise, 1))
  lock.stop()
}

/** What must hold after any stop: whole files (old or new), a manifest that lists only what is there. */
function expectConsistent(outDir: string, versions: Map<string, string>[]): void {
  for (const path of filesBelow(outDir)) {
    const name = path.split('/').at(-1) ?? ''
    if (path === MANIFEST_NAME || name === LOCK_NAME || name.startsWith(TEMPORARY_PREFIX)) continue
    const text = readFileSync(join(outDir, path), 'utf8')
    expect(
      versions.some((version) => version.get(path) === text),
      `${path} holds neither workspace's content`,
    ).toBe(true)
  }
  if (!existsSync(join(outDir, MANIFEST_NAME))) return
  const manifest = JSON.parse(readFileSync(join(outDir, MANIFEST_NAME), 'utf8')) as { files: { path: string; sha256: string }[] }
  for (const entry of manifest.files) {
    const path = join(outDir, entry.path)
    expect(existsSync(path), `the manifest lists ${entry.path}, which is not there`).toBe(true)
    expect(createHash('sha256').update(readFileSync(path)).digest('hex'), `the manifest's hash of ${entry.path}`).toBe(entry.sha256)
  }
}

describe('generate stopped at any point', () => {
  it(
    `leaves whole files and a true manifest, and the next run repairs everything (${POINTS} stops)`,
    async () => {
      const first = join(root, 'first')
      const second = join(root, 'second')
      writeSyntheticWorkspace(first, { definitions: DEFINITIONS, seed: 11 })
      writeSyntheticWorkspace(second, { definitions: DEFINITIONS, seed: 12 })
      const definitions = join(root, 'definitions')
      const parked = join(root, 'parked')
      renameSync(first, definitions)
      renameSync(second, parked)
      const outDir = join(root, 'generated')
      const [firstOutput, secondOutput] = [expectedOutput(definitions, outDir), expectedOutput(parked, outDir)]
      const outputs = [firstOutput, secondOutput]
      // the two outputs share some files (built-ins, messages.ts) and differ in most
      expect([...firstOutput.keys()].some((path) => secondOutput.get(path) === firstOutput.get(path))).toBe(true)

      let current = 0
      const switchWorkspaces = (): void => {
        renameSync(definitions, join(root, 'swap'))
        renameSync(parked, definitions)
        renameSync(join(root, 'swap'), parked)
        current = 1 - current
      }
      // a first output in place (made in this process), so that the timed run below switches
      // an output folder, as the stopped ones do
      repairingRun(definitions, outDir)
      // one timed switch: how long a run takes, and how long it holds the lock (the window to hit)
      switchWorkspaces()
      const started = performance.now()
      const lock = watchLock(outDir, started)
      expect((await exited(runGenerate(definitions, outDir))).code).toBe(0)
      const runMs = performance.now() - started
      lock.stop()
      const lockMs = lock.appeared !== null && lock.went !== null ? lock.went - lock.appeared : 20

      const random = seededRandom(2024)
      const interrupted = { SIGKILL: 0, SIGINT: 0, finishedFirst: 0 }
      // a stop that comes after the run finished (a loaded machine runs slower than the timed
      // run said) interrupts nothing: another attempt takes its place, up to three per point,
      // until both signals have interrupted a run
      const enough = (): boolean => interrupted.SIGKILL + interrupted.SIGINT >= POINTS && interrupted.SIGKILL > 0 && interrupted.SIGINT > 0
      for (let point = 0; !enough() && point < POINTS * 3; point++) {
        switchWorkspaces()
        const signal: NodeJS.Signals = point % 2 === 0 ? 'SIGKILL' : 'SIGINT'
        const child = runGenerate(definitions, outDir)
        const exit = exited(child)
        if (point % 4 === 3) await new Promise((resolvePromise) => setTimeout(resolvePromise, random() * runMs))
        else {
          await writingBegins(outDir, 3000)
          await new Promise((resolvePromise) => setTimeout(resolvePromise, random() * lockMs))
        }
        const stopped = child.kill(signal)
        const result = await exit
        if (result.code === 0) interrupted.finishedFirst++
        else interrupted[signal === 'SIGKILL' ? 'SIGKILL' : 'SIGINT']++
        // Ctrl-C stops the run where it is and exits 130; before the command has started (Node starting up), the process just stops
        if (stopped && signal === 'SIGINT' && result.code !== 0) expect(result.code === 130 || result.signal === 'SIGINT').toBe(true)
        expectConsistent(outDir, outputs)

        // the repairing run, then the exact output
        repairingRun(definitions, outDir)
        const expected = current === 0 ? firstOutput : secondOutput
        expect(filesBelow(outDir)).toEqual([...expected.keys(), MANIFEST_NAME].sort())
        for (const [path, text] of expected) expect(readFileSync(join(outDir, path), 'utf8')).toBe(text)
        expect(
          hasDifferences(
            compareOutput(
              outDir,
              [...expected].map(([path, text]) => ({ path, text })),
            ),
          ),
        ).toBe(false)
      }
      // most stops must really interrupt a run, or the test proves nothing
      expect(interrupted.SIGKILL + interrupted.SIGINT).toBeGreaterThanOrEqual(Math.ceil(POINTS / 2))
      expect(interrupted.SIGKILL).toBeGreaterThan(0)
      expect(interrupted.SIGINT).toBeGreaterThan(0)
    },
    60_000 + 3 * POINTS * DEFINITIONS * 300,
  )
})
