// A definition cannot drive the terminal: keys and file names that hold escape sequences
// (ESC[2J clears the screen, ESC]8;; makes a hyperlink), a carriage return (overwrites a
// line) or U+202E (turns the rest of the line around) are printed escaped by the CLI, run
// as a child process as a user's shell runs it; the JSON output escapes them as JSON and
// still parses to the very text (docs/cli.md#what-the-output-shows-of-a-definition).
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { type CliResult, cliPath, exampleWorkspace, runCli, tempDir, writeFiles } from '../support/cli.js'

const ESC = '\x1b'
const BEL = '\x07'
/** A file name that clears the screen, returns to the line's start and reverses what follows. */
const HOSTILE_NAME = `notes${ESC}[2J\r\u202e.yaml`
/** A key (written with YAML escapes) holding a screen clear, an OSC 8 hyperlink, a carriage return and U+202E. */
const HOSTILE_KEY = `a${ESC}[2J${ESC}]8;;https://x.example${BEL}link${ESC}]8;;${BEL}\r\u202eb`
const HOSTILE_KEY_SHOWN = String.raw`a\x1b[2J\x1b]8;;https://x.example\x07link\x1b]8;;\x07\r\u202eb`

const INTERFACE = 'kind: interface\nversion: 1.0.0\nentities: {}\nactions: {}\n'

/** Every raw control character a definition put in these files. */
const RAW = [ESC, BEL, '\r', '\u202e', '\x7f', '\x9b']

describe('the CLI shows what a definition wrote, escaped', () => {
  let root: string
  // `botwire check`'s pretty output on these files, run once for the two tests that read it (about a second of CPU a run)
  let prettyCheck: CliResult | undefined
  const pretty = (): CliResult => {
    prettyCheck ??= runCli(['check'], { cwd: root })
    return prettyCheck
  }
  beforeAll(() => {
    root = tempDir('botwire-escapes-')
    writeFiles(root, {
      // the key as YAML escapes: the parsed key holds the raw characters
      [`definitions/interfaces/${HOSTILE_NAME}`]: `name: notes\n${INTERFACE}"a\\e[2J\\e]8;;https://x.example\\alink\\e]8;;\\a\\r\\u202Eb": 1\n`,
      // the raw characters in the source itself, on the line a code frame shows
      'definitions/interfaces/raw.yaml': `name: raw\n${INTERFACE}red${ESC}[31mkey\u202e\x7f\u009b: 1\n`,
    })
    // a file name that is not UTF-8 is shown too, with its byte escaped (BW1017)
    mkdirSync(join(root, 'definitions', 'more'))
    writeFileSync(Buffer.from([...Buffer.from(`${root}/definitions/more/x`), 0xff, ...Buffer.from('.yaml')]), `name: x\n${INTERFACE}`)
  })

  it('pretty output holds no raw control character from the input, and shows each escaped', () => {
    const { code, stdout } = pretty()
    expect(code).toBe(1)
    for (const raw of RAW) expect(stdout.includes(raw), `raw ${JSON.stringify(raw)} in:\n${stdout}`).toBe(false)
    expect(stdout).toContain(
      String.raw`definitions/interfaces/notes\x1b[2J\r\u202e.yaml:6:1 - error BW2002: unknown key '${HOSTILE_KEY_SHOWN}' in the definition`,
    )
    expect(stdout).toContain(String.raw`definitions/more/x\xff.yaml:1:1 - error BW1017: file name is not valid UTF-8`)
    expect(stdout).not.toContain('ENOENT')
  })

  it('a code frame shows a source line escaped, with the caret under the escaped key', () => {
    const { stdout } = pretty()
    const shownKey = String.raw`red\x1b[31mkey\u202e\x7f\x9b`
    const lines = stdout.split('\n')
    const at = lines.indexOf(`> 6 | ${shownKey}: 1`)
    expect(at, stdout).toBeGreaterThan(0)
    expect(lines[at + 1]).toBe(`    | ${'^'.repeat(shownKey.length)}`)
  })

  it("with colors forced, the only escape sequences are botwire's own colors", () => {
    const { stdout } = runCli(['check'], { cwd: root, env: { FORCE_COLOR: '1' } })
    expect(stdout).toContain(`${ESC}[31m`) // botwire's red, so colors are on
    // every ESC starts a color (SGR: ESC [ digits;... m), none a screen clear or a hyperlink
    expect(
      stdout
        .split(ESC)
        .slice(1)
        .filter((after) => !/^\[[0-9;]*m/.test(after)),
    ).toEqual([])
    for (const raw of RAW.filter((r) => r !== ESC)) expect(stdout.includes(raw)).toBe(false)
  })

  it('JSON output escapes them as JSON, and parses to the exact key and file name', () => {
    const { stdout } = runCli(['check', '--format', 'json'], { cwd: root })
    for (const raw of RAW) expect(stdout.includes(raw), `raw ${JSON.stringify(raw)}`).toBe(false)
    expect(stdout).toContain('\\u001b[2J')
    expect(stdout).toContain('\\u202e')
    const records = JSON.parse(stdout) as { file: string; message: string }[]
    expect(records.map((r) => r.file)).toContain(`definitions/interfaces/${HOSTILE_NAME}`)
    expect(records.map((r) => r.message)).toContain(`unknown key '${HOSTILE_KEY}' in the definition`)
  })
})

describe('botwire diff shows what the definitions wrote, escaped', () => {
  it('in file names, changes and code frames', () => {
    const root = tempDir('botwire-escapes-diff-')
    const entity = (property: string) =>
      `kind: interface\nname: notes\nversion: 1.0.0\nentities:\n  note:\n    schema: { type: object, properties: { ${property}: { type: string } } }\nactions: {}\n`
    writeFiles(root, { [`old/${HOSTILE_NAME}`]: entity('text'), [`new/${HOSTILE_NAME}`]: entity(`"t\\e[2J\\u202Ex"`) })
    const { stdout } = runCli(['diff', 'old', 'new', '--no-builtins'], { cwd: root })
    expect(stdout).toContain(String.raw`t\x1b[2J\u202ex`)
    expect(stdout).toContain(String.raw`notes\x1b[2J\r\u202e.yaml`)
    for (const raw of RAW) expect(stdout.includes(raw), `raw ${JSON.stringify(raw)} in:\n${stdout}`).toBe(false)
  })
})

describe("generate --check shows a stale file's lines escaped", () => {
  it('a line edited in the output folder to hold escape sequences is shown escaped in the diff', () => {
    const dir = exampleWorkspace()
    expect(runCli(['generate'], { cwd: dir }).code).toBe(0)
    const bot = join(dir, 'generated/bots/support-bot/v1.0.0.ts')
    writeFileSync(bot, `// ${ESC}[2J${ESC}]8;;https://x.example${BEL}here\r\u202e\n${readFileSync(bot, 'utf8')}`)
    const { code, stdout } = runCli(['generate', '--check'], { cwd: dir })
    expect(code).toBe(1)
    for (const raw of RAW) expect(stdout.includes(raw), `raw ${JSON.stringify(raw)} in:\n${stdout}`).toBe(false)
    expect(stdout).toContain(String.raw`-// \x1b[2J\x1b]8;;https://x.example\x07here\r\u202e`)
  })
})

describe('what the output folder holds is shown escaped too (it is as untrusted as a definition)', () => {
  it("the lock holder's host name, while generate waits for the lock", async () => {
    const dir = tempDir('botwire-escapes-lock-')
    writeFiles(dir, {
      'definitions/hello.yaml': 'kind: bot\nname: hello\nversion: 1.0.0\n',
      // held by this test's process, which is alive, under a host name that clears the screen
      'generated/.botwire-lock': `${JSON.stringify({ pid: process.pid, host: `host${ESC}[2J\r\u202e` })}\n`,
    })
    const child = spawn(process.execPath, [cliPath, 'generate'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    let sent = false
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8')
      // one Ctrl-C: a second one, as from a user who presses it again, ends the process at once
      if (!sent && stderr.includes('waiting for it')) {
        sent = true
        child.kill('SIGINT')
      }
    })
    const code = await new Promise<number | null>((resolvePromise) => child.once('close', resolvePromise))
    expect(code).toBe(130)
    for (const raw of RAW) expect(stderr.includes(raw), `raw ${JSON.stringify(raw)} in:\n${stderr}`).toBe(false)
    expect(stderr).toContain(`(process ${process.pid} on ${String.raw`host\x1b[2J\r\u202e`} holds generated/.botwire-lock)`)
  })

  it('an implementation file the manifest records, under a hostile path and name', () => {
    const dir = tempDir('botwire-escapes-record-')
    writeFiles(dir, { 'definitions/hello.yaml': 'kind: bot\nname: hello\nversion: 1.0.0\n' })
    expect(runCli(['generate'], { cwd: dir }).code).toBe(0)
    const manifestPath = join(dir, 'generated', 'botwire-manifest.json')
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>
    const record = { path: `../src/x${ESC}[2J\u202e.ts`, kind: 'bot', name: `gone${ESC}]8;;https://x.example${BEL}`, version: '1.0.0', actions: [] }
    writeFileSync(manifestPath, JSON.stringify({ ...manifest, scaffolded: [record] }))
    const { code, stdout } = runCli(['generate'], { cwd: dir })
    expect(code).toBe(0)
    for (const raw of RAW) expect(stdout.includes(raw), `raw ${JSON.stringify(raw)} in:\n${stdout}`).toBe(false)
    expect(stdout).toContain(String.raw`src/x\x1b[2J\u202e.ts implements bot 'gone\x1b]8;;https://x.example\x07', which the definitions no longer have`)
  })
})
