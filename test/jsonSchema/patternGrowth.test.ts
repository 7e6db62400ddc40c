// A schema's `pattern` is run on a linear-time engine wherever botwire tries it on a string
// (docs/security.md#patterns): a pattern with catastrophic backtracking (`^(a+)+$`, which
// JavaScript's RegExp needs about 20 s for at 28 characters, doubling with each more) costs
// time in proportion to the string, whether the string is a default in a definition, a
// value in a bot's configuration, or a payload the runtime validates. Growth is measured,
// not timed: CPU at N and 2N in the same run, the minimum of a few runs, ratio near 2.
import { describe, expect, it } from 'vitest'
import { type SchemaDefinitions, validateValue } from '../../src/runtime/validation.js'
import { diagnosticsOf } from '../support/checkHarness.js'
import { cpuGrowth, expectNearLinear, type Growth } from '../support/growth.js'

const CATASTROPHIC = ['^(a+)+$', '^(a|a)*$', '^(a|aa)+$', '^(\\w+\\s?)*$']
/** A string the patterns above fail on only after trying every way to split the run of a's. */
const hostile = (length: number): string => `${'a'.repeat(length)}!`

/** How `run`'s work grows from `length` to twice that (test/support/growth.ts). */
function growth(run: (length: number) => void, length: number): Promise<Growth> {
  return cpuGrowth((size) => () => run(size), length)
}

const integration = (pattern: string, value: string): string =>
  [
    'kind: integration',
    'name: desk',
    'version: 1.0.0',
    'configuration:',
    '  schema:',
    '    type: object',
    '    properties:',
    `      subdomain: { type: string, pattern: '${pattern.replaceAll("'", "''")}', default: '${value}' }`,
    '',
  ].join('\n')

const bot = (value: string): string =>
  [
    'kind: bot',
    'name: desk-bot',
    'version: 1.0.0',
    'integrations:',
    '  desk:',
    '    integration: desk',
    '    version: 1.0.0',
    '    configuration:',
    `      subdomain: '${value}'`,
    '',
  ].join('\n')

describe('a catastrophic pattern in a default', () => {
  const checkDefault = (pattern: string, length: number) => diagnosticsOf({ 'desk.yaml': integration(pattern, hostile(length)) })

  it.each(CATASTROPHIC)("'%s': the issue's 28 characters and 10,000 characters are rejected at the default (BW2016)", (pattern) => {
    for (const length of [28, 10_000]) {
      expect(checkDefault(pattern, length)).toMatchObject([
        {
          code: 'BW2016',
          message: expect.stringMatching(/^default "a+!" is rejected by this schema itself \(value: must match the pattern '.+', not 'a+(!'|…)\)$/),
        },
      ])
    }
  })

  it.each(CATASTROPHIC)("'%s': the check's CPU grows linearly with the default's length", async (pattern) => {
    expectNearLinear(await growth((length) => checkDefault(pattern, length), 100_000))
  })
})

describe('a catastrophic pattern met by a bot configuration value', () => {
  const checkBot = (pattern: string, length: number) => diagnosticsOf({ 'desk.yaml': integration(pattern, 'a'), 'desk-bot.yaml': bot(hostile(length)) })

  it.each(CATASTROPHIC)("'%s': the issue's 28 characters and 10,000 characters are rejected at the value", (pattern) => {
    for (const length of [28, 10_000]) {
      expect(checkBot(pattern, length)).toMatchObject([{ code: expect.stringMatching(/^BW4\d{3}$/), message: expect.stringMatching(/subdomain/) }])
    }
  })

  it.each(CATASTROPHIC)("'%s': the check's CPU grows linearly with the value's length", async (pattern) => {
    expectNearLinear(await growth((length) => checkBot(pattern, length), 100_000))
  })
})

describe('a catastrophic pattern met by a payload at run time', () => {
  // what the runtime does for a channel message, an event payload or an action input: the
  // definition's schema, its `$ref`s into the generated `definitions` section
  const definitions: SchemaDefinitions = { chunk: { type: 'object', properties: { content: { type: 'string', pattern: '^(a+)+$' } }, required: ['content'] } }
  const schema = { $ref: '#/definitions/chunk' }
  const receive = (length: number): string[] => validateValue({ content: hostile(length) }, schema, definitions, 'payload')

  it("rejects the issue's 28 characters and a 10,000-character payload", () => {
    expect(receive(28)).toEqual(["payload.content: must match the pattern '^(a+)+$'"])
    expect(receive(10_000)).toEqual(["payload.content: must match the pattern '^(a+)+$'"])
    expect(validateValue({ content: 'a'.repeat(10_000) }, schema, definitions, 'payload')).toEqual([])
  })

  it("validation's CPU grows linearly with the payload's length", async () => {
    expectNearLinear(await growth(receive, 200_000))
  })
})
