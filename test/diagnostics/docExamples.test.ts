// Every diagnostic example of docs/diagnostics.md (a line `path:line:col - error|warning
// CODE: message`, as the pretty format prints it) is a diagnostic botwire's tests produce:
// a line of some invalid fixture's expected.txt (which invalidFixtures.test.ts checks
// against a real run), or, for a condition a committed fixture cannot hold, a line that a
// named test asserts. The severity shown is the code's, from the catalog.
//
// Paths are compared exactly as the fixture prints them: relative to the fixture's
// `definitions/` folder (`integrations/openai.yaml`). An example may show the same path
// from the folder above it, as `botwire check` run from a project's root prints it
// (`definitions/integrations/openai.yaml`); that one leading `definitions/` is dropped
// before comparing. Nothing else is loosened: line, column, code and message must match.
// Related locations and code frames under an example are not compared.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { catalog } from '../../src/diagnostics/catalog.js'
import { invalidFixturesRoot } from '../support/invalidFixtures.js'

const repoRoot = join(import.meta.dirname, '..', '..')
const docPath = 'docs/diagnostics.md'
const doc = readFileSync(join(repoRoot, docPath), 'utf8')

// Examples for conditions a git checkout cannot hold (a file over the size limit, a link
// that leads nowhere or outside the folder): the test file that builds the condition in a
// temp folder and asserts this exact line, in the fixture form `file:line:col CODE message`.
const checkedElsewhere: Readonly<Record<string, string>> = {
  'definitions/huge.yaml:1:1 - error BW1006: file is 52428800 bytes; definition files may be at most 1048576 bytes': 'test/load/loadLimits.test.ts',
  'definitions/sales-bot.yaml:1:1 - error BW1007: cannot read file (broken link or no permission)': 'test/load/loadLimits.test.ts',
  'definitions/sales-bot.yaml:1:1 - error BW1007: cannot read file (a named pipe, not a regular file)': 'test/load/specialFiles.test.ts',
  'definitions/shared-bot.yaml:1:1 - error BW1009: symbolic link leads outside the definitions folder; it is not loaded': 'test/load/loadLimits.test.ts',
  'definitions/notes\\xff.yaml:1:1 - error BW1017: file name is not valid UTF-8 (its bad bytes are shown as \\xNN), so it cannot be read; rename it':
    'test/load/fileNames.test.ts',
}

interface Example {
  /** the line as the doc shows it */
  shown: string
  /** the same diagnostic as a fixture's expected.txt writes it */
  fixtureLine: string
  severity: string
  code: string
}

const examplePattern = /^(\S+):(\d+):(\d+) - (error|warning) (BW\d{4}): (.*)$/

function examples(): Example[] {
  const found: Example[] = []
  for (const shown of doc.split('\n')) {
    const match = examplePattern.exec(shown)
    if (!match) continue
    const [, path = '', line, column, severity = '', code = '', message] = match
    const file = path.startsWith('definitions/') ? path.slice('definitions/'.length) : path
    found.push({ shown, fixtureLine: `${file}:${line}:${column} ${code} ${message}`, severity, code })
  }
  return found
}

function fixtureLines(): Set<string> {
  const lines = new Set<string>()
  for (const name of readdirSync(invalidFixturesRoot)) {
    const expected = join(invalidFixturesRoot, name, 'expected.txt')
    if (!existsSync(expected)) continue
    for (const line of readFileSync(expected, 'utf8').split('\n')) if (line.trim() !== '') lines.add(line)
  }
  return lines
}

describe(`the diagnostic examples of ${docPath}`, () => {
  const all = examples()

  it('are all found: every line that shows a diagnostic has the example form', () => {
    // a line like `x.yaml:3 - error BW2002: ...` would otherwise escape the check below
    const looksLikeOne = doc.split('\n').filter((line) => / - (error|warning) BW\d{4}: /.test(line))
    expect(looksLikeOne.filter((line) => !examplePattern.test(line))).toEqual([])
    expect(all.length).toBeGreaterThan(100)
  })

  it('are each produced by an invalid fixture, or asserted by the test named for it', () => {
    const produced = fixtureLines()
    const unproduced = all.filter((example) => !produced.has(example.fixtureLine) && !(example.shown in checkedElsewhere))
    expect(
      unproduced.map((example) => example.shown),
      'no invalid fixture produces these examples (expected.txt lines are `file:line:col CODE message`)',
    ).toEqual([])
  })

  it('named elsewhere are each asserted, as written, by the test named for it', () => {
    const shown = new Set(all.map((example) => example.shown))
    expect(
      Object.keys(checkedElsewhere).filter((line) => !shown.has(line)),
      'no longer examples of the doc',
    ).toEqual([])
    const unasserted = all
      .filter((example) => example.shown in checkedElsewhere)
      .filter((example) => !readFileSync(join(repoRoot, checkedElsewhere[example.shown] ?? ''), 'utf8').includes(example.fixtureLine))
      .map((example) => `${example.shown}  (not in ${checkedElsewhere[example.shown]} as '${example.fixtureLine}')`)
    expect(unasserted).toEqual([])
  })

  it('show the severity of their code', () => {
    const wrong = all.filter((example) => {
      const entry = Object.hasOwn(catalog, example.code) ? catalog[example.code as keyof typeof catalog] : undefined
      return entry?.severity !== example.severity
    })
    expect(wrong.map((example) => example.shown)).toEqual([])
  })
})
