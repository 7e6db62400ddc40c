// The fast path (js-yaml) and the careful path (yaml, with positions) must agree: a file
// the fast path accepts is one yaml accepts too, with the same values. Checked on every
// definition file in the repository and on YAML that the two parsers are known to read
// differently.
import { readFileSync } from 'node:fs'
import { parseDocument } from 'yaml'
import { describe, expect, it } from 'vitest'
import { TRICKY_YAML } from '../support/trickyYaml.js'
import { repositoryYamlFiles } from '../support/yamlFiles.js'
import { parseFast } from '../../src/load/parseSourceFile.js'

function agree(text: string): void {
  const fast = parseFast(text)
  if (fast === null) return // the careful path decides, with positions
  const document = parseDocument(text, { uniqueKeys: true })
  expect([...document.errors, ...document.warnings].map((e) => e.code), JSON.stringify(text)).toEqual([])
  expect(JSON.stringify(document.toJS()), JSON.stringify(text)).toBe(JSON.stringify(fast))
}

describe('the fast YAML path', () => {
  it.each(TRICKY_YAML.map((text) => [JSON.stringify(text).slice(0, 60), text]))('agrees with yaml on %s', (_name, text) => agree(text))

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
