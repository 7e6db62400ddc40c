// Section 4: the type-check cost of the generated example (bench/typecheck.ts runs tsc).
import type { BenchContext } from '../context.js'
import { print, progress, table } from '../report.js'
import { typecheckGenerated } from '../typecheck.js'

export function typecheckSection(bench: BenchContext): void {
  if (bench.flags['no-tsc']) return
  progress('tsc --extendedDiagnostics on generated/')
  const stats = typecheckGenerated(bench.root)
  const lib = stats[0]
  print('### 4. Type-check cost of the generated example')
  print()
  print(
    "The code generated from the repository's example workspace, compiled by `tsc --extendedDiagnostics` with `strict`, `noUncheckedIndexedAccess`, `exactOptionalPropertyTypes` and no `skipLibCheck`. Instantiations and types are deterministic; check time is wall time on this machine. The reference platform's generated code for a small bot costs about 68,000 instantiations.",
  )
  print()
  table(
    ['project', 'files', 'types', 'instantiations', 'minus lib baseline', 'check s', 'exit'],
    stats.map((s) => [
      s.label,
      s.files ?? '?',
      s.types ?? '?',
      s.instantiations ?? '?',
      s === lib || s.instantiations === null || lib?.instantiations == null ? '' : s.instantiations - lib.instantiations,
      s.checkSeconds ?? '?',
      `${s.exitCode ?? '?'}${s.errors ? ` (${s.errors.split('\n')[0] ?? ''})` : ''}`,
    ]),
  )
}
