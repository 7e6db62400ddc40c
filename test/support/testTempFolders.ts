// Where a test run writes its temporary files (docs/testing.md#speed), set up by
// vitest.config.ts before the workers start:
// - the base: Linux's shared-memory tmpfs when the environment names no temporary folder of
//   its own and programs written there run (some containers mount it noexec), else the
//   system's. The tests write and remove tens of thousands of files (workspaces, copies of
//   projects), and on this project's machines a disk's kernel time for that varies tenfold
//   from one minute to the next;
// - the run's own folder below it (`botwire-run-*`), made the temporary folder of the run
//   (TMPDIR, which os.tmpdir() reads, and which the workers and their child processes
//   inherit), and removed whole when the run ends (test/support/globalSetup.ts): whatever a
//   test leaves in the temporary folder goes with it. A run that was killed leaves its
//   folder, which the next run removes (its process is gone);
// - the folder of made projects, kept across runs (test/support/projectsFolder.ts), and tsx's
//   cache of compiled code, linked into the run's folder where tsx looks for it: both in the
//   system's temporary folder, on disk (a tmpfs would hold their hundreds of MB in memory).
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { isAlive } from '../../src/stores/embedded/processAlive.js'

const root = join(import.meta.dirname, '..', '..')
const RUN_PREFIX = 'botwire-run-'

/** /dev/shm, when the environment names no temporary folder and a program written there runs. */
function memoryFolder(): string | undefined {
  if (process.env.TMPDIR !== undefined || process.platform !== 'linux') return undefined
  try {
    const probe = mkdtempSync('/dev/shm/botwire-probe-')
    try {
      const program = join(probe, 'probe.sh')
      writeFileSync(program, '#!/bin/sh\nexit 0\n', { mode: 0o755 })
      return spawnSync(program).status === 0 ? '/dev/shm' : undefined
    } finally {
      rmSync(probe, { recursive: true, force: true })
    }
  } catch {
    return undefined
  }
}

/** The run folders of runs whose process is gone. */
function removeAbandonedRuns(base: string): void {
  for (const name of readdirSync(base)) {
    if (!name.startsWith(RUN_PREFIX)) continue
    const owner = join(base, name, 'owner.pid')
    const pid = existsSync(owner) ? Number(readFileSync(owner, 'utf8')) : Number.NaN
    if (!Number.isInteger(pid) || !isAlive(pid)) rmSync(join(base, name), { recursive: true, force: true })
  }
}

/** Makes the run's temporary folder and points TMPDIR at it; returns it. Called once, by vitest.config.ts. */
export function setUpTestTempFolders(): string {
  // what is kept across runs stays in the system's temporary folder, on disk: hundreds of MB
  // per checkout that a tmpfs would hold in memory until the machine restarts
  const kept = tmpdir()
  const base = memoryFolder() ?? kept
  removeAbandonedRuns(base)
  const run = mkdtempSync(join(base, RUN_PREFIX))
  writeFileSync(join(run, 'owner.pid'), String(process.pid))
  // tsx keeps the code it compiled in `<temporary folder>/tsx-<user>`: kept across runs, as outside the tests
  const user = process.geteuid?.() ?? userInfo().username
  const tsxCache = join(kept, `botwire-test-tsx-${user}`)
  mkdirSync(tsxCache, { recursive: true })
  symlinkSync(tsxCache, join(run, `tsx-${user}`), 'dir')
  process.env.BOTWIRE_TEST_PROJECTS = join(kept, `botwire-test-projects-${createHash('sha256').update(root).digest('hex').slice(0, 12)}`)
  process.env.TMPDIR = run
  return run
}

/** Removes the run's temporary folder (when this run made one). */
export function removeRunTempFolder(): void {
  const run = process.env.TMPDIR
  if (run?.includes(RUN_PREFIX)) rmSync(run, { recursive: true, force: true })
}
