// The index of an analysis on the incremental engine reuses the occurrences of every
// definition the engine kept (the same model object): after each edit it must list exactly
// the occurrences a fresh run's index lists.
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { workspaceAnalysis } from '../../src/lsp/analysis.js'
import { buildIndex } from '../../src/lsp/workspaceIndex.js'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'

const root = realpathSync(mkdtempSync(join(tmpdir(), 'botwire-index-reuse-')))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const definitionsDir = join(root, 'definitions')
cpSync(join(import.meta.dirname, '..', 'fixtures', 'valid', 'plugin-wired-twice', 'definitions'), definitionsDir, { recursive: true })

function listed(index: ReturnType<typeof buildIndex>): string[] {
  return [...index.occurrencesByFile.values()].flatMap((list) =>
    list.map((o) => `${o.path.slice(root.length)}:${o.start}-${o.end} ${o.symbol.id}${o.declaration ? ' (declaration)' : ''}`),
  )
}

it('lists the same occurrences as a fresh run after edits of an interface, a bot and a plugin', () => {
  const analysis = workspaceAnalysis({ definitionsDir, builtins: true, cwd: root })
  const text = (file: string): string => readFileSync(join(definitionsDir, file), 'utf8')
  const edits: [string, (t: string) => string][] = [
    ['translate.yaml', (t) => t.replaceAll('language', 'tongue')],
    ['bot.yaml', (t) => `${t}\n# a comment that moves nothing\n`],
    ['translate.yaml', (t) => `# moved down\n${t}`],
    ['polyglot.yaml', (t) => t.replace('translate', 'translte')],
  ]
  const overlay = new Map<string, string>()
  const first = buildIndex(analysis.analyze(overlay))
  expect(listed(first).length).toBeGreaterThan(20)
  for (const [file, edit] of edits) {
    const path = join(definitionsDir, file)
    overlay.set(path, edit(overlay.get(path) ?? text(file)))
    const incremental = listed(buildIndex(analysis.analyze(overlay)))
    const fresh = listed(buildIndex(checkWorkspace({ definitionsDir, builtins: true, cwd: root, overlay }), new WeakMap()))
    expect(incremental).toEqual(fresh)
  }
})
