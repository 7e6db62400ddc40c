// Section 1b: the whole CLI, `botwire check` of the broken workspace as a child process
// (and with `--cache`), against node's startup and the in-process check of section 1.
import { existsSync, realpathSync, rmSync } from 'node:fs'
import { cacheFile, cacheFolder } from '../../src/load/parseCache.js'
import { child, ensureBuilt } from '../childProcesses.js'
import type { BenchContext, BenchWorkspaces } from '../context.js'
import { ratio } from '../measure.js'
import { fmt, print, progress, table } from '../report.js'
import type { CheckFigures } from './check.js'

export async function cliSection(bench: BenchContext, workspaces: BenchWorkspaces, { check, brokenDiagnostics }: CheckFigures): Promise<void> {
  const { brokenDir } = workspaces
  if (bench.flags['no-cli']) return
  const main = bench.cliMain
  const buildNote = ensureBuilt(bench)
  if (existsSync(main)) {
    progress('CLI child processes')
    const nodeStart = await child(bench, ['-e', '0'])
    const version = await child(bench, [main, '--version'])
    const cli = await child(bench, [main, 'check', '--definitions', brokenDir])
    // --cache: the first run writes the cache, the others read it; the file is removed after
    const cached = await child(bench, [main, 'check', '--cache', '--definitions', brokenDir])
    rmSync(cacheFile(cacheFolder(bench.root), realpathSync(brokenDir)), { force: true })
    print(`### 1b. The whole CLI, as a child process`)
    print()
    print(
      `\`botwire check --definitions <broken workspace>\` (the built CLI; pretty output, NO_COLOR, ${Math.round(cli.bytes / 1024)} KB printed, exit ${cli.status}); ${buildNote}. CPU is the children's user + system time from /proc (10 ms resolution).`,
    )
    print()
    table(
      ['command', 'wall ms', 'CPU ms', 'ratio (wall) to node startup'],
      [
        ['baseline: `node -e 0`', ...fmt(nodeStart.stats.median), '1×'],
        ['`botwire --version` (loads the CLI modules)', ...fmt(version.stats.median), ratio(version.stats.median.wallMs, nodeStart.stats.median.wallMs)],
        [
          '`botwire check ...`, first run (every run is a fresh process: cold JIT, cold caches)',
          ...fmt(cli.stats.first),
          ratio(cli.stats.first.wallMs, nodeStart.stats.median.wallMs),
        ],
        [`\`botwire check ...\`, median of ${bench.runs} more`, ...fmt(cli.stats.median), ratio(cli.stats.median.wallMs, nodeStart.stats.median.wallMs)],
        [
          '`botwire check --cache ...`, first run (parses, writes the cache)',
          ...fmt(cached.stats.first),
          ratio(cached.stats.first.wallMs, nodeStart.stats.median.wallMs),
        ],
        [
          `\`botwire check --cache ...\`, median of ${bench.runs} more (values read from the cache)`,
          ...fmt(cached.stats.median),
          ratio(cached.stats.median.wallMs, nodeStart.stats.median.wallMs),
        ],
      ],
    )
    print(
      `In CPU time, the CLI's median is ${ratio(cli.stats.median.cpuMs, check.first.cpuMs)} an in-process check run first in its process (the comparable one: a CLI run is always a first run) and ${ratio(cli.stats.median.cpuMs, check.median.cpuMs)} the warm in-process median; the difference is node's startup, loading the modules (the \`--version\` row) and printing ${brokenDiagnostics} diagnostics with code frames.`,
    )
    print()
  } else {
    print(`### 1b. The whole CLI: skipped (${buildNote}; dist/cli/main.js missing)`)
    print()
  }
}
