// Section 9: `botwire lsp` through a real client over stdio (bench/lsp.ts), on the valid
// copy: the initial load against `botwire check`, then edits, completion and hover.
import { existsSync } from 'node:fs'
import { ensureBuilt } from '../childProcesses.js'
import type { BenchContext, BenchWorkspaces } from '../context.js'
import { lspFigures } from '../lsp.js'
import { median, ms, percentile, ratio } from '../measure.js'
import { print, progress, table } from '../report.js'

export async function lspSection(bench: BenchContext, { validDir, tempRoot }: BenchWorkspaces): Promise<void> {
  const buildNote = ensureBuilt(bench)
  if (!existsSync(bench.cliMain)) {
    print(`### 9. \`botwire lsp\`: skipped (${buildNote}; dist/cli/main.js missing)`)
    print()
    return
  }
  progress('botwire lsp: initial load, edits, completion and hover through a real client')
  const f = await lspFigures(validDir, tempRoot, bench.runs, bench.cliMain)
  const at = (values: number[]): string => `${ms(percentile(values, 50))} / ${ms(percentile(values, 95))} / ${ms(Math.max(...values))}`
  const loadServer = median(f.serverLoad.slice(1))
  const loadCheck = median(f.checkLoad.slice(1))
  print('### 9. `botwire lsp` through a real client over stdio')
  print()
  print(
    `The built \`botwire lsp --definitions <valid copy>\` as a child process, driven over stdio by a vscode-languageserver-protocol client (${buildNote}), with a debounce of 0 (the server's default 30 ms of waiting for the typing to pause comes on top). Initial load: from the spawn to the first diagnostics published for a bot opened right after \`initialized\`, against \`botwire check\` of the same workspace from the spawn to the exit, alternated, a warm-up run of each and then the median of ${bench.runs}. Then on the last server: ${f.bot.length} edits of the open bot (didChange with the whole text; even edits misspell one of its integrations, odd ones restore the text) and ${f.iface.length} of ${f.ifaceLabel} (even edits change its version, so its implementations name one that is gone; odd ones restore it), each timed from the didChange to the diagnostics that show it (the bot's, an implementation's); completion and hover at ${f.completion.length} and ${f.hover.length} positions (spread evenly) of the definition names, versions and aliases of the bot, an implementation of the interface and a second bot (${f.answered.completion} completions offered something, ${f.hover.length === 0 ? 0 : f.answered.hover} hovers said something), with no change waiting; and a hover sent right after each bot edit's diagnostics, which builds the index of the new analysis.`,
  )
  print()
  table(
    ['measure', 'wall ms', 'ratio / target'],
    [
      [
        'initial load: `botwire lsp`, spawn to first diagnostics (median; warm-up)',
        `${ms(loadServer)} (${ms(f.serverLoad[0] ?? Number.NaN)})`,
        `${ratio(loadServer, loadCheck)} check`,
      ],
      ['baseline: `botwire check`, spawn to exit (median; warm-up)', `${ms(loadCheck)} (${ms(f.checkLoad[0] ?? Number.NaN)})`, '1×'],
    ],
  )
  print(
    `Memory after the load (the server's \`botwire/status\`): ${Math.round(f.memory.rssBytes / 2 ** 20)} MB resident, ${Math.round(f.memory.heapUsedBytes / 2 ** 20)} MB of JavaScript heap in use.`,
  )
  print()
  table(
    ['measure', 'p50 / p95 / max ms', 'target (p95)'],
    [
      ['a bot edit: didChange to diagnostics published', at(f.bot), '50'],
      [`${f.ifaceLabel}: didChange to diagnostics published`, at(f.iface), '150'],
      ['completion answered', at(f.completion), '30'],
      ['hover answered', at(f.hover), '30'],
      ['hover right after an analysis (builds the index)', at(f.firstAfterAnalysis), ''],
    ],
  )
}
