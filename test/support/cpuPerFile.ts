// The CPU each test file costs, for docs/testing.md#speed: with BOTWIRE_CPU_REPORT=<file>
// set, each test file appends a line `<CPU ms>\t<path>` to it when its tests are done. The
// CPU is the worker's own (user and system) and its child processes' that it waited for
// (the CLI, npm, tsc: Linux's /proc/self/stat, fields utime to cstime), so a file whose
// work is in child processes is counted whole. Without the variable (or off Linux) it does
// nothing.
import { appendFileSync, existsSync, readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'

const report = process.env.BOTWIRE_CPU_REPORT
const stat = '/proc/self/stat'

/** CPU milliseconds of this process and its waited-for children so far. */
function cpuMilliseconds(): number {
  // the command name (field 2) may hold spaces: fields are counted after its closing parenthesis
  const text = readFileSync(stat, 'utf8')
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
  // utime, stime, cutime, cstime are fields 14-17 of the file, 12-15 after the name
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0)
  return ticks * 10 // USER_HZ is 100 on Linux
}

if (report !== undefined && existsSync(stat)) {
  let before = 0
  beforeAll(() => {
    before = cpuMilliseconds()
  })
  afterAll(() => {
    const file = relative(process.cwd(), expect.getState().testPath ?? 'unknown')
    appendFileSync(report, `${cpuMilliseconds() - before}\t${file}\n`)
  })
}
