// The `botwire init` starters show states and recurring events where they fit, commented
// out (docs/definitions.md#states, docs/definitions.md#recurring-events): uncommented, each
// starter still passes every check, and its keys are the real ones.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { parse } from 'yaml'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { renderTemplate } from '../../src/templates/renderTemplate.js'

const root = mkdtempSync(join(tmpdir(), 'botwire-starters-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** The starter with its commented `states:` / `events:` example written in. */
function uncommented(kind: string, name: string): string {
  const text = renderTemplate(join('init', `${kind}.yaml.hbs`), { name, title: name, schemaPath: 'x.json' })
  const lines = text.split('\n')
  const start = lines.indexOf('# states:')
  expect(start, `${kind} starter shows states`).toBeGreaterThan(0)
  return lines.map((line, i) => (i >= start && line.startsWith('# ') ? line.slice(2) : line)).join('\n')
}

it.each([
  ['bot', 'starter-bot', ['states', 'events']],
  ['plugin', 'starter-plugin', ['states']],
  ['integration', 'starter-integration', ['states', 'events']],
])('the %s starter, its states example uncommented, passes check', (kind, name, keys) => {
  const text = uncommented(kind, name)
  for (const key of keys) expect(Object.keys(parse(text) as object)).toContain(key)
  const dir = mkdtempSync(join(root, `${kind}-`))
  writeFileSync(join(dir, `${name}.yaml`), text)
  const { diagnostics } = checkWorkspace({ definitionsDir: dir, builtins: true })
  expect(diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([])
})
