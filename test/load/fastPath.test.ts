// The fast path (the screens, then js-yaml) and the careful path (yaml, with positions)
// must agree: a file the fast path accepts is one yaml accepts too, with the same values,
// and its node tree from js-yaml's events, where that reading gives one, puts every key
// and value where yaml's document does. Checked on every definition file in the
// repository, on YAML that the two parsers are known to read differently, and on
// thousands of random and randomly edited documents.
import { readFileSync } from 'node:fs'
import { isDeepStrictEqual } from 'node:util'
import { describe, expect, it } from 'vitest'
import { parseDocument } from 'yaml'
import { parseFast } from '../../src/load/fastPath.js'
import { nodesFromJsYaml } from '../../src/load/nodesFromJsYaml.js'
import { nodesFromYaml } from '../../src/load/nodesFromYaml.js'
import { parseYaml } from '../../src/load/sourceFiles.js'
import { locations, spans } from '../support/nodeSpans.js'
import { propertyRuns } from '../support/propertyBudget.js'
import { seededRandom } from '../support/seededRandom.js'
import { editedYaml, styledYaml } from '../support/styledYaml.js'
import { TRICKY_YAML } from '../support/trickyYaml.js'
import { repositoryYamlFiles } from '../support/yamlFiles.js'

/** Whether the fast path accepted the text; when it did, its value and positions must be yaml's. */
function agree(text: string): boolean {
  const fast = parseFast(text)
  if (fast === null) return false // the careful path decides, with positions
  const shown = JSON.stringify(text)
  // merge keys as the careful path reads them (YAML 1.1 `<<`)
  const document = parseDocument(text, { uniqueKeys: true, merge: true })
  expect(
    [...document.errors, ...document.warnings].map((e) => e.code),
    shown,
  ).toEqual([])
  // isDeepStrictEqual tells 1 from '1' and keeps a `constructor` key a plain key; JSON shows the difference
  const viaYaml: unknown = document.toJS()
  expect(
    isDeepStrictEqual(fast, viaYaml) || JSON.stringify(fast) === JSON.stringify(viaYaml),
    `${shown}: ${JSON.stringify(fast)} against yaml's ${JSON.stringify(viaYaml)}`,
  ).toBe(true)
  const nodes = nodesFromJsYaml(text)
  if (nodes !== null) {
    const reference = nodesFromYaml(parseYaml(text))
    expect(spans(nodes), shown).toEqual(spans(reference))
    expect(locations(text, nodes, reference), shown).toEqual(locations(text, reference, reference))
  }
  return true
}

/** The forms definitions are written in: the fast path must read them itself. */
const COMMON = [
  'a: 1\n',
  'a:\n  b: 1\n  c: [x, y]\n',
  'a:\n- 1\n- 2\nb: 3\n',
  'a:\n  - b: 1\n    c: 2\n  - - x\n    - y\n  -\n    z: 1\n',
  'a: |\n  x\n\n  y\n\nb: 1\n',
  'a: |+\n  x\n\nb: 1\n',
  'a: |-\n  x\n',
  'a: >\n  x\n  y\n\n  z\n',
  'a: >-\n\n  x\n',
  'a: >+\n  x\n\n',
  'a: |\n  x\n  \n',
  'a: |  # c\n  x\n',
  "a: \"q\"  # c\nb: 'it''s'\n",
  '"k\\u00e9y": "\\t\\n\\"\\\\\\/"\n',
  'a: { b: { c: [d, "e", \'f\'] } }\n',
  'a: []\nb: {}\nc: [ ]\n',
  'a: x # c\n# only a comment\n\nb: y\n',
  'a: 1.2.3\nb: 2024-01-01\nc: -1\nd: 1.5\ne: 0\n',
  'a: C# and F#\nb: x#y\n',
  'a: ~\nb: null\nc: True\nd: yes\ne:\n',
]

describe('the fast YAML path', () => {
  it.each(TRICKY_YAML.map((text) => [JSON.stringify(text).slice(0, 60), text]))('agrees with yaml on %s', (_name, text) => {
    agree(text)
  })

  it('reads the common forms itself, as yaml does', () => {
    expect(COMMON.filter((text) => !agree(text))).toEqual([])
  })

  it('agrees with yaml on every definition file of the repository and its fixtures', () => {
    const files = repositoryYamlFiles()
    expect(files.length).toBeGreaterThan(100)
    const fast = files.filter((file) => agree(readFileSync(file, 'utf8'))).length
    expect(fast).toBeGreaterThan(files.length / 2) // the fast path is the common one
  })

  it('agrees with yaml on random documents in many styles, and on random edits of them', () => {
    const rng = seededRandom(20261122)
    const documents = propertyRuns(400)
    let read = 0
    let readEdited = 0
    for (let i = 0; i < documents; i++) {
      const text = styledYaml(rng)
      if (agree(text)) read++
      for (let j = 0; j < 2; j++) if (agree(editedYaml(rng, text))) readEdited++
    }
    // enough of them are read for the comparison to mean something
    expect(read).toBeGreaterThan(documents / 5)
    expect(readEdited).toBeGreaterThan(documents / 5)
  })

  it('agrees with yaml on random edits of the repository files', () => {
    const rng = seededRandom(7)
    const texts = repositoryYamlFiles().map((file) => readFileSync(file, 'utf8'))
    const edits = propertyRuns(400)
    let read = 0
    for (let i = 0; i < edits; i++) if (agree(editedYaml(rng, texts[Math.floor(rng() * texts.length)] ?? ''))) read++
    expect(read).toBeGreaterThan(edits / 5)
  })

  it('leaves __proto__ an own key, never a prototype, and other prototype names plain keys', () => {
    const value = parseFast('__proto__: { polluted: true }\nb: 1\n')
    expect(value === null || Object.getPrototypeOf(value) === Object.prototype, `${JSON.stringify(value)} is null or a plain object`).toBe(true)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(parseFast('constructor: 1\ntoString: 2\n')).toStrictEqual({ constructor: 1, toString: 2 })
  })
})
