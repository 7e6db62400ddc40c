// Issue #33 item 4 end to end (docs/runtime.md#errors): an integration whose action input is
// a union of `$ref`s (Slack's blocks: a button, an image, a divider, each a `$defs` entry),
// generated from definitions written into a temp workspace, run with createRuntime and
// called with one wrong button `style`. The caller sees one line, about the style, and
// nothing of the image or the divider; the handler is not run.
import { join } from 'node:path'
import { createRuntime, type ValidationError } from '@botwire/runtime'
import { expect, it } from 'vitest'
import { generateWorkspace } from '../../src/pipeline/generateWorkspace.js'
import { scratchFolders, writeFiles } from '../support/cli.js'
import { rejection } from '../support/rejection.js'

const scratch = scratchFolders('botwire-union-of-refs-')

const SLACK = `kind: integration
name: slack
version: 1.0.0
$defs:
  text:
    type: object
    properties:
      type: { enum: [plain_text, mrkdwn] }
      text: { type: string, minLength: 1 }
    required: [type, text]
  button:
    type: object
    properties:
      type: { const: button }
      text: { $ref: '#/$defs/text' }
      action_id: { type: string }
      style: { enum: [primary, danger] }
    required: [type, text, action_id]
    additionalProperties: false
  image:
    type: object
    properties:
      type: { const: image }
      image_url: { type: string }
      alt_text: { type: string }
    required: [type, image_url, alt_text]
    additionalProperties: false
  divider:
    type: object
    properties:
      type: { const: divider }
    required: [type]
    additionalProperties: false
actions:
  postMessage:
    input:
      schema:
        type: object
        properties:
          channel: { type: string }
          blocks:
            type: array
            items:
              anyOf:
                - { $ref: '#/$defs/button' }
                - { $ref: '#/$defs/image' }
                - { $ref: '#/$defs/divider' }
        required: [channel, blocks]
    output:
      schema:
        type: object
        properties:
          ts: { type: string }
        required: [ts]
`

const BOT = `kind: bot
name: notifier
version: 1.0.0
integrations:
  slack:
    integration: slack
    version: 1.0.0
`

interface PostMessageInput {
  channel: string
  blocks: unknown[]
}

/** What the test reads of the generated modules: the classes a project imports. */
interface GeneratedModules {
  Bot: new () => object
  Integration: new (implementation: { actions: { postMessage: (call: { input: PostMessageInput }) => { ts: string } } }) => object
}

/** The workspace written and generated; the generated modules imported as a project imports them. */
async function generatedSlackBot(): Promise<GeneratedModules> {
  const dir = scratch()
  writeFiles(dir, { 'definitions/slack.yaml': SLACK, 'definitions/notifier.yaml': BOT })
  const outDir = join(dir, 'generated')
  const generated = generateWorkspace({ definitionsDir: join(dir, 'definitions'), builtins: false, outDir, cwd: dir })
  expect(generated.diagnostics).toEqual([])
  writeFiles(outDir, Object.fromEntries(generated.files.map((file) => [file.path, file.text])))
  const bot = (await import(join(outDir, 'bots', 'notifier', 'index.ts'))) as Pick<GeneratedModules, 'Bot'>
  const slack = (await import(join(outDir, 'integrations', 'slack', 'index.ts'))) as Pick<GeneratedModules, 'Integration'>
  return { Bot: bot.Bot, Integration: slack.Integration }
}

it('a union of $refs in generated code: one wrong Slack button style is one line, about the style, and the handler is not run', async () => {
  const { Bot, Integration } = await generatedSlackBot()
  const posted: PostMessageInput[] = []
  const slack = new Integration({
    actions: {
      postMessage: ({ input }) => {
        posted.push(input)
        return { ts: '1' }
      },
    },
  })
  const runtime = createRuntime({ bot: new Bot(), integrations: { slack } } as unknown as Parameters<typeof createRuntime>[0])
  const button = { type: 'button', text: { type: 'plain_text', text: 'Approve' }, action_id: 'approve', style: 'primary' }
  const call = (blocks: unknown[]) => runtime.client.callAction({ type: 'slack:postMessage', input: { channel: 'C1', blocks } } as never)

  // the right style passes, through the same union
  expect(await call([button, { type: 'divider' }])).toEqual({ ts: '1' })
  expect(posted).toHaveLength(1)

  const error = (await rejection(call([{ type: 'divider' }, { ...button, style: 'blue' }]))) as unknown as ValidationError
  expect(error.code).toBe('INVALID_INPUT')
  expect(error.issues).toEqual(["input.blocks[1].style: must be one of 'primary', 'danger'"])
  expect(error.message).toBe("invalid input for action 'slack:postMessage': input.blocks[1].style: must be one of 'primary', 'danger'")
  expect(error.message.split('\n')).toHaveLength(1)
  expect(posted).toHaveLength(1)
})
