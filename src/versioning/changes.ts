// The changes found between two versions of a definition, each at a place in one of
// the two files. Lines and columns are computed only when a change is rendered.
import type { SourceFile } from '../source/sourceFile.js'
import type { ChangeLevel, Side } from './types.js'

export interface RawChange {
  level: ChangeLevel
  message: string
  side: Side
  file: SourceFile
  /** JSON pointer into `file` */
  pointer: string
  undecidable?: boolean
}

/** Where a change is shown: a file of one side and a pointer into it. */
export interface Place {
  side: Side
  file: SourceFile
  pointer: string
}

export class ChangeList {
  readonly items: RawChange[] = []

  add(level: ChangeLevel, place: Place, message: string, undecidable = false): void {
    this.items.push({ level, message, side: place.side, file: place.file, pointer: place.pointer, ...(undecidable ? { undecidable: true } : {}) })
  }
}
