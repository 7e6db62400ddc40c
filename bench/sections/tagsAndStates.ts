// Check and generate of the 1,000-definition workspace with tags and states added, against
// the same workspace without them, in one process, interleaved (issue #34: within 10%).
// Both copies are written from one seed (syntheticWorkspace.ts, option `tagsAndStates`):
// the same definitions, one with user, conversation and message tags and states on its
// integrations, plugins and bots (syntheticTagsAndStates.ts). A section of `npm run bench`,
// and alone `npm run bench:tags-states` (bench/tagsAndStates.ts).
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { generateWorkspace } from '../../src/pipeline/generateWorkspace.js'
import { collectGarbage, cpuNow, medianSample, ms, ratio, type Sample } from '../measure.js'
import { print, progress, table } from '../report.js'
import { writeSyntheticWorkspace } from '../syntheticWorkspace.js'

/** Writes both workspaces under `root`, measures `runs` rounds after a warm-up, and prints the section. */
export function tagsAndStatesSection(runs: number, root: string): void {
  progress('tags and states: writing both workspaces')
  const without = writeSyntheticWorkspace(join(root, 'tags-states-without'), { definitions: 1000 })
  const withThem = writeSyntheticWorkspace(join(root, 'tags-states-with'), { definitions: 1000, tagsAndStates: true })
  const outDir = join(root, 'tags-states-out')
  const errorsOf = (diagnostics: readonly { severity: string }[]) => diagnostics.filter((d) => d.severity === 'error').length
  const variants: { name: string; run: () => number }[] = [
    { name: 'check, without', run: () => errorsOf(checkWorkspace({ definitionsDir: without.dir, builtins: true }).diagnostics) },
    { name: 'check, with', run: () => errorsOf(checkWorkspace({ definitionsDir: withThem.dir, builtins: true }).diagnostics) },
    { name: 'generate, without', run: () => generateWorkspace({ definitionsDir: without.dir, builtins: true, outDir }).files.length },
    { name: 'generate, with', run: () => generateWorkspace({ definitionsDir: withThem.dir, builtins: true, outDir }).files.length },
  ]
  const samples: Sample[][] = variants.map(() => [])
  const results: number[] = []
  for (let round = 0; round <= runs; round++) {
    progress(round === 0 ? 'tags and states: warm-up round' : `tags and states: round ${round} of ${runs}`)
    // each pair (check, generate) in the other order every round, and each run after a full
    // collection: neither copy always runs second, on the heap the other one left
    const order = round % 2 === 0 ? [0, 1, 2, 3] : [1, 0, 3, 2]
    for (const i of order) {
      const variant = variants[i] as (typeof variants)[number]
      collectGarbage()
      const cpu = cpuNow()
      const wall = performance.now()
      results[i] = variant.run()
      if (round > 0) samples[i]?.push({ wallMs: performance.now() - wall, cpuMs: cpuNow() - cpu })
    }
  }
  // check: no error in either; generate: the files it would write
  if (results[0] !== 0 || results[1] !== 0) throw new Error(`expected no errors, got ${results[0]} and ${results[1]}`)
  const [checkWithout, checkWith, generateWithout, generateWith] = samples.map((s) => medianSample(s)) as [Sample, Sample, Sample, Sample]
  print('### Check and generate with tags and states')
  print()
  print(
    `The 1,000 definitions without tags and states (${(without.bytes / 1e6).toFixed(2)} MB) and with them (${(withThem.bytes / 1e6).toFixed(2)} MB), in this process, interleaved (each pair in the other order every round, each run after a full garbage collection); the median of ${runs} rounds after a warm-up. Generate: ${results[2]} and ${results[3]} files (not written). Goal (issue #34): within 10%.`,
  )
  print()
  table(
    ['', 'without: wall / CPU ms', 'with: wall / CPU ms', 'CPU ratio with / without'],
    [
      [
        'check',
        `${ms(checkWithout.wallMs)} / ${ms(checkWithout.cpuMs)}`,
        `${ms(checkWith.wallMs)} / ${ms(checkWith.cpuMs)}`,
        ratio(checkWith.cpuMs, checkWithout.cpuMs),
      ],
      [
        'generate',
        `${ms(generateWithout.wallMs)} / ${ms(generateWithout.cpuMs)}`,
        `${ms(generateWith.wallMs)} / ${ms(generateWith.cpuMs)}`,
        ratio(generateWith.cpuMs, generateWithout.cpuMs),
      ],
    ],
  )
}
