// One run at a time per output folder: a lock file in the folder, created exclusively,
// naming the process that holds it. A run that finds the lock waits for it; a lock whose
// process is gone (a run killed with SIGKILL) is stale and taken over
// (docs/cli.md#concurrent-runs).

import { mkdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { readRegularFile } from '../load/regularFile.js'

export const LOCK_NAME = '.botwire-lock'

/** How long a run waits for another run's lock before it gives up. */
export const DEFAULT_LOCK_WAIT_MS = 30_000

export interface LockHolder {
  pid: number
  host: string
}

/** Another run holds the lock for longer than a run waits. */
export class OutputLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly holder: LockHolder | null,
    readonly waitedMs: number,
  ) {
    super(`${lockPath} is held by ${holder ? `process ${holder.pid} on ${holder.host}` : 'another run'}`)
  }
}

/** The holder as a message names it: `process 4242 on build-host`. */
export function describeLockHolder(holder: LockHolder | null): string {
  return holder ? `process ${holder.pid} on ${holder.host}` : 'a process that left no name'
}

function readHolder(path: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readRegularFile(path).toString('utf8')) as Partial<LockHolder>
    return typeof parsed.pid === 'number' && typeof parsed.host === 'string' ? { pid: parsed.pid, host: parsed.host } : null
  } catch {
    return null
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process is there, but not ours to signal
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** An unreadable lock (its writer was killed between creating and filling it) older than this is stale. */
const UNREADABLE_LOCK_STALE_MS = 5_000

/**
 * A lock is stale when it names a process of this machine that is gone, or cannot be read
 * and is old; a lock of another machine (a shared folder) is never taken over.
 */
function isStale(path: string, holder: LockHolder | null): boolean {
  if (holder !== null) return holder.host === hostname() && !isAlive(holder.pid)
  try {
    return Date.now() - statSync(path).mtimeMs > UNREADABLE_LOCK_STALE_MS
  } catch {
    return false
  }
}

/** Whether the output folder holds a lock that no live run holds (left by a killed run). */
export function hasStaleLock(outDir: string): boolean {
  const path = join(outDir, LOCK_NAME)
  try {
    statSync(path)
  } catch {
    return false
  }
  return isStale(path, readHolder(path))
}

const sleeper = new Int32Array(new SharedArrayBuffer(4))
/** Sleeps the thread: nothing else of the process runs meanwhile (signals wait too). */
export function sleepThread(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms)
}

/** A pause in the wait for another run's lock: how long, and who holds it. */
export interface LockWait {
  ms: number
  lockPath: string
  holder: LockHolder | null
}

/**
 * Takes the output folder's lock, waiting up to `waitMs` for another run to release it,
 * as steps: each value yielded is a pause before the next attempt, which the caller
 * sleeps through (lockOutputFolder) or waits for in the event loop, where a signal can
 * stop the wait (writeOutputInterruptibly). Returns the function that releases the lock.
 * Throws OutputLockedError when the wait is over.
 */
export function* lockSteps(outDir: string, waitMs = DEFAULT_LOCK_WAIT_MS): Generator<LockWait, () => void, void> {
  mkdirSync(outDir, { recursive: true })
  const path = join(outDir, LOCK_NAME)
  const mine: LockHolder = { pid: process.pid, host: hostname() }
  const started = Date.now()
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(path, `${JSON.stringify(mine)}\n`, { flag: 'wx' })
      return () => {
        const holder = readHolder(path)
        if (holder?.pid === mine.pid && holder.host === mine.host) unlinkSync(path)
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const holder = readHolder(path)
    if (isStale(path, holder)) {
      try {
        unlinkSync(path)
      } catch {
        // another run took it over first; try again
      }
      continue
    }
    const waited = Date.now() - started
    if (waited >= waitMs) throw new OutputLockedError(path, holder, waited)
    yield { ms: Math.min(50 + attempt * 10, 200, waitMs - waited), lockPath: path, holder }
  }
}

/**
 * Takes the output folder's lock, waiting up to `waitMs` for another run to release it
 * (the thread sleeps). Returns the function that releases it. Throws OutputLockedError
 * when the wait is over.
 */
export function lockOutputFolder(outDir: string, waitMs = DEFAULT_LOCK_WAIT_MS): () => void {
  const steps = lockSteps(outDir, waitMs)
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value
    sleepThread(step.value.ms)
  }
}
