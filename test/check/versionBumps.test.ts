// The versions a workspace holds are checked against each other with diff's rules: a
// version whose bump is smaller than its changes need is BW4015, and `check` and `diff`
// agree on every pair, since they share one classification.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { diff } from '../../src/diff/index.js'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { tempDir } from '../support/cli.js'

const TICKETING = (version: string, statuses: string, extra = ''): string => `kind: interface
name: ticketing
version: ${version}
entities:
  ticket:
    schema:
      type: object
      properties:
        id: { type: string }
        status: { enum: [${statuses}] }
      required: [id, status]
actions:
  getTicket:
    input: { schema: { type: object, properties: { id: { type: string } }, required: [id] } }
    output: { schema: { type: object, properties: { ticket: { $entity: ticket } }, required: [ticket] } }
${extra}`

const NOTE_ACTION = `  addNote:
    input: { schema: { type: object, properties: { id: { type: string }, text: { type: string } }, required: [id, text] } }
    output: { schema: { type: object } }
`

/** Two versions of ticketing side by side: what check and diff say of them. */
function judge(lower: string, higher: string): { check: string[]; diffOk: boolean } {
  const dir = tempDir()
  mkdirSync(join(dir, 'old'))
  mkdirSync(join(dir, 'new'))
  writeFileSync(join(dir, 'old', 'ticketing.yaml'), lower)
  writeFileSync(join(dir, 'new', 'ticketing.yaml'), higher)
  const both = join(dir, 'both')
  mkdirSync(both)
  writeFileSync(join(both, 'lower.yaml'), lower)
  writeFileSync(join(both, 'higher.yaml'), higher)
  const checked = checkWorkspace({ definitionsDir: both, builtins: false, cwd: both })
  const result = diff({ old: join(dir, 'old'), new: join(dir, 'new'), builtins: false, cwd: dir })
  return { check: checked.diagnostics.map((d) => `${d.range?.file.displayPath ?? ''} ${d.code}`), diffOk: result.ok }
}

describe('versions in one workspace', () => {
  it('a breaking change under a minor bump is BW4015 at the higher version, and diff fails it too', () => {
    const verdict = judge(TICKETING('1.0.0', 'open, closed'), TICKETING('1.1.0', 'open, closed, archived'))
    expect(verdict).toEqual({ check: ['higher.yaml BW4015'], diffOk: false })
  })

  it('the same change under a major bump passes both', () => {
    expect(judge(TICKETING('1.0.0', 'open, closed'), TICKETING('2.0.0', 'open, closed, archived'))).toEqual({ check: [], diffOk: true })
  })

  it('an added action needs a minor bump: a patch bump is BW4015, a minor one passes', () => {
    expect(judge(TICKETING('1.0.0', 'open, closed'), TICKETING('1.0.1', 'open, closed', NOTE_ACTION))).toEqual({ check: ['higher.yaml BW4015'], diffOk: false })
    expect(judge(TICKETING('1.0.0', 'open, closed'), TICKETING('1.1.0', 'open, closed', NOTE_ACTION))).toEqual({ check: [], diffOk: true })
  })

  it('below 1.0.0 the minor number is the breaking one', () => {
    expect(judge(TICKETING('0.1.0', 'open, closed'), TICKETING('0.1.1', 'open, closed, archived')).check).toEqual(['higher.yaml BW4015'])
    expect(judge(TICKETING('0.1.0', 'open, closed'), TICKETING('0.2.0', 'open, closed, archived')).check).toEqual([])
  })

  it('each version is compared with the next lower one only', () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'a.yaml'), TICKETING('1.0.0', 'open, closed'))
    writeFileSync(join(dir, 'b.yaml'), TICKETING('2.0.0', 'open, closed, archived'))
    // compatible with 2.0.0, breaking against 1.0.0: only 2.0.0 -> 2.1.0 counts
    writeFileSync(join(dir, 'c.yaml'), TICKETING('2.1.0', 'open, closed, archived', NOTE_ACTION))
    expect(checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir }).diagnostics).toEqual([])
  })

  it('an interface and an integration of one name are not versions of each other (BW4015 and BW4014 compare one kind)', () => {
    const dir = tempDir()
    const member = (name: string): string => `  ${name}:\n    input: { schema: { type: object } }\n    output: { schema: { type: object } }\n`
    writeFileSync(join(dir, 'notes.yaml'), `kind: interface\nname: notes\nversion: 1.0.5\nentities: {}\nactions:\n${member('open')}`)
    writeFileSync(join(dir, 'notes-rc.yaml'), 'kind: interface\nname: notes\nversion: 1.0.0-RC.1\nentities: {}\nactions: {}\n')
    writeFileSync(join(dir, 'notes-integration-rc.yaml'), 'kind: integration\nname: notes\nversion: 1.0.0-rc.1\nactions: {}\n')
    writeFileSync(join(dir, 'notes-integration.yaml'), `kind: integration\nname: notes\nversion: 1.0.0\nactions:\n${member('close')}`)
    // removes 'close': breaking against the integration's 1.0.0, though the interface's 1.0.5 lies between them
    writeFileSync(join(dir, 'notes-integration-next.yaml'), 'kind: integration\nname: notes\nversion: 1.1.0\nactions: {}\n')
    const { diagnostics } = checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir })
    expect(diagnostics.map((d) => `${d.range?.file.displayPath ?? ''} ${d.code} ${d.related.map((r) => r.range.file.displayPath).join(' ')}`)).toEqual([
      'notes-integration-next.yaml BW4015 notes-integration.yaml notes-integration.yaml',
    ])
  })
})
