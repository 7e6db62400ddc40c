// Which way each file went through the loader: the fast path (screens and js-yaml 4,
// positions left for later) or the careful path (yaml with positions), and how
// many yaml documents with positions a run really built (src/load/parseSourceFile.ts,
// src/load/sourceFile.ts).
import { Parser } from 'yaml'
import type { Diagnostic } from '../src/diagnostics/diagnostic.js'
import type { SourceFile } from '../src/source/sourceFile.js'

export function tookFastPath(file: SourceFile): boolean {
  return file.reader === 'fast'
}

export function countPaths(files: readonly SourceFile[]): { fast: number; careful: number } {
  const fast = files.filter(tookFastPath).length
  return { fast, careful: files.length - fast }
}

/**
 * Runs `fn` and returns the texts yaml parsed meanwhile: every `parseDocument` goes
 * through `Parser.prototype.parse`, wrapped here for the run only. Used for a counting
 * run, never around a timed one.
 */
export function withYamlParses<T>(fn: () => T): { result: T; texts: string[] } {
  const texts: string[] = []
  const original = Parser.prototype.parse
  Parser.prototype.parse = function (this: Parser, source: string, incomplete?: boolean) {
    texts.push(source)
    return original.call(this, source, incomplete)
  }
  try {
    return { result: fn(), texts }
  } finally {
    Parser.prototype.parse = original
  }
}

/** Every file a diagnostic points into, with its range or a related location. */
export function filesPointedAt(diagnostics: readonly Diagnostic[]): Set<SourceFile> {
  const files = new Set<SourceFile>()
  for (const d of diagnostics) {
    if (d.range) files.add(d.range.file)
    for (const r of d.related) files.add(r.range.file)
  }
  return files
}
