// `checkWorkspace`, pass by pass: the pipeline itself, run with an observer that puts a
// clock around each pass and each check, so that the benchmark can say where the time
// goes without restating the sequence.
import { performance } from 'node:perf_hooks'
import { CHECKS } from '../src/check/registry.js'
import type { Diagnostic } from '../src/diagnostics/diagnostic.js'
import { checkWorkspace } from '../src/pipeline/checkWorkspace.js'
import { PASSES as PIPELINE_PASSES, type PipelineObserver } from '../src/pipeline/observer.js'
import type { Model } from '../src/resolve/model.js'
import type { SourceFile } from '../src/source/sourceFile.js'
import { cpuNow } from './measure.js'

export { CHECKS }

// 'positions' is the node tree with positions of the fast-path files that a diagnostic
// will point into (js-yaml read again with its node events): `checkWorkspace` builds
// them lazily, inside whichever pass first reports into the file; given `positionsFor`,
// `timePasses` asks for them right after loading instead, so that each pass's time is its
// own work. Without it, the positions count towards the passes that report (and
// 'positions' is 0).
export const PASSES = [PIPELINE_PASSES[0], 'positions', ...PIPELINE_PASSES.slice(1)] as const
export type PassName = (typeof PASSES)[number]

export interface PassTimes {
  /** wall milliseconds per pass */
  passes: Record<PassName, number>
  /** CPU milliseconds (user + system) per pass */
  cpu: Record<PassName, number>
  /** wall and CPU milliseconds per semantic check (their sum is the `checks` pass) */
  checks: Record<string, { wallMs: number; cpuMs: number }>
  diagnostics: Diagnostic[]
  model: Model
  /** every file loaded, built-ins included */
  files: SourceFile[]
}

function zeroes(): Record<PassName, number> {
  return Object.fromEntries(PASSES.map((p) => [p, 0])) as Record<PassName, number>
}

/** `positionsFor`: absolute paths of the files whose positions to parse right after loading. */
export function timePasses(definitionsDir: string, positionsFor?: ReadonlySet<string>): PassTimes {
  const passes = zeroes()
  const cpu = zeroes()
  const checks: Record<string, { wallMs: number; cpuMs: number }> = {}
  let files: SourceFile[] = []
  const clock = <T>(run: () => T, add: (wallMs: number, cpuMs: number) => void): T => {
    const start = performance.now()
    const startCpu = cpuNow()
    try {
      return run()
    } finally {
      add(performance.now() - start, cpuNow() - startCpu)
    }
  }
  const observer: PipelineObserver = {
    pass: (name, run) =>
      clock(run, (wallMs, cpuMs) => {
        passes[name] += wallMs
        cpu[name] += cpuMs
      }),
    check: (check, run) =>
      clock(run, (wallMs, cpuMs) => {
        checks[check.name] = { wallMs, cpuMs }
      }),
    loaded: (loaded) => {
      files = loaded.map((f) => f.file)
      if (!positionsFor) return
      clock(
        () => {
          for (const file of files) if (positionsFor.has(file.absolutePath)) void file.nodes
        },
        (wallMs, cpuMs) => {
          passes.positions += wallMs
          cpu.positions += cpuMs
        },
      )
    },
  }
  const checked = checkWorkspace({ definitionsDir, builtins: true, observer })
  return { passes, cpu, checks, diagnostics: checked.diagnostics, model: checked.model, files }
}
