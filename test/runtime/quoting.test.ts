// Runtime error messages quote what a caller gave in one style, single quotes, as they
// quote the runtime's own names (docs/runtime.md#errors).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createRuntime } from '@botwire/runtime'
import { describe, expect, it } from 'vitest'
import { Bot } from '../../generated/bots/support-bot/v1.0.0.js'
import { quoted, shown } from '../../src/jsonSchema/quoting.js'
import { makeImplementations } from './world.js'

describe('quoting in runtime messages', () => {
  it('puts a string in single quotes, escaped so that the quotes stay unambiguous', () => {
    expect(quoted('openai:generateText')).toBe("'openai:generateText'")
    expect(quoted(`it's "here"`)).toBe(`'it\\'s "here"'`)
    expect(quoted('a\\b\nc\u0000')).toBe("'a\\\\b\\nc\\u0000'")
  })

  it('shows any other value as JSON, and never throws', () => {
    const cycle: { self?: unknown } = {}
    cycle.self = cycle
    expect([42, null, undefined, { a: 1 }, 10n, () => 1, cycle].map(shown)).toEqual([
      '42',
      'null',
      'undefined',
      '{"a":1}',
      '10n',
      'a function',
      'a object that cannot be shown as JSON',
    ])
  })

  it('is what every message shows: a caller-given name in a registration, an option key, a value refused', () => {
    const bot = new Bot()
    // @ts-expect-error the bot has no such event: the runtime names it as given
    bot.on.event("mistral:it's", () => undefined)
    const impl = makeImplementations([])
    let error: unknown
    try {
      // @ts-expect-error not the bot's integration name, nor a limit
      createRuntime({ bot, integrations: { 'open ai': impl.openai }, timeLimits: { handlerMs: 'soon' } })
    } catch (thrown) {
      error = thrown
    }
    expect((error as { issues?: string[] }).issues).toEqual([
      "integrations['open ai']: is integration 'openai'; key each integration by its name",
      "bot.on.event('mistral:it\\'s'): bot 'support-bot' adds no integration 'mistral' (its integrations: openai, claude, zendesk)",
      "timeLimits.handlerMs: must be a positive number of milliseconds (Infinity for none), not 'soon'",
    ])
  })

  it('is the only way src/runtime puts JSON text into a message', () => {
    const dir = join(import.meta.dirname, '..', '..', 'src', 'runtime')
    const found = readdirSync(dir)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) => [...readFileSync(join(dir, file), 'utf8').matchAll(/\$\{JSON\.stringify\(/g)].map(() => file))
    expect(found).toEqual([])
  })
})
