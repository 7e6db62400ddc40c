// Offsets in a file's text <-> LSP positions (zero-based line, UTF-16 character: the
// units of a JavaScript string, so a character is an offset within its line).
import type { Position, Range } from 'vscode-languageserver'
import { present } from '../jsonSchema/invariant.js'
import { lineStartOffsets } from '../source/sourceFile.js'

export class LineMap {
  private readonly starts: number[]
  constructor(readonly text: string) {
    // as the protocol counts lines (LSP 3.17, "Text Documents"): after each \n, \r\n and lone \r
    this.starts = lineStartOffsets(text)
  }

  position(offset: number): Position {
    const at = Math.max(0, Math.min(offset, this.text.length))
    let low = 0
    let high = this.starts.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if (present(this.starts[middle], 'a line start inside the search range') <= at) low = middle
      else high = middle - 1
    }
    return { line: low, character: at - present(this.starts[low], 'the start of the line found') }
  }

  range(start: number, end: number): Range {
    return { start: this.position(start), end: this.position(end) }
  }

  offset(position: Position): number {
    const start = this.starts[position.line]
    if (start === undefined) return this.text.length
    const next = this.starts[position.line + 1] ?? this.text.length + 1
    return Math.min(start + position.character, next - 1, this.text.length)
  }
}

/** Line maps of the texts the index holds, built once per text (per analysis). */
const maps = new WeakMap<object, LineMap>()

export function lineMapOf(holder: { text: string }): LineMap {
  let map = maps.get(holder)
  if (!map) {
    map = new LineMap(holder.text)
    maps.set(holder, map)
  }
  return map
}
