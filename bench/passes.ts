// `checkWorkspace`, pass by pass: the same sequence as src/pipeline/checkWorkspace.ts, with a clock
// around each pass, so that the benchmark can say where the time goes.
import { performance } from 'node:perf_hooks'
import type { Diagnostic } from '../src/diagnostics/diagnostic.js'
import { checkBotAliases } from '../src/check/botAliases.js'
import { checkConfiguration } from '../src/check/configuration.js'
import { checkEntityCycles } from '../src/check/entityCycle.js'
import { checkEntitiesInhabited } from '../src/check/entityInhabited.js'
import { checkEntityExtension } from '../src/check/entityExtension.js'
import { checkEntityValues } from '../src/check/entityValues.js'
import { modelChecks } from '../src/check/index.js'
import { checkVersionFileNames } from '../src/check/versionFileNames.js'
import { checkWiring } from '../src/check/wiring.js'
import { claimedDefinitions, type ClaimedDefinition } from '../src/validate/claimedNames.js'
import { loadWorkspace } from '../src/load/loadWorkspace.js'
import type { SourceFile } from '../src/source/sourceFile.js'
import type { Model } from '../src/resolve/model.js'
import { resolveModel } from '../src/resolve/resolveModel.js'
import type { DefinitionSpec, RawDefinition } from '../src/validate/definitionTypes.js'
import { checkSchemaSanity } from '../src/validate/schemaSanity.js'
import { validateShape } from '../src/validate/validateShape.js'

// 'load' is `loadWorkspace`: read every file, parse it on the fast path (js-yaml 4) or,
// for files the fast path turns away, on the careful path (yaml with positions).
// 'positions' is the node tree with positions of the fast-path files that a diagnostic
// will point into (js-yaml read again with its node events): `checkWorkspace` builds
// them lazily, inside whichever pass first reports into the file; given `positionsFor`, `timePasses` asks for them right
// after loading instead, so that each pass's time is its own work. Without it, the
// positions count towards the passes that report (and 'positions' is 0).
export const PASSES = ['load', 'positions', 'shape', 'sanity', 'resolve', 'checks'] as const
export type PassName = (typeof PASSES)[number]

/** The checks by name, in the order `modelChecks` runs them. */
export const CHECKS: readonly { name: string; run: (model: Model) => Diagnostic[] }[] = [
  { name: 'EntityCycle', run: checkEntityCycles },
  { name: 'EntityInhabited', run: checkEntitiesInhabited },
  { name: 'EntityValues', run: checkEntityValues },
  { name: 'EntityExtension', run: checkEntityExtension },
  { name: 'Wiring', run: checkWiring },
  { name: 'BotAliases', run: checkBotAliases },
  { name: 'Configuration', run: checkConfiguration },
  { name: 'VersionFileNames', run: checkVersionFileNames },
]
if (CHECKS.length !== modelChecks.length || CHECKS.some((c, i) => c.run !== modelChecks[i])) {
  throw new Error('bench/passes.ts: CHECKS no longer matches src/check/index.ts modelChecks; update the list')
}

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

function cpuNow(): number {
  const usage = process.cpuUsage()
  return (usage.user + usage.system) / 1000
}

/** `positionsFor`: absolute paths of the files whose positions to parse right after loading. */
export function timePasses(definitionsDir: string, positionsFor?: ReadonlySet<string>): PassTimes {
  const passes: Record<PassName, number> = { load: 0, positions: 0, shape: 0, sanity: 0, resolve: 0, checks: 0 }
  const cpu: Record<PassName, number> = { load: 0, positions: 0, shape: 0, sanity: 0, resolve: 0, checks: 0 }
  const checks: Record<string, { wallMs: number; cpuMs: number }> = {}
  let t = performance.now()
  let c = cpuNow()
  const lap = (pass: PassName): void => {
    const now = performance.now()
    const cpuAt = cpuNow()
    passes[pass] += now - t
    cpu[pass] += cpuAt - c
    t = now
    c = cpuAt
  }
  const loaded = loadWorkspace({ definitionsDir, builtins: true })
  lap('load')
  if (positionsFor) for (const { file } of loaded.files) if (positionsFor.has(file.absolutePath)) void file.nodes
  lap('positions')
  const diagnostics: Diagnostic[] = [...loaded.diagnostics]
  const definitions: RawDefinition[] = []
  const claims: ClaimedDefinition[] = []
  for (const parsed of loaded.files) {
    if (!parsed.value) {
      if (parsed.diagnostics.length > 0) claims.push(...claimedDefinitions(parsed.file, null))
      continue
    }
    const shape = validateShape(parsed.file, parsed.value)
    lap('shape')
    diagnostics.push(...shape.diagnostics)
    const spec = parsed.value as unknown as DefinitionSpec
    if (shape.kind === null || shape.diagnostics.length > 0) {
      if (shape.kind !== null) diagnostics.push(...checkSchemaSanity(parsed.file, spec, shape.diagnostics))
      lap('sanity')
      claims.push(...claimedDefinitions(parsed.file, parsed.value))
      continue
    }
    const sanity = checkSchemaSanity(parsed.file, spec)
    lap('sanity')
    diagnostics.push(...sanity)
    if (sanity.some((d) => d.severity === 'error')) {
      claims.push(...claimedDefinitions(parsed.file, parsed.value))
      continue
    }
    definitions.push({ file: parsed.file, spec })
  }
  const { model, diagnostics: resolveDiagnostics } = resolveModel(definitions, claims)
  lap('resolve')
  diagnostics.push(...resolveDiagnostics)
  for (const check of CHECKS) {
    const start = performance.now()
    const startCpu = cpuNow()
    diagnostics.push(...check.run(model))
    checks[check.name] = { wallMs: performance.now() - start, cpuMs: cpuNow() - startCpu }
  }
  lap('checks')
  return { passes, cpu, checks, diagnostics, model, files: loaded.files.map((f) => f.file) }
}
