// The careful path tells yaml's problems apart by what yaml gives besides its wording: an
// error's code, the document's nodes, the thrown error's type. Each case here is one the
// wording used to decide, and the place the diagnostic points at is where the user fixes it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseSourceFile } from '../../src/load/parseSourceFile.js'

const dir = mkdtempSync(join(tmpdir(), 'botwire-yaml-errors-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The careful path's diagnostics for a text (the fast path is turned off), with where each starts. */
function problems(text: string): { code: string; message: string; start: number | undefined; data?: unknown }[] {
  const path = join(dir, 'a.yaml')
  writeFileSync(path, text)
  return parseSourceFile(path, 'a.yaml', false, () => null).diagnostics.map((d) => ({
    code: d.code,
    message: d.message,
    start: d.range?.start,
    ...(d.data ? { data: d.data } : {}),
  }))
}

const ALIAS_BOMB = [
  'a: &a [x, x, x, x, x, x, x, x, x, x]',
  ...'bcdefghi'.split('').map(
    (name, i) =>
      `${name}: &${name} [${Array(10)
        .fill(`*${'abcdefghi'[i] ?? ''}`)
        .join(', ')}]`,
  ),
].join('\n')

describe('yaml errors on the careful path', () => {
  it('points an unclosed quote at the quote that opens it, past escaped quotes inside', () => {
    const text = 'kind: bot\ntitle: "say \\"hi\\" to\n'
    expect(problems(text)).toEqual([{ code: 'BW1001', message: 'Missing closing "quote', start: text.indexOf('"say') }])
  })

  it("points an unclosed single quote at its opening, not at a doubled '' inside", () => {
    const text = "kind: bot\ntitle: 'it''s\n"
    expect(problems(text)).toEqual([{ code: 'BW1001', message: "Missing closing 'quote", start: text.indexOf("'it") }])
  })

  it('finds an unknown alias among the nodes, not where its text first appears', () => {
    const text = "kind: bot\ntitle: 'see *base here'\nversion: *base\n"
    expect(problems(text)).toEqual([
      { code: 'BW1001', message: "unknown alias '*base': no anchor '&base' is set before it", start: text.lastIndexOf('*base'), data: { alias: 'base' } },
    ])
  })

  it('tells an alias used before its anchor from aliases that expand too much', () => {
    expect(problems('kind: bot\na: *x\nb: &x 1\n').map((p) => p.code)).toEqual(['BW1001'])
    expect(problems(`kind: bot\n${ALIAS_BOMB}\n`).map((p) => p.code)).toEqual(['BW1005'])
  })

  it("names a tag outside YAML 1.2's core schema (!!binary, !!set, !custom) where it is written, and leaves a value that fits no core tag in yaml's words", () => {
    for (const tag of ['!!binary', '!!set', '!!omap', '!!pairs', '!!timestamp', '!custom']) {
      const text = `kind: bot\ntitle: ${tag} x\n`
      expect(problems(text).map(({ code, message, start }) => ({ code, tag: message.split(' ')[1], start }))).toEqual([
        { code: 'BW1001', tag, start: text.indexOf(tag) },
      ])
    }
    expect(problems('kind: bot\ntitle: !!float 1\n')).toMatchObject([{ code: 'BW1001', message: 'Unresolved tag: tag:yaml.org,2002:float' }])
  })
})

describe('the careful path reads YAML 1.2 core, whatever the %YAML directive says', () => {
  it('reads yes, 0b101, 1:20 and 2001-12-14 as strings under %YAML 1.1, as the fast path does', () => {
    const path = join(dir, 'v11.yaml')
    writeFileSync(path, '%YAML 1.1\n---\nkind: bot\na: yes\nb: 0b101\nc: 1:20\nd: 2001-12-14\n')
    const careful = parseSourceFile(path, 'v11.yaml', false, () => null)
    expect(careful.diagnostics).toEqual([])
    expect(careful.value).toEqual({ kind: 'bot', a: 'yes', b: '0b101', c: '1:20', d: '2001-12-14' })
  })
})
