// `botwire init` and `botwire scaffold`: starter files that pass the checks and stubs
// that compile against the generated code; neither ever overwrites a file.
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { type CliResult, exampleWorkspace, repoRoot, runBotwire, tempDir, writeFiles } from '../support/cli.js'
import { compileStubs } from '../support/compileStubs.js'

describe('botwire init', () => {
  it('writes a starter definition of each kind that passes check, with a $schema modeline, and never overwrites', async () => {
    const dir = tempDir()
    for (const kind of ['interface', 'integration', 'plugin', 'bot']) {
      const result = await runBotwire(['init', kind, `my-${kind}`], { cwd: dir })
      expect(result.code, result.stderr).toBe(0)
      expect(result.stdout).toBe(`wrote definitions/${kind}s/my-${kind}.yaml\n`)
      const text = readFileSync(join(dir, 'definitions', `${kind}s`, `my-${kind}.yaml`), 'utf8')
      expect(text).toMatch(new RegExp(`^# yaml-language-server: \\$schema=.*schemas/${kind}\\.schema\\.json\\n`))
    }
    const check = await runBotwire(['check'], { cwd: dir })
    expect(check.stdout).toContain('no errors')
    expect(check.code).toBe(0)
    writeFileSync(join(dir, 'definitions/bots/my-bot.yaml'), '# mine\n')
    const again = await runBotwire(['init', 'bot', 'my-bot'], { cwd: dir })
    expect(again.code).toBe(2)
    expect(again.stderr).toContain('already exists; botwire init never overwrites a file')
    expect(readFileSync(join(dir, 'definitions/bots/my-bot.yaml'), 'utf8')).toBe('# mine\n')
  })

  it('rejects a bad kind or name as usage', async () => {
    const dir = tempDir()
    expect((await runBotwire(['init', 'widget', 'x'], { cwd: dir })).stderr).toContain("unknown kind 'widget'")
    expect((await runBotwire(['init', 'bot', 'Bad_Name'], { cwd: dir })).code).toBe(2)
    const long = await runBotwire(['init', 'bot', 'a'.repeat(65)], { cwd: dir })
    expect([long.code, long.stderr]).toEqual([2, `botwire: error BW9002: '${'a'.repeat(65)}' is 65 characters long; a definition name has at most 64\n`])
  })

  const EXAMPLE_FILES = [
    'interfaces/ticketing.yaml',
    'integrations/anthropic.yaml',
    'integrations/openai.yaml',
    'integrations/slack.yaml',
    'integrations/zendesk.yaml',
    'plugins/support-assistant.yaml',
    'bots/support-bot.yaml',
    'bots/thread-bot.yaml',
  ]

  it('--example writes the example workspace the docs use, which passes check, each file with a modeline to the meta-schema', async () => {
    const dir = tempDir()
    const result = await runBotwire(['init', '--example'], { cwd: dir })
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe(EXAMPLE_FILES.map((path) => `wrote definitions/${path}\n`).join(''))
    for (const path of EXAMPLE_FILES) {
      const file = join(dir, 'definitions', path)
      const [modeline, ...rest] = readFileSync(file, 'utf8').split('\n')
      const schema = /^# yaml-language-server: \$schema=(\S+)$/.exec(modeline ?? '')?.[1]
      expect(schema, path).toBeDefined()
      // the modeline leads from where the file is to the meta-schema of its kind
      expect(resolve(dirname(file), schema ?? ''), path).toBe(join(repoRoot, 'schemas', `${path.split('s/')[0]}.schema.json`))
      // the rest is the package's example as it is
      expect(rest.join('\n'), path).toBe(
        readFileSync(join(repoRoot, 'definitions', 'example', path), 'utf8')
          .split('\n')
          .slice(1)
          .join('\n'),
      )
    }
    const check = await runBotwire(['check'], { cwd: dir })
    expect([check.code, check.stdout]).toEqual([
      0,
      expect.stringMatching(/^checked 8 definitions \(1 interface, 4 integrations, 1 plugin, 2 bots\) and 7 built-in interfaces in \d+ ms: no errors\n$/),
    ])
  })

  it('--example writes none of its files when one of them is there, and never through a link leading outside', async () => {
    const dir = tempDir()
    writeFiles(dir, { 'definitions/integrations/openai.yaml': '# mine\n' })
    const again = await runBotwire(['init', '--example'], { cwd: dir })
    expect([again.code, again.stdout, again.stderr]).toEqual([
      2,
      '',
      'botwire: error BW9002: definitions/integrations/openai.yaml already exists; botwire init never overwrites a file, so it wrote none\n',
    ])
    expect(readdirSync(join(dir, 'definitions'), { recursive: true })).toEqual(['integrations', join('integrations', 'openai.yaml')])
    expect(readFileSync(join(dir, 'definitions/integrations/openai.yaml'), 'utf8')).toBe('# mine\n')

    const linked = tempDir()
    mkdirSync(join(linked, 'elsewhere'))
    mkdirSync(join(linked, 'definitions'))
    symlinkSync(join(linked, 'elsewhere'), join(linked, 'definitions', 'plugins'))
    const outside = await runBotwire(['init', '--example'], { cwd: linked })
    expect(outside.code).toBe(2)
    expect(outside.stderr).toContain('definitions/plugins leads outside the definitions folder definitions')
    expect(readdirSync(join(linked, 'definitions'))).toEqual(['plugins'])
    expect(readdirSync(join(linked, 'elsewhere'))).toEqual([])

    const named = await runBotwire(['init', '--example', 'bot', 'hello'], { cwd: tempDir() })
    expect([named.code, named.stderr]).toEqual([2, expect.stringContaining('botwire init --example takes no KIND NAME')])
  })
})

describe('botwire scaffold', () => {
  // Both stub tests compile against the generated example: one workspace generated once,
  // and one program holding the three stubs and a broken copy of one (in broken/, beside
  // src/, so its imports of generated/ read the same); a type-check costs seconds.
  let dir = ''
  let written: CliResult[] = []
  let files: string[] = []
  let broken = ''
  let compiled = new Map<string, string[]>()

  beforeAll(async () => {
    dir = exampleWorkspace()
    expect((await runBotwire(['generate'], { cwd: dir })).code).toBe(0)
    written = [
      await runBotwire(['scaffold', 'integration', 'openai', '--out', 'src'], { cwd: dir }),
      await runBotwire(['scaffold', 'plugin', 'support-assistant', '--out', 'src'], { cwd: dir }),
      await runBotwire(['scaffold', 'bot', 'support-bot', '--out', 'src'], { cwd: dir }),
      await runBotwire(['scaffold', 'integration', 'slack', '--out', 'src'], { cwd: dir }),
    ]
    await runBotwire(['scaffold', 'integration', 'openai', '--out', 'broken'], { cwd: dir })
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n')
    files = ['openai', 'support-assistant', 'support-bot', 'main', 'slack'].map((name) => join(dir, 'src', `${name}.ts`))
    broken = join(dir, 'broken', 'openai.ts')
    writeFileSync(broken, readFileSync(broken, 'utf8').replace(/ {4}\/\*\* Moderate \*\/\n[\s\S]*?\n {4}\},\n/, ''))
    compiled = compileStubs([...files, broken])
  })

  it('writes stubs for a bot, an integration and a plugin that compile against the generated code', async () => {
    expect(written.map((r) => r.stdout)).toEqual([
      "wrote src/openai.ts (integration 'openai' 2.0.0, 3 action handlers)\n",
      "wrote src/support-assistant.ts (plugin 'support-assistant' 0.3.0, 2 action handlers)\n",
      "wrote src/support-bot.ts (bot 'support-bot' 1.0.0, a '*' handler that answers text with text, and 2 for its recurring events and expiring states)\nwrote src/main.ts (the entry: creates the runtime with the bot and receives a first message)\n",
      "wrote src/slack.ts (integration 'slack' 1.0.0, 0 action handlers, 1 delivery handler)\n",
    ])
    expect(files.flatMap((file) => compiled.get(file) ?? [`${file} was not compiled`])).toEqual([])
    const integration = readFileSync(files[0] ?? '', 'utf8')
    expect(integration).toContain('generateText: async ({ input, ctx, client }) => {')
    expect(integration).toContain(`throw new Error("openai: action 'generateText' is not implemented yet")`)
    // the channel whose conversations carry text gets its delivery handler (docs/runtime.md#delivery)
    const slack = readFileSync(files[4] ?? '', 'utf8')
    expect(slack).toContain('channels: {\n    thread: {\n      messages: {\n        text: async ({ payload, conversation, user, ctx, client, ack }) => {')
    expect(slack).toContain(`throw new Error("slack: the delivery of 'text' messages on channel 'thread' is not implemented yet")`)
    const bot = readFileSync(files[2] ?? '', 'utf8')
    expect(bot.match(/^bot\.on\.message\(/gm)).toHaveLength(1)
    expect(bot).toContain("bot.on.message('*', async")
    // the example bot's recurring digest and its expiring per-user state (docs/runtime.md#recurring-events)
    expect(bot).toContain("bot.on.event('dailyDigest', async ({ event }) => {")
    expect(bot).toContain("bot.on.stateExpired('visits', async ({ state }) => {")

    const again = await runBotwire(['scaffold', 'integration', 'openai', '--out', 'src'], { cwd: dir })
    expect(again.code).toBe(2)
    expect(again.stderr).toContain(
      'src/openai.ts already exists; botwire scaffold never overwrites a file (botwire scaffold integration openai --out src --update brings it in step with the definition)',
    )
  })

  it('a stub missing an action does not compile (the generated types demand every handler)', () => {
    expect(readFileSync(broken, 'utf8')).not.toContain('/** Moderate */')
    expect((compiled.get(broken) ?? []).join('\n')).toContain("Property 'moderate' is missing")
  })

  it('refuses a stub whose generated module is not there yet (it could not compile)', async () => {
    const dir = exampleWorkspace()
    const result = await runBotwire(['scaffold', 'plugin', 'support-assistant', '--out', 'src', '--generated', 'nogen'], { cwd: dir })
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      "botwire: error BW9002: nogen/plugins/support-assistant/index.ts does not exist; run botwire generate (into nogen, or pass --generated DIR) before scaffolding plugin 'support-assistant'\n",
    )
  })

  it('names an unknown definition as usage', async () => {
    const result = await runBotwire(['scaffold', 'plugin', 'nope', '--out', 'src'], { cwd: exampleWorkspace() })
    expect(result.code).toBe(2)
    expect(result.stderr).toContain("no plugin named 'nope'")
    const near = await runBotwire(['scaffold', 'plugin', 'support-asistant', '--out', 'src'], { cwd: exampleWorkspace() })
    expect([near.code, near.stderr]).toEqual([
      2,
      "botwire: error BW9002: no plugin named 'support-asistant' in definitions (did you mean 'support-assistant'?); its plugins are 'support-assistant'\n",
    ])
  })
})
