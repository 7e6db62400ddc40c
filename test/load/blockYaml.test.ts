// The block YAML reader must read every text it accepts exactly as js-yaml (the fast
// path it stands in front of) and yaml (the careful path, with positions) do, accept
// only texts yaml reads without an error or warning, and put every key and value where
// yaml's document does, so that diagnostics point at the same file:line:col. Checked on
// the repository's files, on hand-picked YAML, and on thousands of random and randomly
// edited documents.
import { readFileSync } from 'node:fs'
import { isDeepStrictEqual } from 'node:util'
import jsYaml from 'js-yaml'
import { parseDocument } from 'yaml'
import { describe, expect, it } from 'vitest'
import { seededRandom } from '../support/seededRandom.js'
import { editedYaml, styledYaml } from '../support/styledYaml.js'
import { locations, spans } from '../support/nodeSpans.js'
import { TRICKY_YAML } from '../support/trickyYaml.js'
import { repositoryYamlFiles } from '../support/yamlFiles.js'
import { blockYamlNodes, readBlockYaml } from '../../src/load/blockYaml.js'
import { nodesFromYaml } from '../../src/load/nodesFromYaml.js'
import { parseYaml } from '../../src/load/sourceFiles.js'

/** Whether the reader accepted the text; when it did, the three readings must be the same. */
function agree(text: string): boolean {
  const block = readBlockYaml(text)
  if (block === null) return false
  const shown = JSON.stringify(text)
  let viaJsYaml: unknown
  expect(() => (viaJsYaml = jsYaml.load(text, { schema: jsYaml.CORE_SCHEMA })), shown).not.toThrow()
  // toStrictEqual would compare a `constructor` key's values by identity: it takes them for the objects' classes
  expect(isDeepStrictEqual(block, viaJsYaml), `${shown}: ${JSON.stringify(block)} against js-yaml's ${JSON.stringify(viaJsYaml)}`).toBe(true)
  const document = parseDocument(text, { uniqueKeys: true })
  expect([...document.errors, ...document.warnings].map((e) => e.code), shown).toEqual([])
  const viaYaml: unknown = document.toJS()
  expect(isDeepStrictEqual(block, viaYaml), `${shown}: ${JSON.stringify(block)} against yaml's ${JSON.stringify(viaYaml)}`).toBe(true)
  const nodes = blockYamlNodes(text)
  const reference = nodesFromYaml(parseYaml(text))
  expect(spans(nodes), shown).toEqual(spans(reference))
  expect(locations(text, nodes, reference), shown).toEqual(locations(text, reference, reference))
  return true
}

const SAMPLES = [
  'a: 1\n', 'a:\n  b: 1\n  c: [x, y]\n', 'a:\n- 1\n- 2\nb: 3\n', 'a:\n  - b: 1\n    c: 2\n  - - x\n    - y\n  -\n    z: 1\n', 'a: |\n  x\n\n  y\n\nb: 1\n',
  'a: |+\n  x\n\nb: 1\n', 'a: |-\n  x\n', 'a: >\n  x\n  y\n\n  z\n', 'a: >-\n\n  x\n', 'a: >+\n  x\n\n', 'a: |\n  x\n  \n', 'a: |  # c\n  x\n',
  '- not a mapping\n', 'a: "q"  # c\nb: \'it\'\'s\'\n', '"k\\u00e9y": "\\t\\n\\"\\\\\\/"\n', 'a: { b: { c: [d, "e", \'f\'] } }\n', 'a: []\nb: {}\nc: [ ]\n',
  'a: x # c\n# only a comment\n\nb: y\n', 'key   : spaced\n', 'a: é\nü: 2\n', 'a: 1.2.3\nb: 2024-01-01\nc: -1\nd: 1.5\ne: 0\n', 'a: C# and F#\nb: x#y\n',
  'a: http://x.io/a?b=c#d\n', '-a: b\n', 'a: -b\n', 'a: ?b\n', 'a: :b\n', 'a: ~\nb: null\nc: True\nd: yes\ne:\n', 'a: [a: b]\n', 'a: [x, ]\n',
  'a: { b: 1, }\n', 'a: {b:1}\n', 'a: [b, c] d\n', 'a: |2\n   x\n', 'a: |\nb: 1\n', 'a: |\n  x', 'a: 1', 'a:\n  b: 1\n c: 2\n', 'a: b\n  c\n',
  '  a: 1\n', 'a: 1\n  # deeper comment\nb: 2\n', 'a:\n  # comment first\n  b: 1\n', '---\na: 1\n', 'a: 1\n...\n', 'a: "unterminated\n',
  'a:\n  - x\n  -\n  - z\n', 'a:\n- - x\n  -\n- y\n', '--- # c\na: 1\n', '# c\n---\n\na: 1\n', '---\n---\na: 1\n', '--- a: 1\n', '---x\na: 1\n',
  '---\n  a: 1\n', 'a: 1\n---\n', '---\n', '"a" : 1\n\'b\'  :\n  - x\n', 'a: 12345678901234567890\nb: 1.0\nc: -0.50\nd: tRUE\ne: 00\n',
  'a: "\\x41\\u00e9\\N"\n', 'a: [ "x, y", \'z]\' ]\n', 'a: { "b c": 1, \'d\': [e] }\n', `a: ${'x'.repeat(5000)}\n`, 'a:\n  - - - x\n      - y\n',
]

describe('the block YAML reader', () => {
  it.each([...SAMPLES, ...TRICKY_YAML].map((text) => [JSON.stringify(text).slice(0, 60), text]))('agrees with js-yaml and yaml on %s', (_name, text) => {
    agree(text)
  })

  it('reads the common forms itself', () => {
    const read = SAMPLES.slice(0, 12).filter((text) => readBlockYaml(text) !== null)
    expect(read).toHaveLength(12)
  })

  it('agrees on every definition file of the repository and its fixtures, and reads nearly all of them', () => {
    const files = repositoryYamlFiles()
    const read = files.filter((file) => agree(readFileSync(file, 'utf8')))
    expect(read.length).toBeGreaterThan(files.length * 0.9)
  })

  it('agrees on random documents in many styles, and on random edits of them', () => {
    const rng = seededRandom(20261122)
    let read = 0
    let readEdited = 0
    for (let i = 0; i < 1500; i++) {
      const text = styledYaml(rng)
      if (agree(text)) read++
      for (let j = 0; j < 2; j++) if (agree(editedYaml(rng, text))) readEdited++
    }
    // enough of them are read for the comparison to mean something
    expect(read).toBeGreaterThan(300)
    expect(readEdited).toBeGreaterThan(300)
  })

  it('agrees on random edits of the repository files', () => {
    const rng = seededRandom(7)
    const texts = repositoryYamlFiles().map((file) => readFileSync(file, 'utf8'))
    let read = 0
    for (let i = 0; i < 1500; i++) if (agree(editedYaml(rng, texts[Math.floor(rng() * texts.length)] ?? ''))) read++
    expect(read).toBeGreaterThan(300)
  })

  it('keeps __proto__ and other prototype names as plain keys or leaves them to the parsers', () => {
    expect(readBlockYaml('__proto__: { polluted: true }\n')).toBeNull()
    expect(readBlockYaml('a: { __proto__: 1 }\n')).toBeNull()
    expect(readBlockYaml('constructor: 1\ntoString: 2\n')).toStrictEqual({ constructor: 1, toString: 2 })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
