// A definition's titles, descriptions and names in the language server's hover and
// completion documentation are shown as the text they are, never as markup
// (docs/security.md#what-botwire-guarantees): a link, an image, HTML or a code fence a
// definition writes would otherwise be rendered by the editor. Through a real client over stdio.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Hover } from 'vscode-languageserver-protocol'
import { scratchFolders, writeFiles } from '../support/cli.js'
import { type LspClient, positionOf, startLsp } from '../support/lspClient.js'

const scratch = scratchFolders('botwire-lsp-hostile-')

const TITLE = '<img src=x onerror=alert(1)> [run](command:workbench.action.terminal.new) **loud**'
const DESCRIPTION = 'ends ``` here\n# heading\n&lt; `code` \u202e'

const CATALOG = `kind: interface
name: catalog
version: 1.0.0
entities:
  item:
    title: ${JSON.stringify(TITLE)}
    description: ${JSON.stringify(DESCRIPTION)}
    schema:
      type: object
      properties:
        "a\`\`\`\`b": { type: string }
        kind: { enum: ["\`\`\`", "<b>x</b>"] }
  shelf:
    schema: { type: object, properties: { item: { $entity: item } } }
actions: {}
`

/** Markdown's fenced code blocks in `text`: each fence's length and what it holds. */
function fencedBlocks(text: string): { fence: number; body: string }[] {
  const blocks: { fence: number; body: string }[] = []
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,})\w*$/.exec(lines[i] ?? '')
    if (!open) continue
    const fence = open[1]?.length ?? 0
    const close = lines.findIndex((line, j) => j > i && new RegExp(`^\`{${fence},}$`).test(line))
    blocks.push({ fence, body: lines.slice(i + 1, close).join('\n') })
    i = close
  }
  return blocks
}

describe('botwire lsp: user text in hover', () => {
  let client: LspClient
  beforeAll(async () => {
    const root = scratch()
    writeFiles(root, { 'definitions/catalog.yaml': CATALOG })
    client = await startLsp(root)
  })
  afterAll(async () => {
    await client.close()
  })

  it('shows a title and a description as text: links, images, HTML, emphasis and headings escaped, controls as escapes', async () => {
    const hover = await client.request<Hover>('textDocument/hover', {
      textDocument: { uri: client.uri('definitions/catalog.yaml') },
      position: positionOf(CATALOG, '$entity: item', 10),
    })
    const text = (hover.contents as { value: string }).value
    expect(text).toContain('**entity item**: \\<img src=x onerror=alert\\(1\\)\\> \\[run\\]\\(command:workbench.action.terminal.new\\) \\*\\*loud\\*\\*')
    expect(text).toContain('ends \\`\\`\\` here\n\\# heading\n\\&lt; \\`code\\` \\\\u202e')
    expect(text).not.toContain('\u202e')
  })

  it('keeps a schema in one code block, fenced longer than any run of backticks in it', async () => {
    const hover = await client.request<Hover>('textDocument/hover', {
      textDocument: { uri: client.uri('definitions/catalog.yaml') },
      position: positionOf(CATALOG, '$entity: item', 10),
    })
    const blocks = fencedBlocks((hover.contents as { value: string }).value)
    expect(blocks).toEqual([{ fence: 5, body: 'type item = {\n  "a````b"?: string\n  kind?: "```" | "<b>x</b>"\n}' }])
  })
})
