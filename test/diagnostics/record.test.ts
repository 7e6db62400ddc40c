// Diagnostic records (`--format json`): 1-based lines and columns, the end after the last
// character, never after a CRLF line's \r, which some parsers count into a value's range;
// and the summary line under the pretty format.
import { describe, expect, it } from 'vitest'
import { diagnostic } from '../../src/diagnostics/diagnostic.js'
import { locationRecord } from '../../src/diagnostics/record.js'
import { renderPrettyDiagnostic, summaryLine } from '../../src/diagnostics/render/pretty.js'
import { unparsedSourceFile } from '../../src/load/sourceFiles.js'

describe('locationRecord', () => {
  const crlf = unparsedSourceFile('/w/a.yaml', 'a.yaml', false, 'kind: x\r\ntitle: strin\r\nname: n\r\n')
  const title = crlf.text.indexOf('strin')

  it('ends a range after its last character', () => {
    expect(locationRecord({ file: crlf, start: title, end: title + 5 })).toEqual({ file: 'a.yaml', line: 2, column: 8, endLine: 2, endColumn: 13 })
  })

  it('does not count a CRLF line end into the range', () => {
    expect(locationRecord({ file: crlf, start: title, end: title + 6 })).toEqual({ file: 'a.yaml', line: 2, column: 8, endLine: 2, endColumn: 13 })
  })

  it('counts a lone \\r (an old Mac file) as a line break, as YAML and editors do', () => {
    const cr = unparsedSourceFile('/w/a.yaml', 'a.yaml', false, 'kind: x\rtitle: strin\rname: n\r')
    const at = cr.text.indexOf('strin')
    expect(locationRecord({ file: cr, start: at, end: at + 5 })).toEqual({ file: 'a.yaml', line: 2, column: 8, endLine: 2, endColumn: 13 })
  })

  it('keeps an empty range where it is', () => {
    expect(locationRecord({ file: crlf, start: 0, end: 0 })).toEqual({ file: 'a.yaml', line: 1, column: 1, endLine: 1, endColumn: 1 })
  })
})

describe('the code frame', () => {
  it('underlines what the record spans: never a CRLF line end', () => {
    const crlf = unparsedSourceFile('/w/a.yaml', 'a.yaml', false, 'kind: x\r\ntitle: strin\r\nname: n\r\n')
    const title = crlf.text.indexOf('strin')
    const text = renderPrettyDiagnostic(
      diagnostic('BW2004', 'wrongType', { where: 'title', expected: 'a string', actual: 'null' }, { file: crlf, start: title, end: title + 6 }),
      { color: false },
    )
    expect(text.split('\n').find((line) => line.includes('^'))).toBe('    |        ^^^^^')
  })
})

describe('the code frame of a file whose lines end in a lone \\r', () => {
  it('shows the lines around the node, each on its own line, with the caret under it', () => {
    const cr = unparsedSourceFile('/w/a.yaml', 'a.yaml', false, 'kind: x\rtitle: strin\rname: n\r')
    const title = cr.text.indexOf('strin')
    const text = renderPrettyDiagnostic(
      diagnostic('BW2004', 'wrongType', { where: 'title', expected: 'a string', actual: 'null' }, { file: cr, start: title, end: title + 5 }),
      { color: false },
    )
    expect(text.split('\n').slice(1)).toEqual(['  1 | kind: x', '> 2 | title: strin', '    |        ^^^^^', '  3 | name: n'])
    expect(text.split('\n')[0]).toMatch(/^a\.yaml:2:8 - error BW2004/)
  })
})

describe('summaryLine', () => {
  it('counts files only for problems that belong to one', () => {
    const file = unparsedSourceFile('/w/a.yaml', 'a.yaml', false, 'kind: x\n')
    expect(summaryLine([diagnostic('BW5001', 'overlap', { out: 'out', definitions: 'definitions' }, null)])).toBe('1 error')
    expect(
      summaryLine([
        diagnostic('BW5001', 'overlap', { out: 'out', definitions: 'definitions' }, null),
        diagnostic('BW2001', 'missingKind', { kinds: 'bot' }, { file, start: 0, end: 1 }),
      ]),
    ).toBe('2 errors in 1 file')
  })

  it('counts the problems a BW1010 stands for, not the BW1010 itself', () => {
    const file = unparsedSourceFile('/w/a.yaml', 'a.yaml', false, 'kind: x\n')
    const shown = Array.from({ length: 50 }, () =>
      diagnostic('BW2002', 'unknownKey', { key: 'nmae', where: 'the definition', didYouMean: '' }, { file, start: 0, end: 1 }),
    )
    const more = diagnostic('BW1010', 'notShown', { count: 10 }, { file, start: 0, end: 1 }, { data: { notShown: 10 } })
    expect(summaryLine([...shown, more])).toBe('60 errors in 1 file (10 not shown)')
    const warning = diagnostic(
      'BW4017',
      'credentialInPlainText',
      { path: 'configuration.token', key: 'token', name: 'TOKEN', owner: "integration 'linear' 1.0.0" },
      { file, start: 0, end: 1 },
    )
    expect(warning.severity).toBe('warning')
    expect(summaryLine([...shown, more, warning])).toBe('60 errors, 1 warning in 1 file (10 not shown)')
  })
})
