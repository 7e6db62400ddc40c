// Sections 7 and 11 run in a child process each, and their report is printed as part of
// this one (bench/childProcesses.ts): they import the runtime and the stores by package
// name, which tsconfig.test.json maps to the sources.
import { childBenchmark } from '../childProcesses.js'
import type { BenchContext } from '../context.js'
import { progress } from '../report.js'

/** Section 7, the runtime (bench/runtime.ts): receive, listMessages, streaming, through the generated bot. */
export function runtimeSection(bench: BenchContext): void {
  progress('section 7: the runtime')
  childBenchmark(bench, 'runtime.ts')
}

/** Section 11, the message stores (bench/stores.ts): a listMessages page on the in-memory, embedded and PostgreSQL stores (the machine's server). */
export function storesSection(bench: BenchContext): void {
  progress('section 11: the message stores')
  childBenchmark(bench, 'stores.ts')
}
