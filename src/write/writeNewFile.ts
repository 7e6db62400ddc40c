// Creates a file that must not exist yet (stubs, starter definitions): the exclusive
// flag makes the "never overwrite" promise hold even against a race.
import { writeFileSync } from 'node:fs'

export function writeNewFile(path: string, text: string): void {
  writeFileSync(path, text, { flag: 'wx' })
}
