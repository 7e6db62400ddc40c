// JSDoc from user text: it can neither end the comment nor turn into a JSDoc tag.
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { printDoc } from '../../src/emit/printDoc.js'

function parse(doc: { title?: string; description?: string }): { tags: string[]; statements: number } {
  const text = `${printDoc(doc, '')}export interface Documented {}\nexport interface Next {}\n`
  const file = ts.createSourceFile('doc.ts', text, ts.ScriptTarget.ES2022, true)
  const first = file.statements[0]
  return { tags: first ? ts.getJSDocTags(first).map((t) => t.tagName.text) : [], statements: file.statements.length }
}

describe('printDoc', () => {
  it('keeps */ inside the comment', () => {
    expect(parse({ title: 'Ends */ here', description: 'and /* again */ there' }).statements).toBe(2)
  })

  it('never lets an @ start a tag, at a line start or mid-line, but leaves e-mail addresses alone', () => {
    const doc = { title: '@deprecated by nobody', description: 'Write to ops@example.com.\n@param x not a parameter\nsee @link' }
    expect(parse(doc).tags).toEqual([])
    expect(printDoc(doc, '')).toContain('ops@example.com')
    expect(printDoc(doc, '')).toContain('\\@deprecated by nobody')
  })

  it('writes a lone surrogate as an escape, which UTF-8 keeps, and a pair as it is', () => {
    const printed = printDoc({ title: 'high \ud800, low \udc00, reversed \ude00\ud83d', description: 'pair \ud83d\ude00' }, '')
    expect(Buffer.from(printed, 'utf8').toString('utf8')).toBe(printed)
    expect(printed).toBe('/**\n * high \\ud800, low \\udc00, reversed \\ude00\\ud83d\n *\n * pair \ud83d\ude00\n */\n')
  })

  it('prints one line for a short text and a block for a longer one', () => {
    expect(printDoc({ title: 'Model' }, '  ')).toBe('  /** Model */\n')
    expect(printDoc({ title: 'Model', description: 'The model.' }, '')).toBe('/**\n * Model\n *\n * The model.\n */\n')
  })
})
