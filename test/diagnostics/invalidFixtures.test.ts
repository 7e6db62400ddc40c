// Every folder in test/fixtures/invalid/ is named `<CODE>-<what>` and holds a
// `definitions/` workspace and `expected.txt`: the diagnostics `check` must report, each
// as its line (`file:line:col CODE message`) with the source line and a caret under it,
// and its related locations (test/support/renderForFixture.ts). `UPDATE_GOLDEN=1` writes
// them, for any folder, a new one included:
//
//   UPDATE_GOLDEN=1 npx vitest run test/diagnostics/invalidFixtures.test.ts
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { catalog } from '../../src/diagnostics/catalog.js'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { invalidFixtureNames as cases, invalidFixtureOptions, invalidFixturesRoot as root } from '../support/invalidFixtures.js'
import { renderBaseline } from '../support/renderForFixture.js'

const update = process.env.UPDATE_GOLDEN === '1'
const rewrite = 'UPDATE_GOLDEN=1 npx vitest run test/diagnostics/invalidFixtures.test.ts'

describe('invalid fixtures', () => {
  it.each(cases)('%s', (name) => {
    const checked = checkWorkspace(invalidFixtureOptions(name))
    const actual = renderBaseline(checked.diagnostics)
    const expectedFile = join(root, name, 'expected.txt')
    if (update) writeFileSync(expectedFile, actual)
    expect(existsSync(expectedFile), `${name} has no expected.txt: write it with \`${rewrite}\`, and read it`).toBe(true)
    expect(actual, `${name}/expected.txt (-) is not what check reports (+). If the change is meant, rewrite it with \`${rewrite}\` and review the diff`).toBe(
      readFileSync(expectedFile, 'utf8'),
    )
    const code = name.split('-')[0] ?? ''
    expect(
      checked.diagnostics.map((d) => d.code),
      `${name} must produce ${code}`,
    ).toContain(code)
  })
})

describe('the diagnostic catalog', () => {
  it('has a fixture for every code, and every fixture names a known code', () => {
    const covered = new Set(cases.map((name) => name.split('-')[0]))
    // BW1006, BW1007 and BW1009 need files a fixture cannot commit (huge, unreadable, symbolic links): test/load/loadLimits.test.ts covers them;
    // BW1017 a file name that is not UTF-8 (no portable checkout holds one): test/load/fileNames.test.ts covers it;
    // BW5002, BW5003, BW5007, BW5008, BW5009 and BW5010 are about an output folder, not definitions: test/cli/generate.test.ts and test/write/ cover them
    const elsewhere = ['BW9001', 'BW9002', 'BW5001', 'BW5002', 'BW5003', 'BW5007', 'BW5008', 'BW5009', 'BW5010', 'BW1006', 'BW1007', 'BW1009', 'BW1017']
    const codes = Object.keys(catalog).filter((code) => !elsewhere.includes(code))
    expect(codes.filter((code) => !covered.has(code))).toEqual([])
    expect([...covered].filter((code) => code === undefined || !(code in catalog))).toEqual([])
  })
})
