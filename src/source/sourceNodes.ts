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
  /**
   * Set when the entry came into its mapping through a YAML merge key (`<<: *base`): the
   * alias that brought it, where a diagnostic inside the entry is reported (the entry's
   * own `key` and `value` stay where the anchored mapping wrote them).
   */
  merged?: MergeSite
}

/** The alias of a merge key (`*base` in `<<: *base` or `<<: [*base, *more]`) and its anchor's name. */
export interface MergeSite extends Span {
  anchor: string
}

export type SourceNode =
  | (Span & { kind: 'mapping'; entries: ReadonlyMap<string, MappingEntry> })
  | (Span & { kind: 'sequence'; items: readonly SourceNode[] })
  /** a scalar, or an empty value (`key:` with nothing after it) as a zero-length span */
  | (Span & { kind: 'scalar' })
