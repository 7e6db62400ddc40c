// `botwire scaffold` of an integration that declares an identifier (docs/definitions.md#identifier):
// the stub gives `identify`, which the generated options require, so it compiles as written;
// without it, it does not.
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { repoRoot, runBotwire, tempDir } from '../support/cli.js'
import { compileStubs } from '../support/compileStubs.js'

it("scaffolds relay's identify, and the stub compiles against the generated code; without identify it does not", async () => {
  const dir = tempDir('botwire-identifier-stub-')
  cpSync(join(repoRoot, 'test', 'fixtures', 'valid', 'webhook-routing', 'definitions'), join(dir, 'definitions'), { recursive: true })
  expect((await runBotwire(['generate', '--no-builtins'], { cwd: dir })).code).toBe(0)
  const written = await runBotwire(['scaffold', 'integration', 'relay', '--out', 'src', '--no-builtins'], { cwd: dir })
  expect(written.stderr).toBe('')
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n')
  const stub = join(dir, 'src', 'relay.ts')
  const text = readFileSync(stub, 'utf8')
  expect(text).toContain(
    "  // relay declares an identifier: read from a request the 'workspace' of the bot it is for (docs/deploying.md#identifier-routing)\n  identify: async ({ req }) => {",
  )
  const without = join(dir, 'src', 'relay-without-identify.ts')
  writeFileSync(without, text.replace(/ {2}\/\/ relay declares an identifier[\s\S]*?\n {2}\},\n/, ''))
  const compiled = compileStubs([stub, without])
  expect(compiled.get(stub)).toEqual([])
  expect((compiled.get(without) ?? []).join('\n')).toContain("Property 'identify' is missing")
})
