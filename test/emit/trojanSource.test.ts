// No character a reader's editor obeys rather than shows reaches a generated file raw
// (docs/security.md, "No hidden characters in generated code"): a bidi control in a JSDoc
// comment or a string literal reorders what a reviewer sees ("Trojan Source",
// CVE-2021-42574), ESC and C1 controls drive a terminal that shows the file, U+2028/9
// end a line no editor shows. The hostile-names fixture puts each of them in a title, a
// description, a property key, a default, an example and an enum value.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { emitFile } from '../../src/emit/emitFile.js'
import { printDoc } from '../../src/emit/printDoc.js'
import { definitionsDirOf, generateCase } from '../pipeline/validFixtures.js'

/** C0 controls but the tab and the newline, DEL, C1, the bidi controls, U+2028 and U+2029. */
const HIDDEN = /[\0-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/

const definitions = definitionsDirOf('hostile-names')
const generated = generateCase(definitions)

describe('hidden characters in generated code', () => {
  it('the hostile-names fixture holds every kind of them', () => {
    const text = readFileSync(join(definitions, 'integrations', 'hostile.yaml'), 'utf8')
    // written as YAML escapes; the parsed definition holds the characters themselves
    for (const yamlEscape of ['\\e', '\\x7f', '\\x85', '\\x9b', '\\u202e', '\\u2066', '\\u2069', '\\u061c', '\\u200e', '\\L', '\\P', '\\x0b']) {
      expect(text).toContain(yamlEscape)
    }
  })

  it('reach no generated file raw, and each is there as an escape', () => {
    expect(generated.diagnostics).toEqual([])
    for (const file of generated.output) expect(HIDDEN.exec(file.text), file.path).toBeNull()
    const hostile = generated.output.find((file) => file.path === 'integrations/hostile/v1.0.0.ts')?.text ?? ''
    // the title in JSDoc, the key, the default and the enum value in string literals
    expect(hostile).toContain('Trojan \\x1b[31mred\\x1b[0m \\u202e}; /* \\u2066isolate\\u2069')
    expect(hostile).toContain('"key\\u202e\\u2066\\u007f\\u0085\\u2028\\u2029\\u001b"')
    expect(hostile).toContain('"value\\u202e\\u2067\\u2069\\u007f\\u009b\\u2028\\u2029\\u001b"')
    expect(hostile).toContain('"low\\u202e"')
  })

  it('a string literal still stands for the same text', () => {
    const { text } = emitFile({
      kind: 'module',
      path: 'interfaces/x/v1.0.0.ts',
      sources: ['x.yaml'],
      imports: [],
      declarations: [{ kind: 'const', name: 'value', type: { kind: 'keyword', name: 'string' }, value: 'a\u202eb\\\u2066c\x85' }],
    })
    const literal = /= (".*")\n/.exec(text)?.[1] ?? ''
    expect(JSON.parse(literal)).toBe('a\u202eb\\\u2066c\x85')
  })

  it('a comment shows each as an escape, lines and tabs kept', () => {
    expect(printDoc({ title: 'a\u202eb', description: 'one\ttab\r\ntwo\u2028\x1b\rthree' }, '')).toBe(
      '/**\n * a\\u202eb\n *\n * one\ttab\n * two\\u2028\\x1b\n * three\n */\n',
    )
  })
})
