// Where each node of a definition file is: the tree that turns a JSON pointer into a
// source range. Built from whichever reader read the file (src/load/nodesFromJsYaml.ts
// for the fast path, src/load/nodesFromYaml.ts for the careful one), so that locating
// knows nothing about either of them.

/** Offsets into the file's text: `start` inclusive, `end` exclusive. */
export interface Span {
  start: number
  end: number
}

export interface MappingEntry {
  key: Span
  value: SourceNode
}

export type SourceNode =
  | (Span & { kind: 'mapping'; entries: ReadonlyMap<string, MappingEntry> })
  | (Span & { kind: 'sequence'; items: readonly SourceNode[] })
  /** a scalar, or an empty value (`key:` with nothing after it) as a zero-length span */
  | (Span & { kind: 'scalar' })
