// A definition's name may be a word JavaScript reserves (`default`, `class`, `new`): the
// variable its implementation file exports cannot be that word, so `botwire scaffold`
// writes the name with its kind after it (`defaultIntegration`, `classPlugin`), and the
// entry's wiring hint names it so. Through the CLI, compiled with tsc as a user's project would.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { runBotwire, scratchFolders, writeFiles } from '../support/cli.js'
import { compileStubs } from '../support/compileStubs.js'

const scratch = scratchFolders('botwire-stub-reserved-')

const DEFINITIONS = {
  // an ESM project, as docs/getting-started.md sets up (the entry file awaits at its top)
  'package.json': '{ "type": "module" }\n',
  'definitions/import.yaml': `kind: interface
name: import
version: 1.0.0
entities: { file: { schema: { type: object, properties: { id: { type: string } } } } }
actions:
  read: { input: { schema: { $entity: file } }, output: { schema: { type: object } } }
`,
  'definitions/default.yaml': `kind: integration
name: default
version: 1.0.0
entities: { file: { schema: { type: object, properties: { id: { type: string } } } } }
interfaces:
  import: { name: import, version: 1.0.0, entities: { file: file } }
`,
  'definitions/class.yaml': `kind: plugin
name: class
version: 1.0.0
interfaces:
  import: { name: import, version: ^1.0.0 }
actions:
  run: { input: { schema: { $entity: import.file } }, output: { schema: { type: object } } }
`,
  'definitions/new.yaml': `kind: bot
name: new
integrations:
  default: { integration: default, version: 1.0.0 }
plugins:
  class:
    plugin: class
    version: ^1.0.0
    dependencies: { import: { integrationAlias: default, integrationInterfaceAlias: import } }
`,
}

describe('botwire scaffold on definitions named like reserved words', () => {
  let root: string
  let outputs: string[]
  beforeAll(async () => {
    root = scratch()
    writeFiles(root, DEFINITIONS)
    const generated = await runBotwire(['generate'], { cwd: root })
    expect(generated.code, generated.stdout + generated.stderr).toBe(0)
    outputs = []
    for (const [kind, name] of [
      ['integration', 'default'],
      ['plugin', 'class'],
      ['bot', 'new'],
    ] as const) {
      const result = await runBotwire(['scaffold', kind, name, '--out', 'src'], { cwd: root })
      expect(result.code, result.stdout + result.stderr).toBe(0)
      outputs.push(result.stdout)
    }
  })

  it('exports each under a variable name, which compiles, and names it in the entry', () => {
    const files = ['default', 'class', 'new', 'main'].map((name) => join(root, 'src', `${name}.ts`))
    const compiled = compileStubs(files)
    expect(files.flatMap((file) => compiled.get(file) ?? [`${file} was not compiled`])).toEqual([])
    expect(readFileSync(join(root, 'src', 'default.ts'), 'utf8')).toContain('export const defaultIntegration = new Integration({')
    expect(readFileSync(join(root, 'src', 'class.ts'), 'utf8')).toContain('export const classPlugin = new Plugin({')
    expect(readFileSync(join(root, 'src', 'main.ts'), 'utf8')).toContain(
      '// createRuntime({ bot, integrations: { default: defaultIntegration }, plugins: { class: classPlugin } })',
    )
  })

  it('finds the files up to date on scaffold --update --check', async () => {
    const check = await runBotwire(['scaffold', '--update', '--check'], { cwd: root })
    expect(check.stdout + check.stderr).toContain("up to date: src/default.ts (integration 'default' 1.0.0)")
    expect(check.code, check.stdout + check.stderr).toBe(0)
  })
})
