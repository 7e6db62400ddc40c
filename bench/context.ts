// What every section of `npm run bench` is given (bench/run.ts builds it once): the flags,
// resolved, and where the repository and its built CLI are; and the synthetic workspaces
// the sections on 1,000 definitions share, written once into this run's temporary folder.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { type SyntheticWorkspace, writeSyntheticWorkspaces } from './syntheticWorkspace.js'

function parseFlags() {
  return parseArgs({
    options: {
      runs: { type: 'string' },
      quick: { type: 'boolean', default: false },
      subset: { type: 'string' },
      'no-tsc': { type: 'boolean', default: false },
      'no-cli': { type: 'boolean', default: false },
      'no-baselines': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      'scaffold-update-only': { type: 'boolean', default: false },
      'tags-states-only': { type: 'boolean', default: false },
      'runtime-only': { type: 'boolean', default: false },
      'stores-only': { type: 'boolean', default: false },
      'host-only': { type: 'boolean', default: false },
      'processes-only': { type: 'boolean', default: false },
      'watch-only': { type: 'boolean', default: false },
      'lsp-only': { type: 'boolean', default: false },
    },
  }).values
}

export type BenchFlags = ReturnType<typeof parseFlags>

export interface BenchContext {
  flags: BenchFlags
  /** measured runs after the warm-up run (`--runs`; 3, or 1 with `--quick`) */
  runs: number
  /** modules given to json-schema-to-typescript and ts-morph (`--subset`; 40, or 20 with `--quick`) */
  subset: number
  /** the repository's root */
  root: string
  /** the built CLI, dist/cli/main.js (it may be missing) */
  cliMain: string
}

/** The context of this process's run, from its command line. */
export function benchContext(): BenchContext {
  const flags = parseFlags()
  const root = join(dirname(fileURLToPath(import.meta.url)), '..')
  return {
    flags,
    runs: Math.max(1, Number(flags.runs ?? (flags.quick ? 1 : 3))),
    subset: Math.max(2, Number(flags.subset ?? (flags.quick ? 20 : 40))),
    root,
    cliMain: join(root, 'dist', 'cli', 'main.js'),
  }
}

/** The synthetic workspaces: 1,000 valid definitions, and a copy of them with errors put in. */
export interface BenchWorkspaces {
  /** this run's temporary folder, which holds the workspaces and what sections write */
  tempRoot: string
  validDir: string
  brokenDir: string
  /** where section 1 writes its copy of the broken workspace with every file on the careful path */
  carefulDir: string
  valid: SyntheticWorkspace
  broken: SyntheticWorkspace
  /** how many files of the broken copy were given an error */
  injected: number
}

export function writeBenchWorkspaces(tempRoot: string): BenchWorkspaces {
  const validDir = join(tempRoot, 'valid')
  const brokenDir = join(tempRoot, 'broken')
  const generated = writeSyntheticWorkspaces(validDir, brokenDir, { definitions: 1000, errorRate: 0.1 })
  const broken = generated.broken as SyntheticWorkspace
  return {
    tempRoot,
    validDir,
    brokenDir,
    carefulDir: join(tempRoot, 'careful'),
    valid: generated.valid,
    broken,
    injected: Object.values(broken.errors).reduce((a, b) => a + b, 0),
  }
}
