// Load problems that a committed fixture cannot hold (huge files, symbolic links), what a
// file must be to be read at all (UTF-8 text: test/fixtures/invalid/BW1008-file-not-utf8
// holds two that are not), and the bounds that keep hostile input cheap: each case builds
// its workspace in a temp folder and checks it. Every case here runs in well under a second.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadLimits } from '../../src/load/limits.js'
import { builtinDefinitionsDir } from '../../src/load/packageRoot.js'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { fixtureLines } from '../support/renderForFixture.js'

const folders: string[] = []

function workspace(files: Record<string, string | Buffer> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'botwire-'))
  folders.push(root)
  const definitionsDir = join(root, 'definitions')
  mkdirSync(definitionsDir)
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(definitionsDir, path, '..'), { recursive: true })
    writeFileSync(join(definitionsDir, path), content)
  }
  return definitionsDir
}

function check(definitionsDir: string) {
  const checked = checkWorkspace({ definitionsDir, builtins: false, cwd: definitionsDir })
  return { ...checked, lines: fixtureLines(checked.diagnostics), codes: checked.diagnostics.map((d) => d.code) }
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

const SUPPORT_BOT = 'kind: bot\nname: support-bot\n'

describe('alias expansion', () => {
  it('stops a billion-laughs alias bomb (9 levels) with BW1005', () => {
    const levels = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']
    const lines = [SUPPORT_BOT.trimEnd(), 'x-a: &a "lol"']
    for (let i = 1; i < levels.length; i++) {
      const previous = `*${levels[i - 1] ?? ''}`
      lines.push(`x-${levels[i] ?? ''}: &${levels[i] ?? ''} [${Array(9).fill(previous).join(', ')}]`)
    }
    const { lines: shown, codes } = check(workspace({ 'support-bot.yaml': `${lines.join('\n')}\n` }))
    expect(codes).toEqual(['BW1005'])
    // at the 51st alias (x-g's sixth): more than a file may use
    expect(shown[0]).toMatch(/^support-bot\.yaml:9:30 BW1005 /)
  })

  it('stops an expansion by fewer than 50 aliases (4 levels of 9) with BW1005, at the start of the file', () => {
    const lines = [SUPPORT_BOT.trimEnd(), 'x-a: &a "lol"']
    for (const [name, previous] of [
      ['b', 'a'],
      ['c', 'b'],
      ['d', 'c'],
    ])
      lines.push(`x-${name}: &${name} [${Array(9).fill(`*${previous}`).join(', ')}]`)
    const { lines: shown, codes } = check(workspace({ 'support-bot.yaml': `${lines.join('\n')}\n` }))
    expect(codes).toEqual(['BW1005'])
    expect(shown[0]).toMatch(/^support-bot\.yaml:1:1 BW1005 /)
  })

  it('accepts a few ordinary aliases', () => {
    const text = `${SUPPORT_BOT}title: &t Support\ndescription: *t\n`
    expect(check(workspace({ 'support-bot.yaml': text })).codes).toEqual([])
  })
})

describe('file size', () => {
  it('reports a 50 MiB file with BW1006 without reading it', () => {
    const dir = workspace()
    writeFileSync(join(dir, 'huge.yaml'), Buffer.alloc(50 * 1024 * 1024, 'a'))
    const { diagnostics, lines } = check(dir)
    // written out: docs/diagnostics.md shows this line, and test/diagnostics/docExamples.test.ts finds it here
    expect(lines).toEqual(['huge.yaml:1:1 BW1006 file is 52428800 bytes; definition files may be at most 1048576 bytes'])
    // nothing of the file was kept: it was measured, not read
    expect(diagnostics[0]?.range?.file.text).toBe('')
  })

  it('reads a file of exactly the bound, and reports one byte more', () => {
    const padding = (size: number): string => `${SUPPORT_BOT}description: ${'x'.repeat(size - SUPPORT_BOT.length - 'description: '.length - 1)}\n`
    const atBound = padding(loadLimits.maxFileBytes)
    expect(Buffer.byteLength(atBound)).toBe(loadLimits.maxFileBytes)
    expect(check(workspace({ 'support-bot.yaml': atBound })).codes).toEqual([])
    expect(check(workspace({ 'support-bot.yaml': padding(loadLimits.maxFileBytes + 1) })).codes).toEqual(['BW1006'])
  })
})

describe('file content', () => {
  it('reports a binary file with BW1008', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52])
    const { lines } = check(workspace({ 'logo.yaml': png }))
    expect(lines).toEqual(['logo.yaml:1:1 BW1008 file is not UTF-8 text'])
  })

  it('reports text in another encoding (Latin-1) with BW1008', () => {
    const latin1 = Buffer.from(`${SUPPORT_BOT}title: Caf\u00e9 support\n`, 'latin1')
    expect(check(workspace({ 'support-bot.yaml': latin1 })).codes).toEqual(['BW1008'])
  })

  it('accepts UTF-8 with a byte order mark and non-ASCII text', () => {
    const text = `\uFEFF${SUPPORT_BOT}title: Caf\u00e9 support \u2014 \u65e5\u672c\n`
    expect(check(workspace({ 'support-bot.yaml': text })).codes).toEqual([])
  })
})

describe('many problems', () => {
  it('caps a file with 10,000 unknown keys at the first 50 problems and says how many more (BW1010)', () => {
    const keys = Array.from({ length: 10_000 }, (_, i) => `extra-key${String(i).padStart(5, '0')}: ${i}`)
    const { codes, lines } = check(workspace({ 'support-bot.yaml': `${SUPPORT_BOT}${keys.join('\n')}\n` }))
    expect(codes).toHaveLength(loadLimits.maxDiagnosticsPerFile + 1)
    expect(codes.slice(0, loadLimits.maxDiagnosticsPerFile).every((code) => code === 'BW2002')).toBe(true)
    expect(lines[0]).toBe("support-bot.yaml:3:1 BW2002 unknown key 'extra-key00000' in the definition")
    expect(lines[loadLimits.maxDiagnosticsPerFile]).toBe(
      'support-bot.yaml:53:1 BW1010 9950 more problems in this file are not shown (the next is here); fix the ones above first',
    )
  })

  it('checks a valid entity with 10,000 properties cleanly', () => {
    const properties = Array.from({ length: 10_000 }, (_, i) => `        field${i}: { type: string }`)
    const text = [
      'kind: interface',
      'name: crm',
      'version: 1.0.0',
      'entities:',
      '  contact:',
      '    schema:',
      '      type: object',
      '      properties:',
      ...properties,
      'actions:',
      '  getContact:',
      '    input: { schema: { type: object, properties: { id: { type: string } }, required: [id] } }',
      '    output: { schema: { type: object, properties: { contact: { $entity: contact } }, required: [contact] } }',
      '',
    ].join('\n')
    expect(check(workspace({ 'crm.yaml': text })).codes).toEqual([])
  })

  it('reports 100 broken files in one run, one problem each', () => {
    const files: Record<string, string> = {}
    for (let i = 0; i < 100; i++) files[`bots/bot-${String(i).padStart(3, '0')}.yaml`] = `kind: bot\nname: bot-${i}\ntitel: Bot ${i}\n`
    const { diagnostics } = check(workspace(files))
    expect(diagnostics).toHaveLength(100)
    expect(new Set(diagnostics.map((d) => d.range?.file.displayPath)).size).toBe(100)
    expect(diagnostics.filter((d) => !(d.code === 'BW2002' && d.message === "unknown key 'titel' in the definition (did you mean 'title'?)"))).toEqual([])
  })
})

describe('symbolic links', () => {
  it('reports a broken link to a definition file with BW1007', () => {
    const dir = workspace({ 'support-bot.yaml': SUPPORT_BOT })
    symlinkSync(join(dir, 'sales-bot-draft.yaml'), join(dir, 'sales-bot.yaml'))
    // docs/diagnostics.md shows this line (test/diagnostics/docExamples.test.ts)
    expect(check(dir).lines).toEqual(['sales-bot.yaml:1:1 BW1007 cannot read file (broken link or no permission)'])
  })

  it('reports a link to a file outside the definitions folder with BW1009 and does not load it', () => {
    const dir = workspace()
    const outside = join(dir, '..', 'shared-bot.yaml')
    writeFileSync(outside, 'kind: bot\nname: shared-bot\ntitel: not loaded, so not reported\n')
    symlinkSync(outside, join(dir, 'shared-bot.yaml'))
    const { lines, files } = check(dir)
    // docs/diagnostics.md shows this line (test/diagnostics/docExamples.test.ts)
    expect(lines).toEqual(['shared-bot.yaml:1:1 BW1009 symbolic link leads outside the definitions folder; it is not loaded'])
    expect(files).toEqual([])
  })

  it('reports a link to a folder outside the definitions folder with BW1009', () => {
    const dir = workspace()
    const outside = join(dir, '..', 'vendor')
    mkdirSync(outside)
    writeFileSync(join(outside, 'openai.yaml'), 'kind: integration\n')
    symlinkSync(outside, join(dir, 'vendor'))
    expect(check(dir).codes).toEqual(['BW1009'])
  })

  it('loads a link to a built-in once, as the built-in (docs/definitions.md#workspace), and reports it as outside when built-ins are off', () => {
    const dir = workspace({ 'interfaces/placeholder.txt': '' })
    symlinkSync(join(builtinDefinitionsDir, 'llm.yaml'), join(dir, 'interfaces', 'llm.yaml'))
    symlinkSync(builtinDefinitionsDir, join(dir, 'standard'))
    const withBuiltins = checkWorkspace({ definitionsDir: dir, builtins: true, cwd: dir })
    expect(withBuiltins.diagnostics).toEqual([])
    expect(withBuiltins.files.filter((f) => f.endsWith('llm.yaml'))).toHaveLength(1)
    expect(check(dir).codes).toEqual(['BW1009', 'BW1009'])
  })

  it('follows a link inside the folder and loads the file it reaches once', () => {
    const dir = workspace({ 'bots/support-bot.yaml': SUPPORT_BOT })
    symlinkSync(join(dir, 'bots'), join(dir, 'current'))
    symlinkSync(join(dir, 'bots', 'support-bot.yaml'), join(dir, 'support-bot.yaml'))
    const { codes, files } = check(dir)
    expect(codes).toEqual([])
    expect(files).toHaveLength(1)
  })
})

describe('which files are definitions', () => {
  it('reads *.yaml and *.yml recursively and skips dot-folders, node_modules and other files', () => {
    const dir = workspace({
      'bots/support-bot.yml': SUPPORT_BOT,
      'bots/deep/er/sales-bot.yaml': 'kind: bot\nname: sales-bot\n',
      '.drafts/broken.yaml': 'kind: [',
      'node_modules/some-package/broken.yaml': 'kind: [',
      'README.md': '# not a definition',
      'notes.txt': 'kind: [',
    })
    const { codes, files } = check(dir)
    expect(codes).toEqual([])
    expect(files.sort()).toEqual(['bots/deep/er/sales-bot.yaml', 'bots/support-bot.yml'])
  })

  it('skips dot-files as it skips dot-folders (the watchers of generate --watch and the language server ignore both): an editor lock file is no broken link', () => {
    const dir = workspace({ 'bots/support-bot.yml': SUPPORT_BOT, 'bots/.draft.yaml': 'kind: [' })
    // Emacs marks a file it edits with a link named .#<file> that leads to no file
    symlinkSync('ada@host.4242:1700000000', join(dir, 'bots', '.#support-bot.yml'))
    const { codes, files } = check(dir)
    expect(codes).toEqual([])
    expect(files).toEqual(['bots/support-bot.yml'])
  })
})
