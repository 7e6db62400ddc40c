// Sections 7, 11 and 12 run in a child process each, and their report is printed as part of
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

/** Section 12, the host (bench/host.ts): messages per second through the webhook, the reply delivered, on the in-memory, embedded and PostgreSQL stores. */
export function hostSection(bench: BenchContext): void {
  progress('section 12: the host')
  childBenchmark(bench, 'host.ts')
}

/** Section 13, several processes (bench/processes.ts): messages per second through 1, 2 and 3 hosts on one PostgreSQL schema. */
export function processesSection(bench: BenchContext): void {
  progress('section 13: several processes on one PostgreSQL')
  childBenchmark(bench, 'processes.ts')
}
