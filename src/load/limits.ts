// Bounds that keep hostile or accidental input from exhausting time or memory.
export const loadLimits = {
  /** files above this size are reported and never read */
  maxFileBytes: 1024 * 1024,
  /** how many alias nodes one document may expand (yaml's own guard, tightened) */
  maxAliasCount: 50,
  /** diagnostics shown per file before the rest are summarised */
  maxDiagnosticsPerFile: 50,
} as const
