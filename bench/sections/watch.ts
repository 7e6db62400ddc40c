// Section 8: `generate --watch` on the incremental engine (bench/watch.ts), against a full
// run, on the valid copy.
import { existsSync } from 'node:fs'
import type { BenchContext, BenchWorkspaces } from '../context.js'
import { median, ms, ratio } from '../measure.js'
import { fmt, print, progress, table } from '../report.js'
import { watchFigures } from '../watch.js'

export async function watchSection(bench: BenchContext, { validDir, tempRoot }: BenchWorkspaces): Promise<void> {
  progress('generate --watch: edits through the engine, full runs, and the CLI')
  const figures = await watchFigures(validDir, tempRoot, bench.runs, existsSync(bench.cliMain) ? bench.cliMain : null)
  print('### 8. `generate --watch` on the incremental engine')
  print()
  print(
    `The valid copy (${figures.files} output files). Each edit changes the definition's title and is saved as editors do (a temporary file renamed over it). In process: one watch run as the CLI's watch makes it (the engine told of the path, \`generate()\`, the write that skips the files it knows) from the save to the last file written, ${bench.runs * 3} edits after a warm-up one, against a full run (check, lower, emit, write: every watch run before the engine) on the same edits. Through the CLI: the built \`botwire generate --watch\` as a child process, from the save to its summary line (printed once the files are written), each edit 1.1 s after the last run, ${bench.runs * 3} edits; this includes the watcher's debounce (20 ms after the save's last event).`,
  )
  print()
  const rows: (string | number)[][] = []
  figures.targets.forEach((target, i) => {
    const engine = figures.engine[i]
    const full = figures.full[i]
    const cli = figures.cli[i]
    if (!engine || !full) return
    rows.push([`${target.label}: the engine's run, median`, ...fmt(engine.median), ratio(engine.median.wallMs, full.median.wallMs)])
    rows.push([`${target.label}: a full run, median`, ...fmt(full.median), '1×'])
    if (cli) rows.push([`${target.label}: save to written through \`generate --watch\`, median (max)`, `${ms(median(cli))} (${ms(Math.max(...cli))})`, '', ''])
  })
  table(['measure', 'wall ms', 'CPU ms', 'ratio (wall) to the full run'], rows)
}
