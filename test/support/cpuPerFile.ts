// The CPU each test file costs, for docs/testing.md#speed: with BOTWIRE_CPU_REPORT=<file>
// set, each test file appends a line to it when its tests are done:
// `<CPU ms>\t<of which system ms>\t<wall ms>\t<worker pid>\t<path>`. The CPU is the
// worker's own (user and system) and its child processes' that it waited for (the CLI,
// npm, tsc: Linux's /proc/self/stat, fields utime to cstime), so a file whose work is in
// child processes is counted whole; the wall time and the worker show how the files shared
// the workers. Without the variable (or off Linux) it does nothing.
import { appendFileSync, existsSync, readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'

const report = process.env.BOTWIRE_CPU_REPORT
const stat = '/proc/self/stat'

/** CPU milliseconds of this process and its waited-for children so far: in all, and in the system. */
function cpuMilliseconds(): { all: number; system: number } {
  // the command name (field 2) may hold spaces: fields are counted after its closing parenthesis
  const text = readFileSync(stat, 'utf8')
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
  // utime, stime, cutime, cstime are fields 14-17 of the file, 12-15 after the name; USER_HZ is 100 on Linux
  const [user, system, childUser, childSystem] = [11, 12, 13, 14].map((i) => Number(fields[i]) * 10) as [number, number, number, number]
  return { all: user + system + childUser + childSystem, system: system + childSystem }
}

if (report !== undefined && existsSync(stat)) {
  let before = { all: 0, system: 0 }
  let startedAt = 0
  beforeAll(() => {
    before = cpuMilliseconds()
    startedAt = performance.now()
  })
  afterAll(() => {
    const file = relative(process.cwd(), expect.getState().testPath ?? 'unknown')
    const after = cpuMilliseconds()
    const wall = Math.round(performance.now() - startedAt)
    appendFileSync(report, `${after.all - before.all}\t${after.system - before.system}\t${wall}\t${process.pid}\t${file}\n`)
  })
}
