// Renders a diff: as public JSON records (what `diff()` returns and `--format json`
// prints) or as pretty text, each change with its level, JSON path, file:line:col and
// (for major and minor changes) a code frame; colors only when asked for. What the
// definitions wrote (file names, keys, values, source lines) is shown with its control
// characters escaped, as diagnostics are (diagnostics/render/terminalText.ts).
import { createColors } from 'picocolors'
import { sourceFrame } from '../diagnostics/render/sourceFrame.js'
import { escapeControls as shown, terminalSafeJson } from '../diagnostics/render/terminalText.js'
import { locate } from '../load/yamlNodes.js'
import { lineColumn } from '../source/sourceFile.js'
import type { SourceRange } from '../source/sourceRange.js'
import type { RawChange } from '../versioning/changes.js'
import type { DefinitionComparison } from './compareSides.js'
import type { SideDefinition } from './loadSide.js'
import type { DefinitionDiff, DefinitionVersion, DiffChange } from './types.js'

function changeRecord(change: RawChange): DiffChange {
  const range = locate(change.file, change.pointer)
  const { line, column } = lineColumn(change.file, range.start)
  return {
    level: change.level,
    message: change.message,
    path: change.pointer,
    side: change.side,
    file: change.file.displayPath,
    line,
    column,
    ...(change.undecidable ? { undecidable: true as const } : {}),
  }
}

function versionRecord(definition: SideDefinition | null): DefinitionVersion | null {
  return definition && { version: definition.version, file: definition.file.displayPath, side: definition.side }
}

export function toRecord(c: DefinitionComparison): DefinitionDiff {
  return {
    kind: c.kind,
    name: c.name,
    status: c.status,
    old: versionRecord(c.old),
    new: versionRecord(c.new),
    changes: c.changes.map(changeRecord),
    level: c.level,
    required: c.required,
    declared: c.declared,
    ok: c.ok,
    ...(c.problem === undefined ? {} : { problem: c.problem }),
    notes: c.notes,
  }
}

export function renderDiffJson(comparisons: readonly DefinitionComparison[]): string {
  return `${terminalSafeJson(comparisons.map(toRecord))}\n`
}

// ---- pretty

function frame(range: SourceRange, color: boolean): string {
  if (range.file.text.length === 0) return ''
  const start = lineColumn(range.file, range.start)
  const end = lineColumn(range.file, Math.min(Math.max(range.end, range.start + 1), range.file.text.length))
  const lineStart = Math.min(range.start, range.file.text.length) - (start.column - 1)
  const endColumn = end.line === start.line ? end.column : start.column + 1
  return sourceFrame(range.file.text, { lineStart, line: start.line, column: start.column, endColumn }, { color })
}

function indent(text: string, by: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? line : `${by}${line}`))
    .join('\n')
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

export interface PrettyOptions {
  color: boolean
  /** code frames under major and minor changes (default true) */
  frames?: boolean
  /** some files could not be read, so the verdict covers only what was compared */
  incomplete?: boolean
}

function versions(c: DefinitionComparison): string {
  if (c.old && c.new) return `${c.old.version} -> ${c.new.version}`
  return (c.new ?? c.old)?.version ?? ''
}

function summaryOf(c: DefinitionComparison): string {
  const zeroX = c.required !== c.level ? ` (a ${c.level} change below 1.0.0)` : ''
  if (c.declared === null) return `required: ${c.required}${zeroX}, not enforced`
  return `required: ${c.required}${zeroX}, declared: ${c.declared} (${versions(c)})`
}

export function renderPrettyComparison(c: DefinitionComparison, options: PrettyOptions): string {
  const p = createColors(options.color)
  const levelColor = { major: p.red, minor: p.yellow, patch: p.green }
  const head = `${p.bold(shown(`${c.kind} ${c.name}`))} ${shown(versions(c))}`
  const oldFile = shown(c.old?.file.displayPath ?? '')
  const newFile = shown(c.new?.file.displayPath ?? '')
  if (c.status === 'added') return `${head}: ${p.green('new')} (${newFile})`
  if (c.status === 'removed') return `${head}: ${p.dim('removed')} (${oldFile}${c.notes.length > 0 ? `; ${shown(c.notes.join('; '))}` : ''})`
  const files = c.old && c.new && oldFile !== newFile ? `${oldFile} -> ${newFile}` : newFile
  const lines = [`${head} ${p.dim(`(${files})`)}`]
  for (const change of c.changes) {
    const range = locate(change.file, change.pointer)
    const { line, column } = lineColumn(change.file, range.start)
    const where = `${shown(change.file.displayPath)}:${line}:${column}`
    lines.push(
      `  ${levelColor[change.level](change.level.padEnd(5))} ${shown(change.pointer || '/')} ${p.cyan(where)}${change.side === 'old' ? p.dim(' (old)') : ''}`,
    )
    lines.push(`        ${shown(change.message)}`)
    if ((options.frames ?? true) && change.level !== 'patch') {
      const framed = frame(range, options.color)
      if (framed) lines.push(indent(framed, '        '))
    }
  }
  for (const note of c.notes) lines.push(`  ${p.dim(`note: ${shown(note)}`)}`)
  const summary = `  ${shown(summaryOf(c))}`
  lines.push(c.ok ? `${summary} ${p.green('ok')}` : `${summary} ${p.red(`FAIL: ${shown(c.problem ?? 'not bumped enough')}`)}`)
  return lines.join('\n')
}

export function renderDiffPretty(comparisons: readonly DefinitionComparison[], options: PrettyOptions): string {
  const shown = comparisons.filter((c) => c.status !== 'unchanged' || !c.ok)
  const blocks = shown.map((c) => renderPrettyComparison(c, options))
  const count = (status: DefinitionComparison['status']) => comparisons.filter((c) => c.status === status).length
  const failed = comparisons.filter((c) => !c.ok).length
  const p = createColors(options.color)
  const compared = comparisons.filter((c) => c.status === 'changed' || c.status === 'unchanged').length
  const parts = [`${count('changed')} changed`, `${count('unchanged')} unchanged`]
  if (count('added') > 0) parts.push(`${count('added')} added`)
  if (count('removed') > 0) parts.push(`${count('removed')} removed`)
  const totals =
    count('changed') === 0 && count('added') === 0 && count('removed') === 0
      ? `no changes (${plural(compared, 'definition')} compared)`
      : `${plural(comparisons.length, 'definition')}: ${parts.join(', ')}`
  const bumped = options.incomplete ? 'every version compared is bumped enough' : 'every version is bumped enough'
  let verdict = failed === 0 ? p.green(bumped) : p.red(`${plural(failed, 'definition')} ${failed === 1 ? 'fails' : 'fail'} the version check`)
  if (options.incomplete)
    verdict =
      comparisons.length === 0
        ? p.red('nothing could be compared (see the errors above)')
        : `${verdict}, but ${p.red('some files could not be compared')} (see the errors above)`
  return `${blocks.length > 0 ? `${blocks.join('\n\n')}\n\n` : ''}${totals}; ${verdict}\n`
}
