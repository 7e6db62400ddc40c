// A range of a definition file's text, by offsets: what a diagnostic, a related location
// or a claimed name points at. Lines and columns are computed from it only when shown.
import type { SourceFile } from './sourceFile.js'

export interface SourceRange {
  file: SourceFile
  start: number
  end: number
  /**
   * Set when the node lies in content a YAML merge key brought in (`<<: *base`): the range
   * is then the alias in the mapping that uses it, and this is where the anchored content
   * really is. `diagnostic` turns it into a related location.
   */
  anchored?: { anchor: string; range: SourceRange }
}
