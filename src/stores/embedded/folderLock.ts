// One process at a time in an embedded store's folder: PGlite is a database inside one
// process, and two of them writing one folder would corrupt it. The lock is a file holding
// the process id, taken with an exclusive create; one left by a process that is gone (it
// was killed) is taken over. Within a process, a folder already open is refused as well.
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { RuntimeError } from '@botwire/runtime'
import { isAlive } from './processAlive.js'

const openInThisProcess = new Set<string>()

function holderOf(lock: string): number | undefined {
  try {
    const pid = Number(readFileSync(lock, 'utf8'))
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

/** Takes the folder's lock; returns what releases it. Throws STORE_UNAVAILABLE when a live process (or this one) holds it. */
export function lockFolder(folder: string): () => void {
  const lock = join(folder, 'store.lock')
  if (openInThisProcess.has(lock)) throw new RuntimeError('STORE_UNAVAILABLE', `the embedded store in '${folder}' is already open in this process`)
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' })
      break
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST' || attempt > 0) throw error
      const holder = holderOf(lock)
      if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
        throw new RuntimeError(
          'STORE_UNAVAILABLE',
          `the embedded store in '${folder}' is in use by process ${holder}: one process at a time (use PostgreSQL for several)`,
        )
      }
      rmSync(lock, { force: true })
    }
  }
  openInThisProcess.add(lock)
  return () => {
    openInThisProcess.delete(lock)
    rmSync(lock, { force: true })
  }
}
