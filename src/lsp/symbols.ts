// The names botwire binds across files, as symbols: one id per thing a name stands for,
// so that every place the name is written (its declaration and each reference) shares it.
import type { DefinitionKey } from '../resolve/model.js'

/** What a symbol is, for the outline, hover and rename. */
export type SymbolKind =
  | 'definition'
  | 'entity'
  | 'action'
  | 'event'
  | 'channel'
  | 'defs'
  | 'configuration'
  /** a key of `states` (docs/definitions.md#states) */
  | 'state'
  /** an integration's key of `interfaces` */
  | 'interfaceAlias'
  /** a plugin's key of `interfaces` */
  | 'pluginLocal'
  /** a bot's key of `integrations` */
  | 'integrationAlias'
  /** a bot's key of `plugins` */
  | 'pluginAlias'

export interface NameSymbol {
  id: string
  kind: SymbolKind
  /** the name as written */
  name: string
  /** the definition the name belongs to (for a definition: itself) */
  owner: DefinitionKey
}

export function symbolId(kind: SymbolKind, owner: DefinitionKey, name: string): string {
  return kind === 'definition' ? `definition:${owner}` : `${kind}:${owner}:${name}`
}

/** One place a symbol's name is written: a span of a file's text. */
export interface Occurrence {
  symbol: NameSymbol
  /** absolute real path of the file */
  path: string
  start: number
  end: number
  declaration: boolean
}
