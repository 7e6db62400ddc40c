// `botwire --help` and `botwire <command> --help`: each command's own usage and flags, and
// a docs link that leads to a heading that exists in the installed package's docs.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { COMMANDS } from '../../src/cli/help.js'
import { repoRoot, runBotwire } from '../support/cli.js'
import { anchorsOf } from '../support/docAnchors.js'

describe('help', () => {
  it('botwire --help lists every command and exits 0', async () => {
    const result = await runBotwire(['--help'], { cwd: repoRoot })
    expect(result.code).toBe(0)
    for (const name of Object.keys(COMMANDS)) expect(result.stdout).toContain(`botwire ${name}`)
    expect(result.stdout).toMatch(/^docs: docs\/README\.md$/m)
  })

  it.each(Object.keys(COMMANDS))('botwire %s --help prints that command, its flags only, and a docs heading that exists', async (name) => {
    const result = await runBotwire([name, '--help'], { cwd: repoRoot })
    expect(result.code).toBe(0)
    expect(result.stdout.split('\n')[0]).toMatch(new RegExp(`^botwire ${name}: `))
    expect(result.stdout).toMatch(new RegExp(`^usage: botwire ${name} `, 'm'))
    const flags = new Set(result.stdout.match(/^ {2}(--[a-z-]+)/gm)?.map((f) => f.trim()))
    const own = new Set(COMMANDS[name]?.flags.map((f) => f.flag.split(' ')[0]))
    expect(flags).toEqual(own)
    const docs = /^docs: (docs\/cli\.md)#(.+)$/m.exec(result.stdout)
    expect(docs).not.toBeNull()
    expect(anchorsOf(join(repoRoot, docs?.[1] ?? ''))).toContain(docs?.[2])
  })

  it('an unknown command is bad usage with the command it most likely meant', async () => {
    const result = await runBotwire(['genrate'], { cwd: repoRoot })
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      "botwire: error BW9002: unknown command 'genrate' (did you mean 'generate'?); the commands are check, diff, generate, init, lsp, scaffold, serve (botwire --help)\n",
    )
  })
})
