// Enforcement (docs/versioning.md#enforcement): the bump the versions show must cover the bump the changes
// need; the version must not go down, nor stay while the content changed; below
// 1.0.0 the minor number is the breaking number. Plus version matching when a side
// holds several versions, and the programmatic API.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { zeroXNote } from '../../src/diff/compareSides.js'
import { DiffUsageError, diff } from '../../src/diff/index.js'
import { covers, declaredBump, interfaceVersionChange, rangeRelation, requiredBump } from '../../src/versioning/levels.js'
import { diffCase, fixturesDir, repoRoot, resultFor } from './support.js'

describe('enforcement', () => {
  it('fails when the bump is too small (major change, minor bump)', () => {
    const result = diffCase('enforce-too-small')
    const demo = resultFor(result, 'interface', 'demo')
    expect(demo).toMatchObject({ level: 'major', required: 'major', declared: 'minor', ok: false })
    expect(demo.problem).toBe('a major bump is needed (at least 2.0.0), but 1.0.0 -> 1.1.0 is a minor bump')
    expect(result.ok).toBe(false)
  })

  it('passes when the bump covers the change', () => {
    const result = diffCase('enforce-enough')
    expect(resultFor(result, 'interface', 'demo')).toMatchObject({ level: 'major', required: 'major', declared: 'major', ok: true })
    expect(result.ok).toBe(true)
  })

  it('fails when the version went down', () => {
    const demo = resultFor(diffCase('enforce-down'), 'interface', 'demo')
    expect(demo).toMatchObject({ declared: 'down', ok: false, problem: 'the version went down (1.2.0 -> 1.1.0)' })
    expect(demo.old?.version).toBe('1.2.0')
    expect(demo.changes.map((c) => c.message)).toEqual(["action 'count' added"])
  })

  it('fails when the content changed but the version did not', () => {
    const demo = resultFor(diffCase('enforce-same-version'), 'interface', 'demo')
    expect(demo).toMatchObject({ level: 'minor', declared: 'none', ok: false, problem: 'the content changed but the version did not (1.0.0)' })
  })

  it('passes when nothing changed and the version did not', () => {
    expect(resultFor(diffCase('unchanged'), 'interface', 'demo')).toMatchObject({
      status: 'unchanged',
      level: 'none',
      required: 'none',
      declared: 'none',
      ok: true,
    })
  })

  describe('below 1.0.0 the minor number is the breaking number', () => {
    it('a breaking change from 0.3.0 needs 0.4.0: required is minor', () => {
      const demo = resultFor(diffCase('enforce-zero-breaking-minor'), 'interface', 'demo')
      expect(demo).toMatchObject({ level: 'major', required: 'minor', declared: 'minor', ok: true })
      expect(demo.notes.join(' ')).toContain('below 1.0.0 the minor number is the breaking number')
    })

    it('words the rule with the bumps of the version at hand', () => {
      expect(zeroXNote('0.2.5')).toBe(
        'below 1.0.0 the minor number is the breaking number: a breaking change needs a minor bump (0.2.5 -> 0.3.0), an addition or a fix a patch bump (0.2.5 -> 0.2.6)',
      )
    })

    it('a breaking change from 0.3.0 to 0.3.1 fails', () => {
      const demo = resultFor(diffCase('enforce-zero-breaking-patch'), 'interface', 'demo')
      expect(demo).toMatchObject({ level: 'major', required: 'minor', declared: 'patch', ok: false })
      expect(demo.problem).toBe('a minor bump is needed (at least 0.4.0), but 0.3.0 -> 0.3.1 is a patch bump')
    })

    it('an addition from 0.3.0 needs only 0.3.1', () => {
      expect(resultFor(diffCase('enforce-zero-addition-patch'), 'interface', 'demo')).toMatchObject({
        level: 'minor',
        required: 'patch',
        declared: 'patch',
        ok: true,
      })
    })

    it('0.x -> 1.0.0 covers a breaking change', () => {
      expect(resultFor(diffCase('enforce-zero-to-one'), 'interface', 'demo')).toMatchObject({ level: 'major', required: 'minor', declared: 'major', ok: true })
    })
  })

  it('from a pre-release to its release any change is allowed, and said so', () => {
    const demo = resultFor(diffCase('enforce-prerelease'), 'interface', 'demo')
    expect(demo).toMatchObject({ level: 'major', ok: true })
    expect(demo.notes.join(' ')).toContain('2.0.0-rc.1 is a pre-release')
  })

  it('compares each new version with the highest lower version on either side, and says which', () => {
    const result = diffCase('enforce-several-versions')
    const demos = result.definitions.filter((d) => d.name === 'demo')
    expect(demos.map((d) => [d.new?.version, d.old?.version, d.old?.side, d.status, d.required, d.ok])).toEqual([
      ['1.0.0', '1.0.0', 'old', 'unchanged', 'none', true],
      ['1.1.0', '1.0.0', 'old', 'changed', 'minor', true],
      ['2.0.0', '1.1.0', 'new', 'changed', 'major', true],
    ])
    expect(demos[2]?.notes).toContain('compared with 1.1.0 of the new side, the highest version below 2.0.0')
  })

  it('reports a version gone from the new side as removed, without failing', () => {
    const result = diffCase('enforce-removed-version')
    expect(result.definitions.map((d) => [d.status, (d.new ?? d.old)?.version, d.ok])).toEqual([
      ['removed', '1.0.0', true],
      ['unchanged', '2.0.0', true],
    ])
    expect(result.ok).toBe(true)
  })

  it('reports a new definition as added', () => {
    const result = diffCase('enforce-added')
    expect(resultFor(result, 'integration', 'acme')).toMatchObject({ status: 'added', old: null, declared: null, ok: true })
    expect(result.ok).toBe(true)
  })

  it('reports a bot without a version but does not enforce a bump', () => {
    const bot = resultFor(diffCase('enforce-bot-unversioned'), 'bot', 'desk')
    expect(bot).toMatchObject({ level: 'patch', declared: null, ok: true })
    expect(bot.notes.join(' ')).toContain('no bump is enforced')
  })

  it('enforces a versioned bot: changed content needs a new version', () => {
    expect(resultFor(diffCase('enforce-bot-same-version'), 'bot', 'desk')).toMatchObject({ level: 'patch', required: 'patch', declared: 'none', ok: false })
  })

  it('a file that does not load fails the diff, and its definition is not reported as removed', () => {
    const result = diffCase('enforce-broken-file')
    expect(result.ok).toBe(false)
    expect(result.diagnostics.map((d) => [d.code, d.file])).toEqual([['BW1001', 'enforce-broken-file/new/demo.yaml']])
    expect(result.definitions.map((d) => [d.kind, d.name, d.status])).toEqual([['integration', 'acme', 'unchanged']])
  })
})

describe('the programmatic API', () => {
  it('diff() compares single files and returns plain data', () => {
    const result = diff({
      old: join(fixturesDir, 'input-bound', 'old', 'demo.yaml'),
      new: join(fixturesDir, 'input-bound', 'new', 'demo.yaml'),
      cwd: fixturesDir,
    })
    expect(JSON.parse(JSON.stringify(result))).toEqual(result)
    expect(result.definitions).toHaveLength(1)
    expect(result.definitions[0]).toMatchObject({
      kind: 'interface',
      name: 'demo',
      status: 'changed',
      required: 'major',
      declared: 'major',
      ok: true,
      old: { version: '1.0.0', file: 'input-bound/old/demo.yaml', side: 'old' },
    })
  })

  it('the built-in interfaces compared with themselves: no change', () => {
    const folder = join(repoRoot, 'definitions', 'interfaces')
    const result = diff({ old: folder, new: folder })
    expect(result.ok).toBe(true)
    expect(result.definitions.length).toBeGreaterThanOrEqual(7)
    expect(result.definitions.filter((d) => !(d.status === 'unchanged' && d.changes.length === 0))).toEqual([])
  })

  it('the whole example workspace compared with itself: no change', () => {
    const folder = join(repoRoot, 'definitions')
    const result = diff({ old: folder, new: folder })
    expect(result.ok).toBe(true)
    expect(result.definitions.filter((d) => !(d.status === 'unchanged'))).toEqual([])
  })

  it('throws DiffUsageError for a side that does not exist or a missing side', () => {
    expect(() => diff({ old: join(fixturesDir, 'nope'), new: fixturesDir })).toThrow(DiffUsageError)
    expect(() => diff({ old: fixturesDir })).toThrow(DiffUsageError)
    expect(() => diff({ old: fixturesDir, new: fixturesDir, against: 'HEAD' })).toThrow(DiffUsageError)
  })
})

describe('version arithmetic', () => {
  it('requiredBump shifts below 1.0.0', () => {
    expect(requiredBump('major', '1.2.3')).toBe('major')
    expect(requiredBump('major', '0.3.0')).toBe('minor')
    expect(requiredBump('minor', '0.3.0')).toBe('patch')
    expect(requiredBump('patch', '0.3.0')).toBe('patch')
    expect(requiredBump('none', '0.3.0')).toBe('none')
  })

  it('declaredBump reads semver.diff, pre-releases counting as the bump they lead to', () => {
    expect(declaredBump('1.2.3', '1.3.0')).toBe('minor')
    expect(declaredBump('1.2.3', '2.0.0-rc.1')).toBe('major')
    expect(declaredBump('1.2.3', '1.2.3+build')).toBe('none')
    expect(declaredBump('1.2.3', '1.2.2')).toBe('down')
    expect(declaredBump('2.0.0-rc.1', '2.0.0-rc.2')).toBe('prerelease')
  })

  it('covers', () => {
    expect(covers('1.0.0', '1.0.1', 'minor')).toMatchObject({ ok: false })
    expect(covers('1.0.0', '1.1.0', 'minor')).toMatchObject({ ok: true })
    expect(covers('1.0.0', '2.0.0', 'patch')).toMatchObject({ ok: true })
    expect(covers('1.0.0', '1.0.0', 'none')).toMatchObject({ ok: true })
    expect(covers('2.0.0-rc.1', '2.0.0-rc.2', 'minor')).toMatchObject({ ok: true })
  })

  it('interfaceVersionChange', () => {
    expect(interfaceVersionChange('1.0.0', '1.1.0')).toBe('minor')
    expect(interfaceVersionChange('1.0.0', '1.0.1')).toBe('patch')
    expect(interfaceVersionChange('1.0.0', '2.0.0')).toBe('major')
    expect(interfaceVersionChange('1.1.0', '1.0.0')).toBe('major')
    expect(interfaceVersionChange('0.3.0', '0.4.0')).toBe('major')
    expect(interfaceVersionChange('0.3.0', '0.3.1')).toBe('minor')
  })

  it('rangeRelation', () => {
    expect(rangeRelation('^1.0.0', '^1.1.0')).toBe('narrower')
    expect(rangeRelation('^1.1.0', '^1.0.0')).toBe('wider')
    expect(rangeRelation('^1.0.0', '1.x')).toBe('same')
    expect(rangeRelation('^1.0.0', '^2.0.0')).toBe('other')
  })
})
