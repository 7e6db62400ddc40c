// A file with errors still claims its (kind, name, version), and the claim takes part in
// the symbol table as a version that is present but broken. The invalid fixtures show
// what is and is not reported; these cases check what a fixture line does not show: the
// related location of a duplicate, read from the value or from the lines of a file that
// is not YAML, and that a claim's version is read by the meta-schemas' rule.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import semver from 'semver'
import { afterEach, describe, expect, it } from 'vitest'
import { toRecord } from '../../src/diagnostics/record.js'
import { schemasDir } from '../../src/load/packageRoot.js'
import { unparsedSourceFile } from '../../src/load/sourceFiles.js'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { claimedDefinitions } from '../../src/validate/claimedNames.js'
import { isExactVersion } from '../../src/validate/versions.js'

const folders: string[] = []

function check(files: Record<string, string>): { where: string; code: string; related: string[] }[] {
  const root = mkdtempSync(join(tmpdir(), 'botwire-claims-'))
  folders.push(root)
  mkdirSync(join(root, 'definitions'))
  for (const [path, content] of Object.entries(files)) writeFileSync(join(root, 'definitions', path), content)
  const definitionsDir = join(root, 'definitions')
  return checkWorkspace({ definitionsDir, builtins: false, cwd: definitionsDir }).diagnostics.map((d) => {
    const r = toRecord(d)
    return { where: `${r.file ?? '-'}:${r.line ?? 0}:${r.column ?? 0}`, code: r.code, related: r.related.map((x) => `${x.file}:${x.line}:${x.column}`) }
  })
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

const HEALTHY = 'kind: interface\nname: thing\nversion: 1.0.0\nentities: {}\nactions: {}\n'

describe('a duplicate of a file with errors', () => {
  it('is reported at the later file, with the first (shape error) as the related place', () => {
    const found = check({ 'a.yaml': 'kind: interface\nname: thing\nversion: 1.0.0\nentitys: {}\nactions: {}\n', 'b.yaml': HEALTHY })
    expect(found.find((d) => d.code === 'BW3001')).toEqual({ where: 'b.yaml:3:10', code: 'BW3001', related: ['a.yaml:3:10'] })
  })

  it('points at the version line of a file that is not YAML, read from its text', () => {
    const broken = 'kind: interface\nname: thing\nversion: "1.0.0"\ntitle: "Thing\nentities: {}\nactions: {}\n'
    expect(check({ 'a.yaml': HEALTHY, 'b.yaml': broken }).find((d) => d.code === 'BW3001')).toEqual({
      where: 'b.yaml:3:11',
      code: 'BW3001',
      related: ['a.yaml:3:10'],
    })
    expect(check({ 'a.yaml': broken, 'b.yaml': HEALTHY }).find((d) => d.code === 'BW3001')).toEqual({
      where: 'b.yaml:3:10',
      code: 'BW3001',
      related: ['a.yaml:3:11'],
    })
  })

  it('is not reported for two files with errors of unknown kind: neither is known to be an interface', () => {
    const found = check({ 'a.yaml': HEALTHY.replace('interface', 'interfase'), 'b.yaml': HEALTHY })
    expect(found.map((d) => d.code)).toEqual(['BW2001'])
  })
})

describe('a file whose name is none, beside other versions of the name it means', () => {
  const brokenTwo = 'kind: interface\nname: Thing\nversion: 2.0.0\nentities: {}\nactions: {}\n'
  const user = (version: string) => `kind: integration\nname: user\nversion: 1.0.0\ninterfaces:\n  thing: { name: thing, version: ${version}, entities: {} }\n`
  const plugin = (range: string) => `kind: plugin\nname: taker\nversion: 1.0.0\ninterfaces:\n  thing: { name: thing, version: '${range}' }\n`

  it('is what a reference to a version only it claims refers to: its one error is the only one', () => {
    const found = check({ 'thing-1.yaml': HEALTHY, 'thing-2.yaml': brokenTwo, 'user.yaml': user('2.0.0'), 'taker.yaml': plugin('^2.0.0') })
    expect(found.map((d) => `${d.where} ${d.code}`)).toEqual(['thing-2.yaml:2:7 BW2005'])
  })

  it('leaves a reference to a version neither file has reported', () => {
    const found = check({ 'thing-1.yaml': HEALTHY, 'thing-2.yaml': brokenTwo, 'user.yaml': user('1.5.0'), 'taker.yaml': plugin('^3.0.0') })
    expect(found.map((d) => `${d.where} ${d.code}`)).toEqual(['taker.yaml:5:34 BW4004', 'thing-2.yaml:2:7 BW2005', 'user.yaml:5:34 BW3005'])
  })
})

describe('what a file with errors claims', () => {
  it('reads kind, name and version from the lines of a file that is not YAML; a bot without a version line claims 0.0.0', () => {
    const file = (text: string) => unparsedSourceFile('/x.yaml', 'x.yaml', false, text)
    const claims = (text: string) => claimedDefinitions(file(text), null).map((c) => `${c.kind}/${c.name}@${c.version ?? '*'}${c.kindKnown ? '' : '?'}`)
    expect(claims('kind: integration\nname: notion\nversion: 2.1.0 # next\ntitle: "x\n')).toEqual(['integration/notion@2.1.0'])
    expect(claims('kind: bot\nname: notes-bot\ntitle: "x\n')).toEqual(['bot/notes-bot@0.0.0'])
    expect(claims('kind: integration\nname: notion\ntitle: "x\n')).toEqual(['integration/notion@*'])
    expect(claims('kind: integraton\nname: notion\nversion: 2.1.0\n')).toEqual([
      'interface/notion@2.1.0?',
      'integration/notion@2.1.0?',
      'plugin/notion@2.1.0?',
      'bot/notion@2.1.0?',
    ])
    expect(claims('title: "x\n')).toEqual([])
  })

  it("has a version only when it is one a definition may give: the meta-schemas' pattern, read by semver", () => {
    const common = JSON.parse(readFileSync(join(schemasDir, 'common.schema.json'), 'utf8')) as { definitions: { version: { pattern: string } } }
    const pattern = new RegExp(common.definitions.version.pattern)
    for (const version of ['1.0.0', '2.1.0-rc.1', '2.0.0+build.5', 'v2.1.0', '=1.0.0', '1.0', '01.0.0', '1.0.99999999999999999999', ' 1.0.0', '']) {
      expect(isExactVersion(version), version).toBe(pattern.test(version) && semver.valid(version) !== null)
    }
    expect(isExactVersion('v2.1.0')).toBe(false)
  })
})
