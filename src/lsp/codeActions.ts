// Quick fixes: a diagnostic's "did you mean" applied (the suggestion travels as data, never
// read from the message), and skeletons for a missing entity mapping (BW3006) and a
// missing plugin wiring (BW4007).
import semver from 'semver'
import type { CodeAction, Diagnostic as LspDiagnostic, TextEdit } from 'vscode-languageserver'
import { closest } from '../diagnostics/suggest.js'
import { present } from '../jsonSchema/invariant.js'
import { own } from '../jsonSchema/own.js'
import { parsePointer } from '../jsonSchema/pointer.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { DiagnosticPayload } from './diagnostics.js'
import { insertEntry } from './mappingEdits.js'
import { lineMapOf } from './positions.js'
import { mappingKeys, unquoted } from './sourceNames.js'
import { uriOf } from './uris.js'
import type { WorkspaceIndex } from './workspaceIndex.js'

function payloadOf(d: LspDiagnostic): DiagnosticPayload {
  return d.data !== null && typeof d.data === 'object' ? (d.data as DiagnosticPayload) : {}
}

function fix(title: string, file: SourceFile, edits: TextEdit[], diagnostic: LspDiagnostic, preferred: boolean): CodeAction {
  return { title, kind: 'quickfix', diagnostics: [diagnostic], isPreferred: preferred, edit: { changes: { [uriOf(file.absolutePath)]: edits } } }
}

/** The edit that puts the suggestion where the near miss is: the whole name, or the part of `LOCAL.ENTITY` it stands for. */
function suggestionEdit(index: WorkspaceIndex, file: SourceFile, diagnostic: LspDiagnostic, suggestion: string): TextEdit | null {
  const lines = lineMapOf(file)
  const span = unquoted(file, { start: lines.offset(diagnostic.range.start), end: lines.offset(diagnostic.range.end) })
  const written = file.text.slice(span.start, span.end)
  if (written === '' || /[\n{}[\]:,]/.test(written)) return null
  if (!written.includes('.') || suggestion.includes('.')) return { range: lines.range(span.start, span.end), newText: suggestion }
  // LOCAL.ENTITY in a plugin: the local name when it is not one and the suggestion is; otherwise the entity
  const parts = written.split('.')
  const plugin = index.definitions.get(file.absolutePath)
  const locals = plugin?.kind === 'plugin' ? plugin.dependencies.map((d) => d.local) : Object.keys(pluginInterfaces(file))
  const best = locals.includes(suggestion) && !locals.includes(present(parts[0], 'a split string has a first part')) ? 0 : parts.length - 1
  const start = span.start + parts.slice(0, best).reduce((n, p) => n + p.length + 1, 0)
  return { range: lines.range(start, start + present(parts[best], 'the part chosen is the first or the last').length), newText: suggestion }
}

/** A plugin's interface local names as the file writes them (its definition may not have resolved). */
function pluginInterfaces(file: SourceFile): Record<string, true> {
  return Object.fromEntries(mappingKeys(file, ['interfaces']).map((k) => [k, true]))
}

function entityMappingFix(
  index: WorkspaceIndex,
  file: SourceFile,
  diagnostic: LspDiagnostic,
  payload: DiagnosticPayload & { path?: string },
): CodeAction | null {
  const missing = payload.data?.entities
  if (!Array.isArray(missing) || payload.path === undefined) return null
  const path = parsePointer(payload.path)
  const integration = index.definitions.get(file.absolutePath)
  const ownEntities = integration?.kind === 'integration' ? Object.keys(integration.spec.entities ?? {}) : []
  // the closest in name, else one no interface entity is mapped to yet
  const mapped = new Set(integration?.kind === 'integration' ? integration.implemented.flatMap((i) => Object.values(i.entityMap)) : [])
  const target = (name: string) => closest(name, ownEntities) ?? ownEntities.find((e) => !mapped.has(e)) ?? ownEntities[0] ?? name
  const edits: TextEdit[] = []
  const lines = lineMapOf(file)
  const names = missing as readonly string[]
  const insert = insertEntry(file, path, (style) => names.map((name) => `${name}: ${target(name)}`).join(style.flow ? ', ' : `\n${style.indent}`))
  if (!insert) return null
  edits.push({ range: lines.range(insert.offset, insert.offset), newText: insert.text })
  return fix(`Map ${names.join(', ')} to entities of this integration`, file, edits, diagnostic, true)
}

function wiringFix(index: WorkspaceIndex, file: SourceFile, diagnostic: LspDiagnostic, payload: DiagnosticPayload & { path?: string }): CodeAction | null {
  const bot = index.definitions.get(file.absolutePath)
  if (bot?.kind !== 'bot' || payload.path === undefined) return null
  const path = parsePointer(payload.path)
  const alias = path[1]
  const instance = bot.plugins.find((p) => p.alias === alias)
  const plugin = instance && index.model.definitions.get(instance.pluginKey)
  if (plugin?.kind !== 'plugin' || alias === undefined) return null
  const given = own(bot.spec.plugins, alias)?.dependencies ?? {}
  const missing = plugin.dependencies.filter((d) => !Object.hasOwn(given, d.local))
  if (missing.length === 0) return null
  const wiring = (local: string): string => {
    const dependency = plugin.dependencies.find((d) => d.local === local)
    for (const integration of bot.integrations) {
      const model = index.model.definitions.get(integration.integrationKey)
      const fits =
        model?.kind === 'integration'
          ? model.implemented.find((i) => i.interfaceName === dependency?.interfaceName && semver.satisfies(i.version, dependency.range))
          : undefined
      if (fits) return `{ integrationAlias: ${integration.alias}, integrationInterfaceAlias: ${fits.alias} }`
    }
    return '{ integrationAlias: , integrationInterfaceAlias:  }'
  }
  const entries = (separator: string) => missing.map((d) => `${d.local}: ${wiring(d.local)}`).join(separator)
  const hasDependencies = Object.hasOwn(own(bot.spec.plugins, alias) ?? {}, 'dependencies')
  const insert = hasDependencies
    ? insertEntry(file, ['plugins', alias, 'dependencies'], (style) => entries(style.flow ? ', ' : `\n${style.indent}`))
    : insertEntry(file, ['plugins', alias], (style) =>
        style.flow ? `dependencies: { ${entries(', ')} }` : `dependencies:\n${style.indent}  ${entries(`\n${style.indent}  `)}`,
      )
  if (!insert) return null
  const lines = lineMapOf(file)
  return fix(
    `Wire ${missing.map((d) => d.local).join(', ')}`,
    file,
    [{ range: lines.range(insert.offset, insert.offset), newText: insert.text }],
    diagnostic,
    true,
  )
}

export function codeActionsFor(index: WorkspaceIndex, path: string, diagnostics: readonly LspDiagnostic[]): CodeAction[] {
  const file = index.files.get(path)
  if (!file) return []
  const actions: CodeAction[] = []
  for (const diagnostic of diagnostics) {
    if (diagnostic.source !== 'botwire') continue
    const payload = payloadOf(diagnostic) as DiagnosticPayload & { path?: string }
    if (payload.suggestion !== undefined) {
      const edit = suggestionEdit(index, file, diagnostic, payload.suggestion)
      if (edit) actions.push(fix(`Change to '${payload.suggestion}'`, file, [edit], diagnostic, true))
    }
    const skeleton =
      diagnostic.code === 'BW3006'
        ? entityMappingFix(index, file, diagnostic, payload)
        : diagnostic.code === 'BW4007'
          ? wiringFix(index, file, diagnostic, payload)
          : null
    if (skeleton) actions.push(skeleton)
  }
  return actions
}
