// Bounds that keep hostile or accidental input from exhausting time or memory.
export const loadLimits = {
  /** files above this size are reported and never read */
  maxFileBytes: 1024 * 1024,
  /**
   * how many aliases (`*name`, merges included) one file may use (src/load/aliasUses.ts),
   * and how far yaml's own guard lets their expansion go (per anchor: uses times the aliases inside)
   */
  maxAliasCount: 50,
  /**
   * how deep lists and mappings may nest (the root mapping is level 1): far beyond any
   * real definition, and shallow enough that every pass, most of them recursive, is safe
   */
  maxDepth: 100,
  /**
   * how many `$defs` entries one chain of `$ref`s may pass through (src/validate/refChains.ts):
   * the passes that follow references are recursive, and a longer chain is a BW2033
   */
  maxRefChain: 32,
  /**
   * how many entities and `$defs` entries one chain of references through an entity may pass
   * through (src/validate/entityChains.ts): as for `$ref`s, a longer chain is a BW2030
   */
  maxEntityChain: 32,
  /** diagnostics shown per file before the rest are summarised */
  maxDiagnosticsPerFile: 50,
} as const
