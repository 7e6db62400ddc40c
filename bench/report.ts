// The report of `npm run bench`: markdown on stdout, line by line as the sections measure
// (BENCHMARKS.md and docs/performance.md hold a run's figures), and progress on stderr.
import { ms, type Sample } from './measure.js'

export function print(line = ''): void {
  process.stdout.write(`${line}\n`)
}

export function progress(message: string): void {
  process.stderr.write(`[bench] ${message}\n`)
}

/** A markdown table: the first column left-aligned, the figures right-aligned; then a blank line. */
export function table(header: string[], rows: (string | number)[][]): void {
  print(`| ${header.join(' | ')} |`)
  print(`|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`)
  for (const row of rows) print(`| ${row.join(' | ')} |`)
  print()
}

/** A sample's two cells: wall ms and CPU ms. */
export const fmt = (s: Sample): string[] => [ms(s.wallMs), ms(s.cpuMs)]
