// Which characters the pretty output escapes, and that a code frame stays true to the
// file around them: line numbers as botwire counts them (a lone \r is no line break), the
// caret under the escaped text, in a normal frame and in the window of an over-long line.
// The CLI end to end: test/cli/terminalEscapes.test.ts.
import { describe, expect, it } from 'vitest'
import { diagnostic } from '../../src/diagnostics/diagnostic.js'
import { renderPrettyDiagnostic } from '../../src/diagnostics/render/pretty.js'
import { escapeControls, escapeSource, terminalSafeJson } from '../../src/diagnostics/render/terminalText.js'
import { unparsedSourceFile } from '../../src/load/sourceFiles.js'

/** Every character escaped, by its escape. */
const ESCAPED: [string, string][] = [
  ['\0', '\\x00'],
  ['\x07', '\\x07'],
  ['\b', '\\x08'],
  ['\n', '\\n'],
  ['\v', '\\x0b'],
  ['\f', '\\x0c'],
  ['\r', '\\r'],
  ['\x1b', '\\x1b'],
  ['\x1f', '\\x1f'],
  ['\x7f', '\\x7f'],
  ['\x80', '\\x80'],
  ['\x9b', '\\x9b'],
  ['\x9f', '\\x9f'],
  ['\u061c', '\\u061c'],
  ['\u200e', '\\u200e'],
  ['\u200f', '\\u200f'],
  ['\u2028', '\\u2028'],
  ['\u2029', '\\u2029'],
  ['\u202a', '\\u202a'],
  ['\u202e', '\\u202e'],
  ['\u2066', '\\u2066'],
  ['\u2069', '\\u2069'],
]

describe('escapeControls', () => {
  it.each(ESCAPED)('escapes %j as %s', (raw, shown) => {
    expect(escapeControls(`a${raw}b`)).toBe(`a${shown}b`)
  })

  it('keeps the tab, printable ASCII, and other Unicode (accents, CJK, emoji, U+00A0 and above)', () => {
    const text = 'key\twith é 名前 😀 \u00a0 \u200b ~'
    expect(escapeControls(text)).toBe(text)
  })
})

describe('escapeSource', () => {
  it('keeps line breaks (\\n and the \\r of \\r\\n) and escapes a lone \\r', () => {
    expect(escapeSource('a\r\nb\nc\rd\x1b')).toBe('a\r\nb\nc\\rd\\x1b')
  })
})

describe('terminalSafeJson', () => {
  it('writes every escaped character as a JSON escape, and parses to the same value', () => {
    const value = { key: ESCAPED.map(([raw]) => raw).join(''), list: ['\u202e', 'plain'] }
    const json = terminalSafeJson(value)
    // (the newlines that lay the JSON out are its own, between values)
    expect(ESCAPED.filter(([raw]) => raw !== '\n' && json.includes(raw))).toEqual([])
    expect(json).toContain('\\n')
    expect(JSON.parse(json)).toEqual(value)
  })
})

describe('a code frame of a line with control characters', () => {
  const frameOf = (text: string, start: number, end: number): string[] =>
    renderPrettyDiagnostic(
      diagnostic(
        'BW2002',
        'unknownKey',
        { key: 'k', where: 'the definition', didYouMean: '' },
        { file: unparsedSourceFile('/w/a.yaml', 'a.yaml', false, text), start, end },
      ),
      {
        color: false,
      },
    ).split('\n')

  it('numbers lines as YAML reads them (a lone \\r is a line break, shown as one, never written raw) and puts the caret under the escaped key', () => {
    const text = 'kind: x\nnote: a\rb\nred\x1b[31mkey: 1\n'
    const start = text.indexOf('red')
    const lines = frameOf(text, start, start + 'red\x1b[31mkey'.length)
    expect(lines[0]).toMatch(/^a\.yaml:4:1 - /)
    expect(lines.slice(1)).toEqual(['  3 | b', '> 4 | red\\x1b[31mkey: 1', `    | ${'^'.repeat('red\\x1b[31mkey'.length)}`, '  5 |'])
    expect(lines.join('\n')).not.toContain('\r')
  })

  it('in the window of an over-long line, shows the snippet escaped with the caret under it', () => {
    const text = `kind: x\ntitle: ${'x'.repeat(200)} \u202e\x1b[2Jbad ${'y'.repeat(200)}\n`
    const start = text.indexOf('\u202e')
    const lines = frameOf(text, start, start + '\u202e\x1b[2Jbad'.length)
    const snippet = lines.find((line) => line.startsWith('> 2 | '))
    expect(snippet).toContain('\\u202e\\x1b[2Jbad')
    const caret = lines[lines.indexOf(snippet ?? '') + 1] ?? ''
    expect(caret.indexOf('^')).toBe((snippet ?? '').indexOf('\\u202e'))
    expect(caret.slice(caret.indexOf('^'))).toBe('^'.repeat('\\u202e\\x1b[2Jbad'.length))
  })
})
