// `generate --check` shows what differs in a stale file: a unified diff from the folder's
// text to what the definitions generate, cut at a bounded number of lines and files.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MAX_DIFF_FILES, MAX_DIFF_LINES, staleDiff } from '../../src/cli/staleDiff.js'
import { exampleWorkspace, runBotwire } from '../support/cli.js'

describe('generate --check', () => {
  it('shows each stale file as a short unified diff, the edited line removed and the generated one added', async () => {
    const dir = exampleWorkspace()
    expect((await runBotwire(['generate'], { cwd: dir })).code).toBe(0)
    const bot = join(dir, 'generated/bots/support-bot/v1.0.0.ts')
    writeFileSync(bot, readFileSync(bot, 'utf8').replace('priority?: string', 'priority?: number'))
    const result = await runBotwire(['generate', '--check'], { cwd: dir })
    expect(result.code).toBe(1)
    const lines = result.stdout.split('\n')
    const at = lines.indexOf('stale: generated/bots/support-bot/v1.0.0.ts')
    expect(lines.slice(at + 1, at + 3)).toEqual([
      '--- generated/bots/support-bot/v1.0.0.ts (in the folder)',
      '+++ generated/bots/support-bot/v1.0.0.ts (generated from the definitions)',
    ])
    expect(lines[at + 3]).toMatch(/^@@ -\d+,\d+ \+\d+,\d+ @@$/)
    expect(lines).toContainEqual(expect.stringMatching(/^-\s+priority\?: number \| undefined$/))
    expect(lines).toContainEqual(expect.stringMatching(/^\+\s+priority\?: string \| undefined$/))
    expect(lines.at(-2)).toBe('generated is out of date: run botwire generate')
  })

  it('cuts a long diff, and says how much it left out', async () => {
    const current = Array.from({ length: 200 }, (_, i) => `line ${i}`).join('\n')
    const expected = Array.from({ length: 200 }, (_, i) => `line ${i}${i % 2 === 0 ? ' changed' : ''}`).join('\n')
    const lines = staleDiff('x.ts', current, expected)
    expect(lines).toHaveLength(MAX_DIFF_LINES + 1)
    expect(lines.at(-1)).toMatch(/^\.\.\. \d+ more lines of differences$/)
  })

  it(`shows the diffs of at most ${MAX_DIFF_FILES} files`, async () => {
    const dir = exampleWorkspace()
    expect((await runBotwire(['generate'], { cwd: dir })).code).toBe(0)
    const manifest = JSON.parse(readFileSync(join(dir, 'generated/botwire-manifest.json'), 'utf8')) as { files: { path: string }[] }
    const typescript = manifest.files.map((f) => f.path).filter((p) => p.endsWith('.ts'))
    expect(typescript.length).toBeGreaterThan(MAX_DIFF_FILES)
    for (const path of typescript) writeFileSync(join(dir, 'generated', path), `// edited\n${readFileSync(join(dir, 'generated', path), 'utf8')}`)
    const stdout = (await runBotwire(['generate', '--check'], { cwd: dir })).stdout
    expect(stdout.match(/^stale: /gm)).toHaveLength(typescript.length)
    expect(stdout.match(/^--- /gm)).toHaveLength(MAX_DIFF_FILES)
    expect(stdout).toContain('(differences of the other stale files not shown)\n')
  })
})
