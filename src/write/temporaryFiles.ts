// The temporary files of atomic writes: each file is written beside its target under a
// name that says whose it is, then renamed over the target. A run that is killed
// half-way may leave one behind; the next run sweeps them (docs/cli.md#interrupted-runs).
import { readdirSync, unlinkSync } from 'node:fs'
import { join } from 'node:path'

export const TEMPORARY_PREFIX = '.botwire-tmp-'

let counter = 0

export function temporaryName(): string {
  return `${TEMPORARY_PREFIX}${process.pid}-${Date.now()}-${counter++}`
}

/** The temporary files in `folder` (names only); none when the folder is not there. */
export function temporaryFilesIn(folder: string): string[] {
  try {
    return readdirSync(folder).filter((name) => name.startsWith(TEMPORARY_PREFIX))
  } catch {
    return []
  }
}

/** Removes every temporary file left in these folders (with `remove`); returns their paths. */
export function sweepTemporaryFiles(folders: Iterable<string>, remove: (path: string) => void = unlinkSync): string[] {
  const swept: string[] = []
  for (const folder of folders) {
    for (const name of temporaryFilesIn(folder)) {
      try {
        remove(join(folder, name))
        swept.push(join(folder, name))
      } catch (error) {
        // gone already, or not ours to remove; anything else (a way out of the folder) stops the run
        if (typeof (error as NodeJS.ErrnoException).code !== 'string') throw error
      }
    }
  }
  return swept
}
