// Every folder in test/fixtures/invalid/ is named `<CODE>-<what>` and holds a
// `definitions/` workspace and `expected.txt`: the diagnostics `check` must report,
// one per line (`file:line:col CODE message`). UPDATE_GOLDEN=1 rewrites them.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { catalog } from '../../src/diagnostics/catalog.js'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { invalidFixtureNames as cases, invalidFixtureOptions, invalidFixturesRoot as root } from '../support/invalidFixtures.js'
import { fixtureLines } from '../support/renderForFixture.js'

const update = process.env.UPDATE_GOLDEN === '1'

describe('invalid fixtures', () => {
  it.each(cases)('%s', (name) => {
    const checked = checkWorkspace(invalidFixtureOptions(name))
    const actual = fixtureLines(checked.diagnostics)
    const expectedFile = join(root, name, 'expected.txt')
    if (update) writeFileSync(expectedFile, `${actual.join('\n')}\n`)
    const expected = readFileSync(expectedFile, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
    expect(actual).toEqual(expected)
    const code = name.split('-')[0] ?? ''
    expect(
      actual.some((line) => line.split(' ')[1] === code),
      `${name} must produce ${code}`,
    ).toBe(true)
  })
})

describe('the diagnostic catalog', () => {
  it('has a fixture for every code, and every fixture names a known code', () => {
    const covered = new Set(cases.map((name) => name.split('-')[0]))
    // BW1006, BW1007 and BW1009 need files a fixture cannot commit (huge, unreadable, symbolic links): test/load/loadLimits.test.ts covers them;
    // BW1017 a file name that is not UTF-8 (no portable checkout holds one): test/load/fileNames.test.ts covers it;
    // BW5002, BW5003, BW5007, BW5008 and BW5009 are about an output folder, not definitions: test/cli/generate.test.ts and test/write/ cover them
    const elsewhere = ['BW9001', 'BW9002', 'BW5001', 'BW5002', 'BW5003', 'BW5007', 'BW5008', 'BW5009', 'BW1006', 'BW1007', 'BW1009', 'BW1017']
    const codes = Object.keys(catalog).filter((code) => !elsewhere.includes(code))
    expect(codes.filter((code) => !covered.has(code))).toEqual([])
    expect([...covered].filter((code) => code === undefined || !(code in catalog))).toEqual([])
  })
})
