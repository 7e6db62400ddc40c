// The outline of a definition file: the definition, with its entities, actions, events,
// channels, named schemas, configurations and aliases under it.
import type { DocumentSymbol, SymbolKind as LspSymbolKind } from 'vscode-languageserver'
import type { SourceFile } from '../source/sourceFile.js'
import type { MappingEntry } from '../source/sourceNodes.js'
import { lineMapOf } from './positions.js'
import { entryAt } from './sourceNames.js'

// LSP's SymbolKind numbers
const MODULE: LspSymbolKind = 2
const CLASS: LspSymbolKind = 5
const METHOD: LspSymbolKind = 6
const FIELD: LspSymbolKind = 8
const INTERFACE: LspSymbolKind = 11
const EVENT: LspSymbolKind = 24
const STRUCT: LspSymbolKind = 23
const VARIABLE: LspSymbolKind = 13

/** The maps of a definition whose keys are outlined, with what their entries are. */
const OUTLINED: readonly (readonly [string, LspSymbolKind, string])[] = [
  ['entities', CLASS, 'entity'],
  ['$defs', STRUCT, 'named schema'],
  ['actions', METHOD, 'action'],
  ['events', EVENT, 'event'],
  ['channels', FIELD, 'channel'],
  ['configurations', STRUCT, 'configuration'],
  ['interfaces', INTERFACE, 'interface'],
  ['integrations', VARIABLE, 'integration alias'],
  ['plugins', VARIABLE, 'plugin alias'],
  ['states', VARIABLE, 'state'],
]

export function documentSymbols(file: SourceFile): DocumentSymbol[] {
  const root = file.nodes
  if (root?.kind !== 'mapping') return []
  const lines = lineMapOf(file)
  const symbol = (name: string, detail: string, kind: LspSymbolKind, entry: MappingEntry, children: DocumentSymbol[] = []): DocumentSymbol => ({
    name: name === '' ? '""' : name,
    detail,
    kind,
    range: lines.range(entry.key.start, Math.max(entry.key.end, entry.value.end)),
    selectionRange: lines.range(entry.key.start, entry.key.end),
    children,
  })
  const children: DocumentSymbol[] = []
  for (const [map, kind, detail] of OUTLINED) {
    const entry = root.entries.get(map)
    if (entry?.value.kind !== 'mapping') continue
    const members = [...entry.value.entries].map(([name, member]) => symbol(name, detail, kind, member))
    children.push(symbol(map, '', MODULE, entry, members))
  }
  const kind = entryAt(file, ['kind'])
  const name = entryAt(file, ['name'])
  const title = name ? file.text.slice(name.value.start, name.value.end) : '(unnamed)'
  const whole = lines.range(root.start, root.end)
  const detail = kind ? file.text.slice(kind.value.start, kind.value.end) : ''
  return [{ name: title, detail, kind: MODULE, range: whole, selectionRange: name ? lines.range(name.value.start, name.value.end) : whole, children }]
}
