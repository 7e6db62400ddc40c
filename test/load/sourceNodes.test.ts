// The fast path's node tree (js-yaml's open/close events) must put every key and value
// where yaml's document does: diagnostics point at the same file:line:col whichever path
// a file took. Checked on hand-picked YAML, on every definition file of the repository,
// and on random documents written in many styles.
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import jsYaml from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { LineCounter, parseDocument, stringify } from 'yaml'
import { parseFast } from '../../src/load/fastPath.js'
import { nodesFromJsYaml } from '../../src/load/nodesFromJsYaml.js'
import { nodesFromYaml } from '../../src/load/nodesFromYaml.js'
import { parseYaml, unparsedSourceFile } from '../../src/load/sourceFiles.js'
import { lineColumn } from '../../src/source/sourceFile.js'
import { spans } from '../support/nodeSpans.js'
import { propertyRuns } from '../support/propertyBudget.js'
import { repositoryYamlFiles } from '../support/yamlFiles.js'

/** Whether the fast tree agrees with yaml's; false when the fast reading declined the text (it falls back to yaml). */
function agree(text: string): boolean {
  if (parseFast(text) === null) return false
  const fast = nodesFromJsYaml(text)
  if (fast === null) return false
  expect(spans(fast), JSON.stringify(text)).toEqual(spans(nodesFromYaml(parseYaml(text))))
  return true
}

const SAMPLES = [
  'a:\nb: 1\n',
  'a:   # c\nb: 1\n',
  'a: |\n  x\n\n  y\n\nb: 1\n',
  'a: |+\n  x\n\nb: 1\n',
  'a: |+\n  x\n\n',
  'a: >+2\n   x\n\n  \nb: 1\n',
  'a: |\n  x\n  \n',
  'a: |-\n  x\nb: 1\n',
  'a: >\n  x\n  y\n',
  'a: >2\n   x\n',
  'a: plain\n  more   \nb: 1',
  'a: "q"  \n',
  'a:\n  - x\n  -\n  - y\n',
  'a: [1, {b: 2}]  # c\n',
  'a:\n  b: 1\n\n# c\nc: 2\n',
  'a: {}\nb: []\n',
  '# top\n\n---\na: 1\n...\n',
  '%YAML 1.2\n---\na: 1\n',
  'a:\n- 1\n- 2\nb: 3\n',
  '- is not a root\n',
  'a:\n  - - x\n    - y\n  - - z\n',
  'a:\n  - b: 1\n    c:\n      - d\n  - e: {f: [g, h]}\n',
  "'quoted key': 1\n\"double\": 2\n'it''s': 3\n",
  '"k\\u00e9y": 1\n"tab\\tkey": 2\n',
  'a: "multi\n  line"\nb: \'also\n  multi\'\n',
  'a: 1\r\nb:\r\n  c: 2\r\n',
  'a: x # c\n# only a comment\nb: y\n',
  'key   : spaced\n',
  'a: b\t\n',
  'a:\n\n\n  b: 1\n',
  'a: é\nü: 2\n',
  '1: one\n0x10: sixteen\ntrue: yes\n1.5: x\n',
  'a: [ ]\nb: { }\n',
  'a: [x, [y, [z]]]\n',
  'a: {b: {c: d}}\n',
  'a:\n  b:\n    c:\n      d: deep\n',
  '__proto__: { polluted: true }\nb: 1\n',
  'a: !!str 1\n',
  'a: - 1\n',
  'a: [a: b]\n',
  'a:\n  -\n  - x\n',
  'a:    \n  b\n',
  'a:\n  # comment\n  b: 1\n',
  'a: >-\n\n  x\n',
  'a: ""\nb: \'\'\n',
  'description: "He said: \\"hi\\""\n',
  'a: 1 #c\n#c\n',
]

describe('the fast path node tree', () => {
  it.each(SAMPLES.map((text) => [JSON.stringify(text).slice(0, 50), text]))('agrees with yaml on %s', (_name, text) => {
    agree(text)
  })

  it('agrees with yaml on every definition file of the repository and its fixtures, and reads each of them itself', () => {
    const files = repositoryYamlFiles()
    let read = 0
    let fast = 0
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
      if (parseFast(text) === null) continue
      fast++
      if (agree(text)) read++
    }
    expect(fast).toBeGreaterThan(300)
    expect(read).toBe(fast)
  })

  const key = fc.oneof(
    fc.constantFrom('a', 'type', 'properties', 'x y', 'é', '1', 'true', 'on', '-', 'a:b', '#c', "it's", '"q"', ''),
    fc.string({ maxLength: 8 }),
  )
  const scalar = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom('multi\nline', ' lead', 'trail ', 'a: b', '# not', '- x', '[x]', 'true', '0x1', ''),
  )
  const value = fc.letrec((tie) => ({
    node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('list'), tie('map')),
    list: fc.array(tie('node'), { maxLength: 4 }),
    map: fc.dictionary(key, tie('node'), { maxKeys: 5 }),
  })).map
  const style = fc.record({
    writer: fc.constantFrom('yaml', 'js-yaml'),
    flowLevel: fc.integer({ min: -1, max: 3 }),
    lineWidth: fc.constantFrom(20, 80),
    indent: fc.constantFrom(2, 4),
    quote: fc.boolean(),
    comments: fc.boolean(),
  })

  it('agrees with yaml on random documents written in many styles', () => {
    const runs = propertyRuns(150)
    let read = 0
    fc.assert(
      fc.property(value, style, (definition, s) => {
        let text =
          s.writer === 'yaml'
            ? stringify(definition, {
                indent: s.indent,
                lineWidth: s.lineWidth,
                defaultStringType: s.quote ? 'QUOTE_DOUBLE' : 'PLAIN',
                collectionStyle: s.flowLevel === 0 ? 'flow' : 'any',
              })
            : jsYaml.dump(definition, { indent: s.indent, lineWidth: s.lineWidth, flowLevel: s.flowLevel, forceQuotes: s.quote, schema: jsYaml.CORE_SCHEMA })
        if (s.comments) text = text.replace(/\n/g, (_, at: number) => (at % 3 === 0 ? '  # note\n' : at % 3 === 1 ? '\n# line\n' : '\n'))
        if (agree(text)) read++
      }),
      { numRuns: runs, seed: 20261122 },
    )
    expect(read).toBeGreaterThan(runs / 2)
  })
})

describe('lines and columns', () => {
  it.each(['a: 1\nb: 2\n', 'a: 1\r\nb:\r\n  c: 2\r\n', '', '\n\n', 'no newline at the end'])('count as yaml does in %j', (text) => {
    const counter = new LineCounter()
    parseDocument(text, { lineCounter: counter })
    const file = unparsedSourceFile('/x.yaml', 'x.yaml', false, text)
    for (let offset = 0; offset <= text.length; offset++) {
      const { line, col } = counter.linePos(offset)
      expect(lineColumn(file, offset), `offset ${offset}`).toEqual({ line, column: col })
    }
  })

  it('count a lone \\r as a line break, as YAML 1.2 reads it, js-yaml too, and editors show it (yaml alone reads it as text)', () => {
    const text = 'a: 1\rb: 2\n'
    expect(jsYaml.load(text)).toEqual({ a: 1, b: 2 })
    const file = unparsedSourceFile('/x.yaml', 'x.yaml', false, text)
    expect([0, 4, 5, 9, 10].map((offset) => lineColumn(file, offset))).toEqual([
      { line: 1, column: 1 },
      { line: 1, column: 5 },
      { line: 2, column: 1 },
      { line: 2, column: 5 },
      { line: 3, column: 1 },
    ])
  })
})
