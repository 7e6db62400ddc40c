// Where the cursor is, read from the text being typed (src/lsp/cursorContext.ts): the keys
// above it and what it is writing, with lines ended by \n, \r\n or a lone \r alike (an old
// Mac file: the protocol counts its lines so, test/lsp/diagnostics.test.ts).
import { describe, expect, it } from 'vitest'
import { cursorContext } from '../../src/lsp/cursorContext.js'

const typed = ['kind: plugin', 'name: notes', 'user:', '  tags:', '    language:', '      tit']

describe('cursorContext', () => {
  it.each([
    ['\\n', '\n'],
    ['\\r\\n', '\r\n'],
    ['a lone \\r', '\r'],
  ])('reads the keys above the cursor with lines ended by %s', (_, ending) => {
    const text = typed.join(ending)
    expect(cursorContext(text, text.length)).toEqual({ path: ['user', 'tags', 'language'], writing: { what: 'key' }, typed: 'tit' })
  })
})
