// A CPU quota for a child process of a benchmark (bench/processes.ts `--cpu-per-process`):
// the process is moved into a control group of its own whose quota is that share of one
// core, as if each process ran on a small machine of its own. Linux only, with the control
// groups writable (root, or a delegated group): cgroup v2 (`cpu.max`) or v1's cpu controller
// (`cpu.cfs_quota_us`). Anywhere else it throws, saying why: a benchmark asked for quotas
// never runs without them.
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = '/sys/fs/cgroup'
const PERIOD_US = 100_000

/** A control group limiting its processes to `cores` of one core; `add` moves a process in, `remove` deletes the group once its processes are gone. */
export interface CpuQuota {
  add(pid: number): void
  /** So far: the scheduler's periods in which the group ran, and in how many it used up its quota (cpu.stat). */
  throttling(): Throttling
  remove(): void
}

export interface Throttling {
  periods: number
  throttled: number
}

/** Why no CPU quota can be set here (not Linux, or the control groups not writable), or undefined when one can. */
export function cpuQuotaUnavailable(): string | undefined {
  try {
    cpuQuota(`botwire-bench-probe-${process.pid}`, 1).remove()
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}

export function cpuQuota(name: string, cores: number): CpuQuota {
  if (!(cores > 0 && cores <= 64)) throw new Error(`--cpu-per-process takes a share of a core above 0 (0.5 is half a core), not ${cores}`)
  const quota = String(Math.round(cores * PERIOD_US))
  const v2 = existsSync(join(ROOT, 'cgroup.controllers'))
  const folder = v2 ? join(ROOT, name) : join(ROOT, 'cpu', name)
  try {
    mkdirSync(folder)
    if (v2) writeFileSync(join(folder, 'cpu.max'), `${quota} ${PERIOD_US}`)
    else {
      writeFileSync(join(folder, 'cpu.cfs_period_us'), String(PERIOD_US))
      writeFileSync(join(folder, 'cpu.cfs_quota_us'), quota)
    }
  } catch (error) {
    if (existsSync(folder)) rmdirSync(folder)
    throw new Error(`--cpu-per-process needs a writable cpu control group (Linux, as root): ${(error as Error).message}`)
  }
  return {
    add: (pid) => writeFileSync(join(folder, 'cgroup.procs'), String(pid)),
    throttling: () => {
      // the same two lines in v1 and v2
      const stat = readFileSync(join(folder, 'cpu.stat'), 'utf8')
      const count = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(stat)?.[1] ?? Number.NaN)
      return { periods: count('nr_periods'), throttled: count('nr_throttled') }
    },
    remove: () => rmdirSync(folder),
  }
}
