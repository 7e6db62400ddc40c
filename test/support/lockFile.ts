// A lock file shared by the test processes of a run (and of runs at once): it holds the id
// of the process that took it; the others wait while that process is alive, and take over
// a lock left by one that is gone. Used for what one process makes and the others then
// read: the packed tarballs, the installed project, the empty PGlite database.
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { isAlive } from '../../src/stores/embedded/processAlive.js'

/** Takes a lock file holding this process's id, waiting while a live process holds it; one left by a process that is gone is taken over. */
export function acquire(lock: string): void {
  const sleeper = new Int32Array(new SharedArrayBuffer(4))
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' })
      return
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error
    }
    // empty while its holder is still writing it, gone once its holder is done
    const holder = Number(readIfThere(lock) || Number.NaN)
    if (Number.isInteger(holder) && !isAlive(holder)) rmSync(lock, { force: true })
    Atomics.wait(sleeper, 0, 0, 200)
  }
}

/** Lets the lock go. */
export function release(lock: string): void {
  rmSync(lock, { force: true })
}

function readIfThere(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return ''
    throw error
  }
}
