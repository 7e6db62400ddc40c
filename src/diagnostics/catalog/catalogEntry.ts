// A catalog entry: a code's severity, title and message templates (src/diagnostics/catalog.ts
// assembles the bands).
//
// A template names its arguments in braces, `{key}`: a name of letters, digits and _.
// Other braces are text (`{ integrationAlias, integrationInterfaceAlias }`). One template
// per form of a message; a piece that code assembles (a list, a plural, an optional
// clause) is one argument, computed where the diagnostic is made.
export type Severity = 'error' | 'warning'

export interface CatalogEntry<T extends Readonly<Record<string, string>> = Readonly<Record<string, string>>> {
  severity: Severity
  /** a short name for the problem, used in docs and JSON output */
  title: string
  /** the messages of the code, by name */
  templates: T
}

export function entry<const T extends Readonly<Record<string, string>>>(title: string, templates: T, severity: Severity = 'error'): CatalogEntry<T> {
  return { severity, title, templates }
}
