// The fast path (js-yaml) and the careful path (yaml, with positions) must agree: a file
// the fast path accepts is one yaml accepts too, with the same values. Checked on every
// definition file in the repository and on YAML that the two parsers are known to read
// differently.
import { readFileSync } from 'node:fs'
import { parseDocument } from 'yaml'
import { describe, expect, it } from 'vitest'
import { repositoryYamlFiles } from '../support/yamlFiles.js'
import { parseFast } from '../../src/load/parseSourceFile.js'


const TRICKY = [
  'a:\n  - 1\n - 2\n', 'a: [1,\n2]\nb: 1\n', 'a: {b: 1,\n  c: 2}\n', 'a:\n\tb: 1\n', 'a: b: c\n', 'a: {b: 1, b: 2}\n', 'a: 1\na: 2\n',
  '? [1, 2]\n: x\n', '[1]: x\n', 'a: "unterminated\n', 'a: 1\n  b: 2\n', 'a: |\n  text\n b: 1\n', 'a: - 1\n', '- a\nb: 1\n', 'a: !!str 1\n',
  'a: !!binary aGk=\n', 'a: !custom 1\n', 'a: 0x1F\nb: 0b101\nc: +1\nd: 1e3\ne: .NaN\nf: .inf\n', '%YAML 1.1\n---\na: 1\n', 'a: 1\n...\n',
  'a: 1 # c\nb: "x" y\n', 'key with spaces: 1\n"": 2\n', 'a: [1, 2]x\n', 'a:\n  b: 1\n   c: 2\n', 'a: {b: 1\n', "a: 'it''s'\nb: \"\\u00e9\"\n",
  'a: @x\n', 'a: `x\n', 'a:\n  - b: 1\n    c: 2\n  - d\n', 'a: >-\n  folded\n  text\n', 'a: 2001-01-01T00:00:00Z\nb: 2001-01-01\n',
  'null: 1\ntrue: 2\n1: 3\n', '~: 1\n', 'a: ~\nb: Null\nc: NULL\n', 'a: True\nb: TRUE\nc: yes\nd: on\n', 'a: 010\nb: 0o10\nc: 1_000\n',
  "a: '\n", 'a: b\n-c: d\n', '__proto__: { polluted: true }\nb: 1\n', 'a: &x 1\nb: *x\n', 'a: 1\n---\nb: 2\n', '[1, 2]\n', '"just a string"\n', '',
  'a: <<\n', '<<: {b: 1}\n', 'a: 1\r\nb: 2\r\n', '\ufeffa: 1\n',
]

function agree(text: string): void {
  const fast = parseFast(text)
  if (fast === null) return // the careful path decides, with positions
  const document = parseDocument(text, { uniqueKeys: true })
  expect([...document.errors, ...document.warnings].map((e) => e.code), JSON.stringify(text)).toEqual([])
  expect(JSON.stringify(document.toJS()), JSON.stringify(text)).toBe(JSON.stringify(fast))
}

describe('the fast YAML path', () => {
  it.each(TRICKY.map((text) => [JSON.stringify(text).slice(0, 60), text]))('agrees with yaml on %s', (_name, text) => agree(text))

  it('agrees with yaml on every definition file of the repository and its fixtures', () => {
    const files = repositoryYamlFiles()
    expect(files.length).toBeGreaterThan(100)
    let fast = 0
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
      agree(text)
      if (parseFast(text) !== null) fast++
    }
    expect(fast).toBeGreaterThan(files.length / 2) // the fast path is the common one
  })

  it('leaves __proto__ an own key, never a prototype', () => {
    const value = parseFast('__proto__: { polluted: true }\nb: 1\n')
    expect(value === null || Object.getPrototypeOf(value) === Object.prototype).toBe(true)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
