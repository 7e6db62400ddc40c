// How paths are shown: relative to the working directory when inside it, always with '/'.
import { isAbsolute, relative, sep } from 'node:path'

export function displayPath(absolutePath: string, cwd: string = process.cwd()): string {
  const rel = relative(cwd, absolutePath)
  const shown = rel === '' || rel.startsWith('..') || isAbsolute(rel) ? absolutePath : rel
  return shown.split(sep).join('/')
}
