// The language server completes and hovers the tag keys of issue #34 from the meta-schemas
// (docs/definitions.md#tags): nothing of the server had to change for them.
import { describe, expect, it } from 'vitest'
import { allowedKeys } from '../../src/lsp/metaSchemaKeys.js'

const keys = (kind: string, path: string[]) => allowedKeys(kind, path).map((k) => k.key)

describe('tag keys in completion (docs/definitions.md#tags)', () => {
  it('offers user, conversation and message settings where they may be written', () => {
    expect(keys('bot', [])).toEqual(expect.arrayContaining(['message', 'user', 'conversation']))
    expect(keys('plugin', [])).toEqual(expect.arrayContaining(['message', 'user', 'conversation']))
    expect(keys('integration', [])).toContain('user')
    expect(keys('integration', ['channels', 'dm'])).toEqual(expect.arrayContaining(['messages', 'conversation', 'message']))
    expect(keys('interface', ['channels', 'dm'])).toEqual(expect.arrayContaining(['messages', 'conversation', 'message']))
  })

  it('offers tags inside them, and title and description for a tag, with their descriptions for hover', () => {
    expect(keys('integration', ['channels', 'dm', 'conversation'])).toEqual(['tags'])
    expect(keys('plugin', ['user', 'tags', 'language'])).toEqual(['title', 'description'])
    const conversation = allowedKeys('integration', ['channels', 'dm']).find((k) => k.key === 'conversation')
    expect(conversation?.description).toContain('conversations that live on this channel')
  })
})
