// The published package works for a new project: pack, install the tarball into an
// empty folder (dependencies from the local npm cache), run the installed binary.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot, tempDir, writeFiles } from '../support/cli.js'

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

describe('npm pack', () => {
  it('yields a tarball that another project installs and runs', () => {
    const packDir = tempDir('botwire-pack-')
    // --ignore-scripts: prepack would build dist/ again (as the global setup just did) and,
    // while it runs, take dist/ away from the CLI tests running beside this one
    execFileSync(npm, ['pack', '--ignore-scripts', '--pack-destination', packDir, '--silent'], { cwd: repoRoot, stdio: 'pipe' })
    const tarball = readdirSync(packDir).find((f) => f.endsWith('.tgz'))
    expect(tarball).toBeDefined()

    const project = tempDir('botwire-user-')
    writeFiles(project, {
      'package.json': JSON.stringify({ name: 'user-project', version: '1.0.0', private: true, type: 'module' }),
      'definitions/openai.yaml': [
        'kind: integration',
        'name: openai',
        'version: 1.0.0',
        'entities:',
        '  model: { schema: { type: object, properties: { id: { type: string }, provider: { type: string } }, required: [id, provider] } }',
        '  caps: { schema: { type: object, properties: { vision: { type: boolean } } } }',
        '  msg: { schema: { type: object, properties: { role: { enum: [user, assistant, system] }, content: { type: string } }, required: [role, content] } }',
        'interfaces:',
        '  llm: { name: llm, version: 1.0.0, entities: { modelRef: model, capabilities: caps, message: msg } }',
        '',
      ].join('\n'),
    })
    execFileSync(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--silent', join(packDir, tarball ?? '')], { cwd: project, stdio: 'pipe' })
    const installed = join(project, 'node_modules', 'botwire')
    for (const path of [
      'schemas/interface.schema.json',
      'schemas/messages.schema.json',
      'definitions/interfaces/llm.yaml',
      'dist/runtime/index.d.ts',
      'dist/index.d.ts',
      'templates/init/bot.yaml.hbs',
    ]) {
      expect(existsSync(join(installed, path)), path).toBe(true)
    }
    expect(existsSync(join(installed, 'definitions', 'example'))).toBe(false)

    // the binary npm linked for the project, run as its scripts would run it (npm exec
    // finds the same link, after a second of npm's own start-up)
    const botwire = join(project, 'node_modules', '.bin', process.platform === 'win32' ? 'botwire.cmd' : 'botwire')
    const check = spawnSync(botwire, ['check'], { cwd: project, encoding: 'utf8' })
    expect(check.stdout).toMatch(/^checked 1 definition \(0 interfaces, 1 integration, 0 plugins, 0 bots\) and 7 built-in interfaces in \d+ ms: no errors\n$/)
    expect(check.status).toBe(0)

    const generate = spawnSync(botwire, ['generate'], { cwd: project, encoding: 'utf8' })
    expect(generate.status).toBe(0)
    expect(existsSync(join(project, 'generated', 'integrations', 'openai', 'v1.0.0.ts'))).toBe(true)
    expect(existsSync(join(project, 'generated', 'interfaces', 'llm', 'v1.0.0.ts'))).toBe(true)
    // scaffold loads ts-morph: a dependency of the installed package, not of the project
    const scaffold = spawnSync(botwire, ['scaffold', 'integration', 'openai', '--out', 'src'], { cwd: project, encoding: 'utf8' })
    expect(scaffold.stdout).toBe("wrote src/openai.ts (integration 'openai' 1.0.0, 2 action handlers)\n")
    expect(scaffold.status).toBe(0)

    const api = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "import { check } from 'botwire'; import * as runtime from 'botwire/runtime'; console.log(check().ok, typeof runtime.IntegrationBase)",
      ],
      { cwd: project, encoding: 'utf8' },
    )
    expect(api.stdout).toBe('true function\n')
  }, 180_000)
})
