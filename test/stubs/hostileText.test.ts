// An action's title or description in the JSDoc of its implementation stub (`botwire
// scaffold`, and the handler `scaffold --update` adds) is text in a comment, whatever it
// holds: it cannot close the comment, start a JSDoc tag, or put a control character (a bidi
// control, ESC) in the file raw (docs/security.md#what-botwire-guarantees).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { runBotwire, scratchFolders, writeFiles } from '../support/cli.js'

const scratch = scratchFolders('botwire-stub-hostile-')

const PLUGIN = `kind: plugin
name: hostile
version: 1.0.0
actions:
  summarize:
    title: "ends */ here; process.exit(1) /* \`tick\` \${x} @deprecated \\u202e\\u001b[2J"
    input: { schema: { type: object } }
    output: { schema: { type: object } }
  tidy:
    description: "line one\\n*/ line two @see <b>x</b>"
    input: { schema: { type: object } }
    output: { schema: { type: object } }
`

describe('botwire scaffold on hostile titles and descriptions', () => {
  it('writes each as one comment line that stays a comment, the file valid TypeScript', async () => {
    const root = scratch()
    writeFiles(root, { 'definitions/hostile.yaml': PLUGIN })
    expect((await runBotwire(['generate'], { cwd: root })).code).toBe(0)
    const scaffold = await runBotwire(['scaffold', 'plugin', 'hostile', '--out', 'src'], { cwd: root })
    expect(scaffold.code, scaffold.stdout + scaffold.stderr).toBe(0)
    const text = readFileSync(join(root, 'src', 'hostile.ts'), 'utf8')
    expect(text).toContain('/** ends *\\/ here; process.exit(1) /* `tick` \u0024{x} \\@deprecated \\u202e\\x1b[2J */')
    expect(text).toContain('/** line one *\\/ line two \\@see <b>x</b> */')
    expect(text).not.toMatch(/[\u202e\u001b]/)
    const parsed = ts.transpileModule(text, { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.ESNext, removeComments: true } })
    expect(parsed.diagnostics ?? []).toEqual([])
    // the comment is a comment: the code that runs holds none of the title
    expect(parsed.outputText).not.toContain('process.exit')
  })
})
