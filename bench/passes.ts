// `checkWorkspace`, pass by pass: the same sequence as src/passes.ts, with a clock
// around each pass, so that the benchmark can say where the time goes.
import { performance } from 'node:perf_hooks'
import type { Diagnostic } from '../src/diagnostics/diagnostic.js'
import { checkBotAliases } from '../src/check/BotAliases.js'
import { checkConfiguration } from '../src/check/Configuration.js'
import { checkEntityCycles } from '../src/check/EntityCycle.js'
import { checkEntityExtension } from '../src/check/EntityExtension.js'
import { modelChecks } from '../src/check/index.js'
import { checkWiring } from '../src/check/Wiring.js'
import { loadWorkspace } from '../src/load/loadWorkspace.js'
import type { Model } from '../src/resolve/model.js'
import { resolveModel } from '../src/resolve/resolveModel.js'
import type { DefinitionSpec, RawDefinition } from '../src/validate/definitionTypes.js'
import { checkSchemaSanity } from '../src/validate/schemaSanity.js'
import { validateShape } from '../src/validate/validateShape.js'

export const PASSES = ['load+parse', 'shape', 'sanity', 'resolve', 'checks'] as const
export type PassName = (typeof PASSES)[number]

/** The checks by name, in the order `modelChecks` runs them. */
export const CHECKS: readonly { name: string; run: (model: Model) => Diagnostic[] }[] = [
  { name: 'EntityCycle', run: checkEntityCycles },
  { name: 'EntityExtension', run: checkEntityExtension },
  { name: 'Wiring', run: checkWiring },
  { name: 'BotAliases', run: checkBotAliases },
  { name: 'Configuration', run: checkConfiguration },
]
if (CHECKS.length !== modelChecks.length || CHECKS.some((c, i) => c.run !== modelChecks[i])) {
  throw new Error('bench/passes.ts: CHECKS no longer matches src/check/index.ts modelChecks; update the list')
}

export interface PassTimes {
  /** milliseconds per pass */
  passes: Record<PassName, number>
  /** milliseconds per semantic check (their sum is `passes.checks`) */
  checks: Record<string, number>
  diagnostics: number
  model: Model
}

export function timePasses(definitionsDir: string): PassTimes {
  const passes: Record<PassName, number> = { 'load+parse': 0, shape: 0, sanity: 0, resolve: 0, checks: 0 }
  const checks: Record<string, number> = {}
  let t = performance.now()
  const lap = (pass: PassName): void => {
    const now = performance.now()
    passes[pass] += now - t
    t = now
  }
  const loaded = loadWorkspace({ definitionsDir, builtins: true })
  lap('load+parse')
  const diagnostics: Diagnostic[] = [...loaded.diagnostics]
  const definitions: RawDefinition[] = []
  const broken = new Set<string>()
  for (const parsed of loaded.files) {
    if (!parsed.value) continue
    const shape = validateShape(parsed.file, parsed.value)
    lap('shape')
    diagnostics.push(...shape.diagnostics)
    if (shape.kind === null || shape.diagnostics.length > 0) {
      broken.add(`${String(parsed.value.kind)}/${String(parsed.value.name)}`)
      continue
    }
    const spec = parsed.value as unknown as DefinitionSpec
    const sanity = checkSchemaSanity(parsed.file, spec)
    lap('sanity')
    diagnostics.push(...sanity)
    if (sanity.some((d) => d.severity === 'error')) {
      broken.add(`${spec.kind}/${spec.name}`)
      continue
    }
    definitions.push({ file: parsed.file, spec })
  }
  t = performance.now()
  const { model, diagnostics: resolveDiagnostics } = resolveModel(definitions, broken)
  lap('resolve')
  diagnostics.push(...resolveDiagnostics)
  for (const check of CHECKS) {
    const start = performance.now()
    diagnostics.push(...check.run(model))
    checks[check.name] = performance.now() - start
  }
  lap('checks')
  return { passes, checks, diagnostics: diagnostics.length, model }
}
