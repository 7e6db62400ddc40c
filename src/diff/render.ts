// Renders a diff: as public JSON records (what `diff()` returns and `--format json`
// prints) or as pretty text, each change with its level, JSON path, file:line:col and
// (for major and minor changes) a code frame; colors only when asked for.
import { codeFrameColumns } from '@babel/code-frame'
import { createColors } from 'picocolors'
import type { SourceRange } from '../diagnostics/diagnostic.js'
import { locate } from '../load/yamlNodes.js'
import { lineColumn } from '../source/sourceFile.js'
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

export function renderJson(comparisons: readonly DefinitionComparison[]): string {
  return `${JSON.stringify(comparisons.map(toRecord), null, 2)}\n`
}

// ---- pretty

function frame(range: SourceRange, color: boolean): string {
  if (range.file.text.length === 0) return ''
  const start = lineColumn(range.file, range.start)
  let end = lineColumn(range.file, Math.min(Math.max(range.end, range.start + 1), range.file.text.length))
  if (end.line !== start.line) end = { line: start.line, column: start.column + 1 }
  return codeFrameColumns(
    range.file.text,
    { start, end: { line: end.line, column: Math.max(end.column, start.column + 1) } },
    { highlightCode: false, forceColor: color, linesAbove: 1, linesBelow: 1 },
  )
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
  const head = `${p.bold(`${c.kind} ${c.name}`)} ${versions(c)}`
  if (c.status === 'added') return `${head}: ${p.green('new')} (${c.new?.file.displayPath ?? ''})`
  if (c.status === 'removed') return `${head}: ${p.dim('removed')} (${c.old?.file.displayPath ?? ''}${c.notes.length > 0 ? `; ${c.notes.join('; ')}` : ''})`
  const files =
    c.old && c.new && c.old.file.displayPath !== c.new.file.displayPath
      ? `${c.old.file.displayPath} -> ${c.new.file.displayPath}`
      : (c.new?.file.displayPath ?? '')
  const lines = [`${head} ${p.dim(`(${files})`)}`]
  for (const change of c.changes) {
    const range = locate(change.file, change.pointer)
    const { line, column } = lineColumn(change.file, range.start)
    const where = `${change.file.displayPath}:${line}:${column}`
    lines.push(`  ${levelColor[change.level](change.level.padEnd(5))} ${change.pointer || '/'} ${p.cyan(where)}${change.side === 'old' ? p.dim(' (old)') : ''}`)
    lines.push(`        ${change.message}`)
    if ((options.frames ?? true) && change.level !== 'patch') {
      const shown = frame(range, options.color)
      if (shown) lines.push(indent(shown, '        '))
    }
  }
  for (const note of c.notes) lines.push(`  ${p.dim(`note: ${note}`)}`)
  const summary = `  ${summaryOf(c)}`
  lines.push(c.ok ? `${summary} ${p.green('ok')}` : `${summary} ${p.red(`FAIL: ${c.problem ?? 'not bumped enough'}`)}`)
  return lines.join('\n')
}

export function renderPretty(comparisons: readonly DefinitionComparison[], options: PrettyOptions): string {
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
