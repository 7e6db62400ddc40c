// `botwire scaffold --update` end to end, run in-process (the command, not the process,
// is under test): scaffold, change the definition, the hint after generate, --check,
// --dry-run, the update itself, idempotence, a refused file, and the API.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { updateImplementation } from '../../src/index.js'
import { exampleWorkspace, runBotwire } from '../support/cli.js'

afterEach(() => vi.restoreAllMocks())

describe('botwire scaffold --update', () => {
  const dir = exampleWorkspace()
  // from this process's folder, as a build script would run it: the paths it prints are the absolute ones given
  const botwire = (args: string[]): ReturnType<typeof runBotwire> => runBotwire(args, { cwd: process.cwd() })
  const definitions = join(dir, 'definitions')
  const generated = join(dir, 'generated')
  const src = join(dir, 'src')
  const file = join(src, 'zendesk.ts')
  const paths = ['--definitions', definitions, '--generated', generated]
  let scaffolded = ''

  beforeAll(async () => {
    expect((await botwire(['generate', '--definitions', definitions, '--out', generated])).code).toBe(0)
    expect((await botwire(['scaffold', 'integration', 'zendesk', '--out', src, ...paths])).code).toBe(0)
    // the user fills in a handler
    scaffolded = readFileSync(file, 'utf8').replace(
      "// TODO: implement 'openTicket' with input, ctx.configuration and client.emitEvent",
      '// mine: open it in Zendesk',
    )
    writeFileSync(file, scaffolded)
    // the definition moves on: openTicket gets the final name createTicket, and a new own action
    const yaml = join(definitions, 'example', 'integrations', 'zendesk.yaml')
    writeFileSync(
      yaml,
      readFileSync(yaml, 'utf8')
        .replace('    events:\n      ticketUpdated:', '    actions:\n      openTicket: { name: createTicket }\n    events:\n      ticketUpdated:')
        .concat(
          'actions:\n  closeTicket:\n    title: Close ticket\n    description: Closes a ticket.\n',
          '    input: { schema: { type: object, properties: { id: { type: string, title: Id, description: The ticket. } }, required: [id] } }\n',
          '    output: { schema: { type: object, properties: {} } }\n',
        ),
    )
  })

  it('after generate, says which scaffolded file is behind its definition, from the manifest record', async () => {
    const result = await botwire(['generate', '--definitions', definitions, '--out', generated])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(`${file} lacks 1 action, has 1 handler to rename: run botwire scaffold --update\n`)
  })

  it('--check exits 1 and --dry-run prints the diff; neither writes', async () => {
    const check = await botwire(['scaffold', '--update', '--check', ...paths])
    expect(check.code).toBe(1)
    expect(check.stdout).toContain(`would update ${file} (integration 'zendesk' 1.0.0: 1 added, 1 renamed)\n`)
    expect(check.stdout).toContain('1 file behind the definitions: run botwire scaffold --update\n')
    const dryRun = await botwire(['scaffold', '--update', '--dry-run', ...paths])
    expect(dryRun.code).toBe(0)
    expect(dryRun.stdout).toContain('-    openTicket: async ({ input, ctx, client }) => {\n+    createTicket: async ({ input, ctx, client }) => {\n')
    expect(dryRun.stdout).toContain('+    closeTicket: async ({ input, ctx, client }) => {\n')
    expect(readFileSync(file, 'utf8')).toBe(scaffolded)
  })

  it('updates the file (the renamed handler keeps its body), then has nothing to do', async () => {
    const result = await botwire(['scaffold', '--update', ...paths])
    expect([result.code, result.stderr]).toEqual([0, ''])
    expect(result.stdout).toContain(
      `updated ${file} (integration 'zendesk' 1.0.0: 1 added, 1 renamed)\n  + closeTicket (line 9)\n  ~ openTicket -> createTicket (line 17; the body is kept)\n`,
    )
    const text = readFileSync(file, 'utf8')
    expect(text).toMatch(/createTicket: async \(\{ input, ctx, client \}\) => \{\n {6}\/\/ mine: open it in Zendesk\n/)
    const again = await botwire(['scaffold', '--update', 'integration', 'zendesk', '--out', src, ...paths])
    expect(again.stdout).toBe(`up to date: ${file} (integration 'zendesk' 1.0.0)\n`)
    expect(readFileSync(file, 'utf8')).toBe(text)
    expect((await botwire(['generate', '--definitions', definitions, '--out', generated])).stdout).not.toContain('scaffold --update')
  })

  it('refuses a file that is not an implementation of the definition, writing nothing', async () => {
    const other = join(dir, 'elsewhere')
    writeFileSync(join(dir, 'helper.ts'), 'export const x = 1\n')
    const result = await botwire(['scaffold', '--update', 'integration', 'openai', '--out', other, ...paths])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`${join(other, 'openai.ts')} does not exist; write it with botwire scaffold integration openai --out ${other}`)
    writeFileSync(join(dir, 'openai.ts'), 'export const x = 1\n')
    const refused = await botwire(['scaffold', '--update', 'integration', 'openai', '--out', dir, ...paths])
    expect([refused.code, refused.stderr]).toEqual([
      2,
      `botwire: error BW9002: ${join(dir, 'openai.ts')} is not a botwire implementation of integration 'openai': it does not import Integration from the generated module (import { Integration } from '.../integrations/openai/index.js')\n`,
    ])
    expect(readFileSync(join(dir, 'openai.ts'), 'utf8')).toBe('export const x = 1\n')
  })

  it('updateImplementation(file, definition) computes the same update without printing, and writes only when asked', async () => {
    writeFileSync(file, scaffolded)
    const result = await updateImplementation(file, { kind: 'integration', name: 'zendesk' }, { definitions, generated, write: false })
    expect(result.ok).toBe(true)
    expect(result.changed).toBe(true)
    expect(result.written).toBe(false)
    expect(result.changes).toEqual([
      { kind: 'added', name: 'closeTicket', line: 9 },
      { kind: 'renamed', name: 'createTicket', from: 'openTicket', line: 17 },
    ])
    expect(readFileSync(file, 'utf8')).toBe(scaffolded)
    await expect(updateImplementation(join(dir, 'openai.ts'), { kind: 'integration', name: 'openai' }, { definitions, generated })).rejects.toThrow(
      /is not a botwire implementation of integration 'openai'/,
    )
  })

  it("adds the delivery handlers of a message type an integration's channel gained, then has nothing to do", async () => {
    const slack = join(src, 'slack.ts')
    expect((await botwire(['scaffold', 'integration', 'slack', '--out', src, ...paths])).code).toBe(0)
    const scaffoldedSlack = readFileSync(slack, 'utf8')
    const yaml = join(definitions, 'example', 'integrations', 'slack.yaml')
    writeFileSync(
      yaml,
      readFileSync(yaml, 'utf8').replace(
        '      text: { schema: { $message: text } }\n',
        '      text: { schema: { $message: text } }\n      image: { schema: { $message: image } }\n',
      ),
    )
    const generatedAgain = await botwire(['generate', '--definitions', definitions, '--out', generated])
    expect(generatedAgain.stdout).toContain(`${slack} lacks 1 delivery handler: run botwire scaffold --update\n`)
    const result = await botwire(['scaffold', '--update', 'integration', 'slack', '--out', src, ...paths])
    expect([result.code, result.stderr]).toEqual([0, ''])
    const text = readFileSync(slack, 'utf8')
    const line = text.split('\n').indexOf('        image: async ({ payload, conversation, user, ctx, client, ack }) => {') + 1
    expect(result.stdout).toBe(`updated ${slack} (integration 'slack' 1.0.0: 1 added)\n  + channels.thread.messages.image (line ${line})\n`)
    expect(line).toBeGreaterThan(0)
    expect(text).toContain('        image: async ({ payload, conversation, user, ctx, client, ack }) => {\n')
    expect(text).toContain("throw new Error(\"slack: the delivery of 'image' messages on channel 'thread' is not implemented yet\")")
    expect(text.startsWith(scaffoldedSlack.slice(0, scaffoldedSlack.indexOf('      },\n    },\n  },\n})')))).toBe(true)
    const again = await botwire(['scaffold', '--update', 'integration', 'slack', '--out', src, ...paths])
    expect(again.stdout).toBe(`up to date: ${slack} (integration 'slack' 1.0.0)\n`)
    expect((await botwire(['generate', '--definitions', definitions, '--out', generated])).stdout).not.toContain('scaffold --update')
  })
})
