// Section 3c: `scaffold --update` on a 50-action integration (bench/scaffoldUpdate.ts writes
// the input), in process against ts-morph parsing and printing the same file, and through
// the CLI against `botwire check` of the same workspace.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { planUpdate } from '../../src/stubs/planUpdate.js'
import { loadTsMorph, memoryProject } from '../../src/stubs/tsMorph.js'
import { child } from '../childProcesses.js'
import type { BenchContext } from '../context.js'
import { measure, ratio } from '../measure.js'
import { fmt, print, progress, table } from '../report.js'
import { writeScaffoldUpdateInput } from '../scaffoldUpdate.js'

export async function scaffoldUpdateSection(bench: BenchContext, tempRoot: string): Promise<void> {
  progress('scaffold --update on a 50-action integration')
  const tsMorph = await loadTsMorph()
  const input = writeScaffoldUpdateInput(join(tempRoot, 'scaffold-update'), tsMorph)
  const record = new Map(input.plan.actions.flatMap((a) => (a.implements === null ? [] : [[a.implements, a.implements.split('.')[1] ?? ''] as const])))
  let summary = ''
  const update = await measure(
    bench.runs,
    () => planUpdate(tsMorph, input.text, 'src/big.ts', input.plan, record, false),
    (outcome) => {
      if (!outcome.ok) throw new Error(outcome.reason)
      const count = (kind: string) => outcome.changes.filter((c) => c.kind === kind).length
      summary = `${count('added')} added, ${count('renamed')} renamed, ${outcome.leftovers.length} left over`
    },
  )
  const parsePrint = await measure(bench.runs, () => memoryProject(tsMorph).createSourceFile('/big.ts', input.text).print())
  print(`### 3c. \`scaffold --update\` on a 50-action integration`)
  print()
  print(
    `An implementation file of ${input.actions} handlers (${Math.round(input.text.length / 1024)} KB, every handler filled in), updated to a definition with 3 actions added, 2 removed and 1 interface action renamed (${summary}). In process, ts-morph already loaded; the baseline parses the same file with ts-morph and prints it again (\`createSourceFile\` + \`print()\`), in a fresh project like the update.`,
  )
  print()
  const rows: (string | number)[][] = [
    ['baseline: ts-morph `createSourceFile` + `print()`', ...fmt(parsePrint.median), '1×'],
    ['`planUpdate` (read, edit, read again for the report)', ...fmt(update.median), ratio(update.median.cpuMs, parsePrint.median.cpuMs)],
  ]
  if (!bench.flags['no-cli'] && existsSync(bench.cliMain)) {
    const paths = ['--definitions', input.definitionsDir, '--generated', input.generatedDir, '--no-builtins']
    const command = await child(bench, [bench.cliMain, 'scaffold', '--update', '--dry-run', 'integration', 'big', '--out', input.outDir, ...paths])
    const checkCli = await child(bench, [bench.cliMain, 'check', '--definitions', input.definitionsDir, '--no-builtins'])
    rows.push(
      ['CLI `botwire check` of the same workspace (child process)', ...fmt(checkCli.stats.median), ''],
      [
        `CLI \`botwire scaffold --update --dry-run integration big\` (child process, exit ${command.status})`,
        ...fmt(command.stats.median),
        `${ratio(command.stats.median.wallMs, checkCli.stats.median.wallMs)} check (wall)`,
      ],
    )
  }
  table(['measure', 'wall ms', 'CPU ms', 'ratio (CPU) to the baseline'], rows)
}
