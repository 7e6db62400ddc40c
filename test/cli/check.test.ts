// `botwire check` as a user runs it: exit codes, locations, JSON output, colors.
import { spawnSync } from 'node:child_process'
import { cpSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cliPath, exampleWorkspace, repoRoot, runBotwire, runCli, tempDir, writeFiles } from '../support/cli.js'

const BROKEN_INTERFACE = `kind: interface
name: ticketing
version: 1.0.0
entities:
  ticket:
    schema:
      type: object
      properties:
        id: { type: string }
      require: [id]
actions: {}
`

describe('botwire check', () => {
  it('passes on the repository definitions and says what it checked (the built CLI, in a process of its own)', () => {
    const result = runCli(['check'], { cwd: repoRoot })
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^checked 8 definitions \(1 interface, 4 integrations, 1 plugin, 2 bots\) and 7 built-in interfaces in \d+ ms: no errors\n$/)
  })

  it('counts warnings in its summary and still exits 0', async () => {
    const dir = tempDir()
    cpSync(join(repoRoot, 'test/fixtures/invalid/BW4017-credential-in-plain-text/definitions'), join(dir, 'definitions'), { recursive: true })
    const result = await runBotwire(['check'], { cwd: dir })
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('warning BW4017')
    expect(result.stdout).toMatch(/ ms: no errors, 1 warning\n$/)
  })

  it('reports a broken file at file:line:col with its code, a code frame and a suggestion, and exits 1', async () => {
    const dir = tempDir()
    writeFiles(dir, { 'definitions/ticketing.yaml': BROKEN_INTERFACE })
    const result = await runBotwire(['check'], { cwd: dir })
    expect(result.code).toBe(1)
    expect(result.stdout).toContain(
      "definitions/ticketing.yaml:10:7 - error BW2002: unknown key 'require' in entity 'ticket' schema (did you mean 'required'?)",
    )
    expect(result.stdout).toContain('> 10 |       require: [id]')
    expect(result.stdout).toContain('1 error in 1 file')
    expect(result.stdout).not.toMatch(/\u001b\[/) // not a TTY: no colors
  })

  it('shows a window of an over-long line (a definition written as one line of JSON), not the whole line', async () => {
    const dir = tempDir()
    const properties = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`p${i}`, { type: 'string' }]))
    const definition = {
      kind: 'interface',
      name: 'flat',
      version: '1.0.0',
      entities: { item: { schema: { type: 'object', properties, require: ['p1'] } } },
      actions: {},
    }
    writeFiles(dir, { 'definitions/flat.yaml': JSON.stringify(definition) })
    const result = await runBotwire(['check', '--no-builtins'], { cwd: dir })
    expect(result.code).toBe(1)
    const frameLines = result.stdout.split('\n').filter((line) => line.startsWith('> 1 |') || line.startsWith('    |'))
    expect(frameLines).toHaveLength(2)
    expect(frameLines[0]?.length).toBeLessThan(180)
    const caret = frameLines[1] ?? ''
    expect(frameLines[0]?.slice(caret.indexOf('^'), caret.indexOf('^') + 9)).toBe('"require"')
  })

  it('prints JSON diagnostics with every field', async () => {
    const dir = tempDir()
    writeFiles(dir, { 'definitions/ticketing.yaml': BROKEN_INTERFACE })
    const result = await runBotwire(['check', '--format', 'json'], { cwd: dir })
    expect(result.code).toBe(1)
    const diagnostics = JSON.parse(result.stdout) as Record<string, unknown>[]
    expect(diagnostics).toEqual([
      {
        code: 'BW2002',
        severity: 'error',
        message: "unknown key 'require' in entity 'ticket' schema (did you mean 'required'?)",
        file: 'definitions/ticketing.yaml',
        line: 10,
        column: 7,
        endLine: 10,
        endColumn: 14,
        path: '/entities/ticket/schema/require',
        related: [],
      },
    ])
  })

  it('colors only when forced, and never with NO_COLOR', async () => {
    const dir = tempDir()
    writeFiles(dir, { 'definitions/ticketing.yaml': BROKEN_INTERFACE })
    expect((await runBotwire(['check'], { cwd: dir, env: { FORCE_COLOR: '1' } })).stdout).toMatch(/\u001b\[/)
    expect((await runBotwire(['check'], { cwd: dir, env: { FORCE_COLOR: '1', NO_COLOR: '1' } })).stdout).not.toMatch(/\u001b\[/)
  })

  it('reports every broken file in one run', async () => {
    const dir = tempDir()
    const files: Record<string, string> = {}
    for (let i = 0; i < 100; i++)
      files[`definitions/broken-${String(i).padStart(3, '0')}.yaml`] = `kind: interface\nname: broken-${i}\nversion: 1.0\nentities: {}\nactions: {}\n`
    writeFiles(dir, files)
    const result = await runBotwire(['check', '--format', 'json', '--no-builtins'], { cwd: dir })
    expect(result.code).toBe(1)
    const diagnostics = JSON.parse(result.stdout) as { code: string; file: string; line: number }[]
    expect(diagnostics).toHaveLength(100)
    expect(new Set(diagnostics.map((d) => d.file)).size).toBe(100)
    expect(diagnostics.filter((d) => !(d.code === 'BW2006' && d.line === 3))).toEqual([])
  })

  it('prints nothing of the YAML library on stderr: a collection as a key is reported by botwire itself', async () => {
    const dir = tempDir()
    writeFiles(dir, { 'definitions/tickets.yaml': '? [a, b]\n: c\nkind: interface\nname: tickets\nversion: 1.0.0\nentities: {}\nactions: {}\n' })
    const result = await runBotwire(['check', '--no-builtins'], { cwd: dir })
    expect(result.code).toBe(1)
    expect(result.stdout).toContain("tickets.yaml:1:1 - error BW2002: unknown key '[ a, b ]' in the definition")
    expect(result.stderr).toBe('')
  })
  it('keeps its exit code and prints no stack trace when the reader closes the pipe early (check | head)', () => {
    const dir = tempDir()
    writeFiles(dir, { 'definitions/ticketing.yaml': BROKEN_INTERFACE })
    for (const format of ['pretty', 'json']) {
      // `true` reads nothing and exits at once, so every write botwire makes meets a closed pipe
      const piped = spawnSync('bash', ['-c', `set -o pipefail; "${process.execPath}" "${cliPath}" check --format ${format} | true`], {
        cwd: dir,
        encoding: 'utf8',
      })
      expect([piped.status, piped.stderr]).toEqual([1, ''])
    }
  })

  it('exits 2 on bad usage, in one line, without a stack trace', async () => {
    const dir = tempDir()
    for (const args of [['check', '--definitions', 'nope'], ['check', '--frobnicate'], ['frobnicate'], ['check', '--format', 'xml']]) {
      const result = await runBotwire(args, { cwd: dir })
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr).toMatch(/^botwire: error BW9002: .+\n$/)
      expect(result.stderr).not.toContain('    at ')
    }
  })

  it('suggests the flag a mistyped one most likely meant, and says when --definitions is a file', async () => {
    const dir = tempDir()
    expect((await runBotwire(['check', '--fromat', 'json'], { cwd: dir })).stderr).toBe(
      "botwire: error BW9002: unknown option '--fromat' (did you mean '--format'?)\n",
    )
    // node's argument parser's other complaints, in botwire's words
    expect((await runBotwire(['check', '--definitions'], { cwd: dir })).stderr).toBe('botwire: error BW9002: --definitions needs a value\n')
    expect((await runBotwire(['generate', '--check=yes'], { cwd: dir })).stderr).toBe('botwire: error BW9002: --check takes no value\n')
    expect((await runBotwire(['check', 'definitions'], { cwd: dir })).stderr).toBe(
      "botwire: error BW9002: unexpected argument 'definitions'; this command takes none (flags start with --)\n",
    )
    // run where there is no definitions folder: where to run it, or how to make one
    expect((await runBotwire(['check'], { cwd: dir })).stderr).toBe(
      'botwire: error BW9002: definitions folder not found: definitions (run botwire in the project that holds it, pass --definitions DIR, or write a first definition with botwire init bot NAME)\n',
    )
    writeFiles(dir, { 'defs.yaml': 'kind: bot\n' })
    expect((await runBotwire(['check', '--definitions', 'defs.yaml'], { cwd: dir })).stderr).toBe(
      'botwire: error BW9002: --definitions takes a folder, and defs.yaml is a file; pass the folder that holds the definition files\n',
    )
  })

  it('checks a copy of the example workspace with the built-ins from the package', async () => {
    const result = await runBotwire(['check'], { cwd: exampleWorkspace() })
    expect(result.code).toBe(0)
  })

  it('--help and --version answer and exit 0', async () => {
    expect((await runBotwire(['--help'], { cwd: repoRoot })).stdout).toContain('botwire generate')
    expect((await runBotwire(['--version'], { cwd: repoRoot })).stdout).toMatch(/^\d+\.\d+\.\d+\n$/)
  })
})
