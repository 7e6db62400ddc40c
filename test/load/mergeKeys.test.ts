// YAML 1.1 merge keys (`<<: *base`, `<<: [*a, *b]`): the values they give, the alias
// bound over them, the keys written beside them, a source that is not a mapping, and
// where a diagnostic inside merged content points (docs/definitions.md#merge-keys).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parseFast } from '../../src/load/fastPath.js'
import { parseSourceFile } from '../../src/load/parseSourceFile.js'
import { locate } from '../../src/load/yamlNodes.js'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { cpuGrowth, expectNearLinear } from '../support/growth.js'
import { fixtureLines } from '../support/renderForFixture.js'

const folders: string[] = []

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

function parse(text: string) {
  const root = mkdtempSync(join(tmpdir(), 'botwire-'))
  folders.push(root)
  writeFileSync(join(root, 'shapes.yaml'), text)
  return parseSourceFile(join(root, 'shapes.yaml'), 'shapes.yaml', false)
}

/** Writes a file and returns a call that reads and parses it and builds its node tree (as the editor's outline does). */
function parseWithNodes(text: string): () => void {
  const root = mkdtempSync(join(tmpdir(), 'botwire-'))
  folders.push(root)
  writeFileSync(join(root, 'shapes.yaml'), text)
  return () => {
    const parsed = parseSourceFile(join(root, 'shapes.yaml'), 'shapes.yaml', false)
    expect(parsed.file.nodes).not.toBeNull()
  }
}

function check(text: string) {
  const root = mkdtempSync(join(tmpdir(), 'botwire-'))
  folders.push(root)
  mkdirSync(join(root, 'definitions'))
  writeFileSync(join(root, 'definitions', 'shapes.yaml'), text)
  const checked = checkWorkspace({ definitionsDir: join(root, 'definitions'), builtins: false, cwd: join(root, 'definitions') })
  return { lines: fixtureLines(checked.diagnostics), diagnostics: checked.diagnostics }
}

describe('merge keys', () => {
  it('merge one mapping, keys written beside the merge overriding merged ones, wherever they are written', () => {
    const parsed = parse('base: &base { a: 1, b: 2 }\nafter:\n  <<: *base\n  b: 3\nbefore:\n  b: 4\n  <<: *base\n')
    expect(parsed.diagnostics).toEqual([])
    expect(parsed.value).toEqual({ base: { a: 1, b: 2 }, after: { a: 1, b: 3 }, before: { a: 1, b: 4 } })
  })

  it('merge a list of mappings in order, the first that has a key giving it (YAML 1.1)', () => {
    const parsed = parse('a: &a { x: 1, y: 1 }\nb: &b { x: 2, z: 2 }\nboth:\n  <<: [*a, *b]\n  w: 0\n')
    expect(parsed.value?.both).toEqual({ x: 1, y: 1, z: 2, w: 0 })
  })

  it('merge a mapping written in place, without an alias', () => {
    const text = 'a:\n  <<: { x: 1 }\n  y: 2\n'
    expect(parseFast(text)).toBeNull() // js-yaml would read a key named '<<'
    expect(parse(text).value).toEqual({ a: { x: 1, y: 2 } })
  })

  it('read a quoted "<<" as a plain key, as YAML does', () => {
    expect(parse('a:\n  "<<": { x: 1 }\n').value).toEqual({ a: { '<<': { x: 1 } } })
  })

  it('report two merge keys in one mapping as a duplicate key (a list merges several)', () => {
    const parsed = parse('a: &a { x: 1 }\nb: &b { y: 1 }\nc:\n  <<: *a\n  <<: *b\n')
    expect(parsed.diagnostics.map((d) => d.code)).toEqual(['BW1002'])
  })

  it('keep the alias bound over merges: a merge-key bomb is BW1005', () => {
    let text = 'a0: &a0 { x: 1, y: 2 }\n'
    for (let i = 1; i < 12; i++) text += `a${i}: &a${i} { p: { <<: *a${i - 1} }, q: { <<: *a${i - 1} }, r: { <<: *a${i - 1} } }\n`
    const started = performance.now()
    expect(parse(text).diagnostics.map((d) => d.code)).toEqual(['BW1005'])
    expect(performance.now() - started).toBeLessThan(1000)
    let flat = 'a: &a { x: 1 }\n'
    for (let i = 0; i < 60; i++) flat += `b${i}: { <<: *a }\n`
    expect(parse(flat).diagnostics.map((d) => d.code)).toEqual(['BW1005'])
  })

  it.each([
    ['a list item that is not a mapping', 'a: &a [1]\nb:\n  <<: [{ x: 1 }, 2]\n', '3:18'],
    ['an alias of a list', 'a: &a [1]\nb:\n  <<: *a\n', '3:7'],
    ['a single value', 'b:\n  <<: text\n', '2:7'],
    ['no value', 'b:\n  <<:\n  c: 1\n', '2:3'],
  ])('report a merge of %s at it (BW1013)', (_name, text, at) => {
    const parsed = parse(text)
    expect(parsed.diagnostics.map((d) => d.code)).toEqual(['BW1013'])
    expect(fixtureLines(parsed.diagnostics)[0]).toMatch(new RegExp(`^shapes\\.yaml:${at} BW1013 `))
  })

  it('locate a node in merged content at the alias that merged it, with the anchored node beside', () => {
    const text = 'base: &base\n  inner: { x: 1 }\nuse:\n  <<: *base\n  y: 2\n'
    const { file } = parse(text)
    const at = locate(file, '/use/inner/x')
    expect(text.slice(at.start, at.end)).toBe('*base')
    expect(at.anchored?.anchor).toBe('base')
    const anchored = at.anchored?.range
    expect(anchored && text.slice(anchored.start, anchored.end)).toBe('1')
    // the mapping's own keys and the anchored mapping itself are where they are written
    const own = locate(file, '/use/y')
    expect([text.slice(own.start, own.end), own.anchored]).toEqual(['2', undefined])
    expect(locate(file, '/base/inner/x').anchored).toBeUndefined()
  })

  it('locate content merged through an anchored list at the alias of the list', () => {
    const text = 'a: &a { x: 1 }\nsources: &sources [*a, { y: 2 }]\nuse:\n  <<: *sources\n'
    const { file, value } = parse(text)
    expect(value?.use).toEqual({ x: 1, y: 2 })
    for (const pointer of ['/use/x', '/use/y']) {
      const at = locate(file, pointer)
      expect([text.slice(at.start, at.end), at.anchored?.anchor]).toEqual(['*sources', 'sources'])
    }
  })

  it('report a merge of an alias whose anchor is not set as an unknown alias', () => {
    expect(parse('b:\n  <<: [*nowhere]\n').diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['BW1001', "unknown alias '*nowhere': no anchor '&nowhere' is set before it"],
    ])
  })

  it('report a diagnostic inside a schema merged in two places at each merge, with the anchored node related', () => {
    const text = [
      'kind: interface',
      'name: shapes',
      'version: 1.0.0',
      'entities:',
      '  base:',
      '    schema: &base',
      '      type: object',
      '      properties:',
      '        id: { type: string, minLenght: 1 }',
      '  first:',
      '    schema:',
      '      <<: *base',
      '      title: First',
      '  second:',
      '    schema: { <<: *base, title: Second }',
      'actions: {}',
      '',
    ].join('\n')
    const { lines, diagnostics } = check(text)
    expect(lines.map((l) => l.split(' ').slice(0, 2).join(' '))).toEqual(['shapes.yaml:9:29 BW2002', 'shapes.yaml:12:11 BW2002', 'shapes.yaml:15:19 BW2002'])
    expect(diagnostics[1]?.related[0]?.message).toBe("merged from '&base': the node is here")
    expect(diagnostics[1]?.related[0]?.range.start).toBe(diagnostics[0]?.range?.start)
  })
})

describe('merge keys in bounded time', () => {
  /** `n` merges, each of an anchor of its own: yaml resolved each alias by a walk of the whole document */
  const ownAnchors = (n: number): string =>
    Array.from({ length: n }, (_, i) => `shape${i}: &s${i} { id: ${i} }\nuse${i}: { <<: *s${i}, extra: ${i} }\n`).join('')
  /** `n` anchors, each merging the one before: the tree of merged entries grows with the square of n */
  const chain = (n: number): string =>
    `s0: &s0 { k0: 0 }\n${Array.from({ length: n }, (_, i) => `s${i + 1}: &s${i + 1} { k${i + 1}: 0, <<: *s${i} }\n`).join('')}`
  /** `n` merges of mappings written in place, with no alias: the one kind that may be many */
  const inPlace = (n: number): string => Array.from({ length: n }, (_, i) => `use${i}: { <<: { id: ${i} }, extra: ${i} }\n`).join('')

  it('count every alias, merges included, towards the 50 uses a file may make, and report the first beyond them (BW1005)', () => {
    // each of its own anchor, used once: yaml's own guard counts uses per anchor, and let any number through
    expect(parse(ownAnchors(50)).diagnostics).toEqual([])
    expect(fixtureLines(parse(ownAnchors(51)).diagnostics)).toEqual([
      'shapes.yaml:102:14 BW1005 aliases in this file expand too much (more than 50 alias uses); write the values out or use fewer aliases',
    ])
  })

  it('finish a file of 4,000 merge keys (71 KB) with BW1005', () => {
    let text = 'kind: interface\nname: shapes\nversion: 1.0.0\nx-base: &bs { type: object }\n'
    for (let i = 0; i < 4000; i++) text += `x-${String(i).padStart(4, '0')}: {<<: *bs}\n`
    expect(Math.round(text.length / 1000)).toBe(72) // 70.4 KiB
    const checked = check(text)
    expect(checked.diagnostics.map((d) => d.code)).toEqual(['BW1005'])
    // the 51st merge
    expect(checked.lines[0]).toMatch(/^shapes\.yaml:55:14 BW1005 /)
  })

  it.each([
    ['merges each of its own anchor', ownAnchors],
    ['a chain of anchors, each merging the one before', chain],
    ['merges of mappings written in place', inPlace],
  ])('take time linear in the file for %s, and so does the node tree', async (_name, text) => {
    const growth = await cpuGrowth((n) => parseWithNodes(text(n)), 500)
    expectNearLinear(growth)
  })
})
