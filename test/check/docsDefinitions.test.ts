// Every whole definition the docs show passes `botwire check`: each YAML block of
// docs/definitions.md and docs/coming-from-the-reference-platform.md that is a definition
// (it starts with `kind:`, after comment lines), with no error and no warning. A page's
// blocks are checked together, so that a bot finds the integrations and plugins the page
// showed before it; a block that defines a name and version the page already defined (a
// second `ticketing` 1.0.0 showing another feature) starts another workspace, and goes into
// the first one where its name is still free. The fragments of these pages and of
// checks.md (a few keys, `# passes` / `# fails` lines) are not whole definitions.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { parse } from 'yaml'
import { repoRoot, runBotwire, tempDir } from '../support/cli.js'
import { type CodeBlock, codeBlocks } from '../support/markdownBlocks.js'

/** The page's whole definitions, each in the first workspace where its kind, name and version are not taken yet. */
function workspaces(page: string): { blocks: CodeBlock[]; taken: Set<string> }[] {
  const whole = codeBlocks(readFileSync(join(repoRoot, 'docs', page), 'utf8')).filter((b) => b.language === 'yaml' && /^(#.*\n)*kind: /.test(b.text))
  const found: { blocks: CodeBlock[]; taken: Set<string> }[] = []
  for (const block of whole) {
    const { kind, name, version } = parse(block.text) as { kind: string; name: string; version?: string }
    const key = `${kind} ${name} ${version ?? ''}`
    let workspace = found.find((w) => !w.taken.has(key))
    if (workspace === undefined) {
      workspace = { blocks: [], taken: new Set() }
      found.push(workspace)
    }
    workspace.blocks.push(block)
    workspace.taken.add(key)
  }
  return found
}

it.each([
  ['definitions.md', 12],
  ['coming-from-the-reference-platform.md', 16],
])('every whole definition of docs/%s passes check (%i of them)', async (page, count) => {
  const found = workspaces(page)
  expect(found.flatMap((w) => w.blocks)).toHaveLength(count)
  for (const { blocks } of found) {
    const dir = tempDir()
    // each file named after the block's line, so that a diagnostic says which block it is about
    for (const block of blocks) writeFileSync(join(dir, `${page}-line-${block.line}.yaml`), block.text)
    const result = await runBotwire(['check', '--definitions', dir], { cwd: dir })
    expect([result.code, result.stdout], result.stdout).toEqual([0, expect.stringMatching(/: no errors\n$/)])
  }
})
