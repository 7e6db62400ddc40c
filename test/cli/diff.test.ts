// `botwire diff` as a user runs it (the command line's entry function, in this worker; see
// test/support/cli.ts). Exit codes (0 ok, 1 not bumped enough, 2 bad usage), pretty and JSON
// output, colors (never with NO_COLOR, never off a TTY unless forced), and
// `--against REF` on a throwaway git repository.
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DefinitionDiff } from '../../src/diff/types.js'
import { fixturesDir, repoRoot } from '../diff/support.js'
import { type CliResult, runBotwire } from '../support/cli.js'

function botwire(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return runBotwire(['diff', ...args], { cwd: repoRoot, env })
}

const fixture = (name: string, side: 'old' | 'new'): string => join('test', 'fixtures', 'diff', name, side)
const ESC = '\u001b['

describe.concurrent('botwire diff (CLI)', () => {
  it('the built-in interfaces against themselves: no change, exit 0', async () => {
    const run = await botwire(['definitions/interfaces', 'definitions/interfaces'])
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^no changes \(\d+ definitions compared\); every version is bumped enough\n$/)
  })

  it('a bump that is too small: each change with path, file:line:col and level; the summary line; exit 1', async () => {
    const run = await botwire([fixture('enforce-too-small', 'old'), fixture('enforce-too-small', 'new')])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('interface demo 1.0.0 -> 1.1.0')
    expect(run.stdout).toContain('major /actions/search/input/schema/required/1 test/fixtures/diff/enforce-too-small/new/demo.yaml:28:27')
    expect(run.stdout).toContain(
      "input of action 'search' rejects values it accepted: property 'limit' is required by the new schema but optional in the old schema",
    )
    expect(run.stdout).toContain('> 28 |         required: [query, limit]')
    expect(run.stdout).toContain('required: major, declared: minor (1.0.0 -> 1.1.0) FAIL: a major bump is needed (at least 2.0.0)')
    expect(run.stdout).toContain('1 definition fails the version check')
    expect(run.stdout).not.toContain(ESC)
  })

  it('a bump that covers the changes: exit 0', async () => {
    const run = await botwire([fixture('enforce-enough', 'old'), fixture('enforce-enough', 'new'), '--no-frames'])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('required: major, declared: major (1.0.0 -> 2.0.0) ok')
    expect(run.stdout).not.toContain(' | ')
  })

  it('says how versions below 1.0.0 are read', async () => {
    const run = await botwire([fixture('enforce-zero-breaking-patch', 'old'), fixture('enforce-zero-breaking-patch', 'new')])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('required: minor (a major change below 1.0.0), declared: patch (0.3.0 -> 0.3.1)')
    expect(run.stdout).toContain('below 1.0.0 the minor number is the breaking number')
  })

  it('a version that went down, and a changed file with the same version: exit 1', async () => {
    const down = await botwire([fixture('enforce-down', 'old'), fixture('enforce-down', 'new')])
    expect(down.code).toBe(1)
    expect(down.stdout).toContain('FAIL: the version went down (1.2.0 -> 1.1.0)')
    const same = await botwire([fixture('enforce-same-version', 'old'), fixture('enforce-same-version', 'new')])
    expect(same.code).toBe(1)
    expect(same.stdout).toContain('FAIL: the content changed but the version did not (1.0.0)')
  })

  it('--format json: an array of definition results', async () => {
    const run = await botwire([fixture('enforce-too-small', 'old'), fixture('enforce-too-small', 'new'), '--format', 'json'])
    expect(run.code).toBe(1)
    const results = JSON.parse(run.stdout) as DefinitionDiff[]
    expect(Array.isArray(results)).toBe(true)
    expect(results).toHaveLength(1)
    expect(results[0]).toMatchObject({
      kind: 'interface',
      name: 'demo',
      status: 'changed',
      old: { version: '1.0.0', file: 'test/fixtures/diff/enforce-too-small/old/demo.yaml', side: 'old' },
      new: { version: '1.1.0', file: 'test/fixtures/diff/enforce-too-small/new/demo.yaml', side: 'new' },
      level: 'major',
      required: 'major',
      declared: 'minor',
      ok: false,
    })
    expect(results[0]?.changes).toEqual([
      {
        level: 'major',
        message: "input of action 'search' rejects values it accepted: property 'limit' is required by the new schema but optional in the old schema",
        path: '/actions/search/input/schema/required/1',
        side: 'new',
        file: 'test/fixtures/diff/enforce-too-small/new/demo.yaml',
        line: 28,
        column: 27,
      },
    ])
  })

  it('--format json with nothing changed: exit 0', async () => {
    const run = await botwire(['definitions/interfaces', 'definitions/interfaces', '--format', 'json'])
    expect(run.code).toBe(0)
    const results = JSON.parse(run.stdout) as DefinitionDiff[]
    expect(results.filter((r) => !(r.status === 'unchanged' && r.ok))).toEqual([])
  })

  it('colors: only when forced (or on a TTY), never with NO_COLOR', async () => {
    const args = [fixture('enforce-too-small', 'old'), fixture('enforce-too-small', 'new')]
    const forced = await botwire(args, { FORCE_COLOR: '1' })
    expect(forced.stdout).toContain(ESC)
    const noColor = await botwire(args, { FORCE_COLOR: '1', NO_COLOR: '1' })
    expect(noColor.stdout).not.toContain(ESC)
    expect(noColor.stdout).toContain('required: major, declared: minor (1.0.0 -> 1.1.0)')
  })

  it('a file that does not load: the error, and exit 1', async () => {
    const run = await botwire([fixture('enforce-broken-file', 'old'), fixture('enforce-broken-file', 'new')])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('test/fixtures/diff/enforce-broken-file/new/demo.yaml:62:1 - error BW1001')
    // the verdict covers what was compared, and says that it is not everything
    expect(run.stdout).toMatch(/; every version compared is bumped enough, but some files could not be compared \(see the errors above\)\n$/)
    expect(run.stdout).not.toContain('every version is bumped enough')
    // nothing loaded on either side: nothing to call bumped enough
    const broken = join(fixture('enforce-broken-file', 'new'), 'demo.yaml')
    const none = await botwire([broken, broken])
    expect(none.code).toBe(1)
    expect(none.stdout).toMatch(/; nothing could be compared \(see the errors above\)\n$/)
  })

  it('bad usage: exit 2 with one line', async () => {
    const none = await botwire([])
    expect(none.code).toBe(2)
    expect(none.stderr).toContain('botwire: error BW9002: usage: botwire diff OLD NEW')
    const missing = await botwire(['test/fixtures/diff/nope', 'definitions'])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('old side not found: test/fixtures/diff/nope')
    const both = await botwire(['a', 'b', '--against', 'HEAD'])
    expect(both.code).toBe(2)
    const format = await botwire(['definitions', 'definitions', '--format', 'xml'])
    expect(format.code).toBe(2)
  })
})

describe('botwire diff --against REF', () => {
  let repo: string
  let outside: string
  const git = (...args: string[]): void => {
    execFileSync(
      'git',
      ['-c', 'user.name=botwire test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', '-c', 'init.defaultBranch=main', ...args],
      { cwd: repo, stdio: 'ignore' },
    )
  }

  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), 'botwire-diff-repo-'))
    outside = mkdtempSync(join(tmpdir(), 'botwire-diff-plain-'))
    mkdirSync(join(outside, 'defs'))
    git('init', '-q')
    mkdirSync(join(repo, 'defs', 'interfaces'), { recursive: true })
    copyFileSync(join(fixturesDir, 'enforce-too-small', 'old', 'demo.yaml'), join(repo, 'defs', 'interfaces', 'demo.yaml'))
    git('add', '.')
    git('commit', '-q', '-m', 'demo 1.0.0')
    // the work tree moves on: demo 1.1.0 with a breaking change
    copyFileSync(join(fixturesDir, 'enforce-too-small', 'new', 'demo.yaml'), join(repo, 'defs', 'interfaces', 'demo.yaml'))
  })

  afterAll(() => {
    rmSync(repo, { recursive: true, force: true })
    rmSync(outside, { recursive: true, force: true })
  })

  it('compares the definitions folder with the same folder at the revision', async () => {
    const run = await botwire(['--against', 'HEAD', '--definitions', join(repo, 'defs'), '--no-frames'])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('HEAD:defs/interfaces/demo.yaml ->')
    expect(run.stdout).toContain('required: major, declared: minor (1.0.0 -> 1.1.0)')
    const json = await botwire(['--against', 'HEAD', '--definitions', join(repo, 'defs'), '--format', 'json'])
    const [result] = JSON.parse(json.stdout) as DefinitionDiff[]
    expect(result?.old).toEqual({ version: '1.0.0', file: 'HEAD:defs/interfaces/demo.yaml', side: 'old' })
  })

  it('an unknown revision is bad usage', async () => {
    const run = await botwire(['--against', 'no-such-branch', '--definitions', join(repo, 'defs')])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain("unknown git revision 'no-such-branch'")
  })

  it('a folder outside any git repository is bad usage', async () => {
    const run = await botwire(['--against', 'HEAD', '--definitions', join(outside, 'defs')])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('--against needs a git repository')
  })
})
