// What `botwire diff` shows beyond the level of one change: the order of the changes, how
// an entity is resolved when a use changes between an entity and its schema written out,
// and the enforcement's answer at the edges of the version arithmetic. A mutation run found
// these unasserted (docs/testing.md#mutation-testing).
import { describe, expect, it } from 'vitest'
import type { DefinitionDiff } from '../../src/diff/types.js'
import { diffCase, diffSides, resultFor } from './support.js'

/** Diffs two versions of the interface `demo`. */
const diffOf = (old: string, neu: string): DefinitionDiff => diffSides({ 'demo.yaml': old }, { 'demo.yaml': neu })

const head = (version: string): string => `kind: interface\nname: demo\nversion: ${version}\nentities: {}\n`
const OBJ = '{ schema: { type: object } }'
const act = (name: string, more = '', input = OBJ): string => `  ${name}: { input: ${input}, output: ${OBJ}${more} }\n`

describe('the order of the changes', () => {
  it('weightiest first; at one level the new side before the old; then by place', () => {
    const old = `${head('1.0.0')}actions:\n${act('gone')}${act('ping')}${act('ago')}${act('stay')}`
    const neu = `${head('2.0.0')}actions:\n${act('stay', ', title: Stay')}${act('zeta')}${act('mid')}${act('beta')}${act('ping', '', '{ schema: { type: object, required: [id], properties: { id: { type: string } } } }')}${act('alpha')}`
    const { changes } = diffOf(old, neu)
    // and none of them is marked undecidable: each was decided
    expect(changes.filter((c) => 'undecidable' in c)).toEqual([])
    expect(changes.map((c) => `${c.level} ${c.side} ${c.path}`)).toEqual([
      'major new /actions/ping/input/schema/required/0',
      'major old /actions/ago',
      'major old /actions/gone',
      'minor new /actions/alpha',
      'minor new /actions/beta',
      'minor new /actions/mid',
      'minor new /actions/zeta',
      'patch new /actions/stay/title',
    ])
  })

  // written out of place order on purpose, and not in reverse order either: a sort that only
  // keeps or reverses what it is given would pass the case above, not this one
  it('sorts changes written in any order: by place within a level and side, the new side first at each level', () => {
    // at the patch level the new side's change (s1's title added) is found before the old
    // side's (s2's title removed); at the major level, after
    const old = `${head('1.0.0')}actions:\n${act('mid')}${act('s1')}${act('alpha')}${act('s2', ', title: Two')}${act('zeta')}${act('ping')}`
    const neu = `${head('2.0.0')}actions:\n${act('s1', ', title: One')}${act('kappa')}${act('s2')}${act('beta')}${act('omega')}${act('ping', '', '{ schema: { type: object, required: [id], properties: { id: { type: string } } } }')}`
    expect(diffOf(old, neu).changes.map((c) => `${c.level} ${c.side} ${c.path}`)).toEqual([
      'major new /actions/ping/input/schema/required/0',
      'major old /actions/alpha',
      'major old /actions/mid',
      'major old /actions/zeta',
      'minor new /actions/beta',
      'minor new /actions/kappa',
      'minor new /actions/omega',
      'patch new /actions/s1/title',
      'patch old /actions/s2/title',
    ])
  })

  it('changes at one place keep the order the comparison found them in', () => {
    const acme = (version: string, configuration: string): string => `kind: integration\nname: acme\nversion: ${version}\n${configuration}actions: {}\n`
    const configured = 'configuration:\n  schema: { type: object, properties: { apiKey: { type: string }, region: { type: string } }, required: [apiKey] }\n'
    // no configuration is an empty, closed one: each property given before is refused now
    const d = diffSides({ 'acme.yaml': acme('1.0.0', configured) }, { 'acme.yaml': acme('2.0.0', '') }, 'acme')
    const rejects = 'major new /configuration/schema/additionalProperties the configuration rejects values it accepted:'
    expect(d.changes.map((c) => `${c.level} ${c.side} ${c.path} ${c.message}`)).toEqual([
      `${rejects} the new schema is closed (additionalProperties: false), so this object must be closed too, but it admits any properties`,
      `${rejects} property 'apiKey' is not allowed by the new schema (additionalProperties: false)`,
      `${rejects} property 'region' is not allowed by the new schema (additionalProperties: false)`,
    ])
  })
})

describe('the enforcement at the edges of the version arithmetic', () => {
  const plain = `actions:\n${act('ping')}`
  const added = `actions:\n${act('ping')}${act('pong')}`
  const removed = 'actions: {}\n'
  const verdict = (from: string, to: string, body: string): Pick<DefinitionDiff, 'ok' | 'declared' | 'required' | 'notes'> & { problem?: string } => {
    const { ok, declared, required, notes, problem } = diffOf(`${head(from)}${plain}`, `${head(to)}${body}`)
    return { ok, declared, required, notes, ...(problem === undefined ? {} : { problem }) }
  }
  const RC_NOTE = (from: string): string => `${from} is a pre-release, which promises no compatibility: any change is allowed up to its release`

  it('a changed content at the same version, and a version that went down, are each said as such', () => {
    expect(verdict('1.0.0', '1.0.0', added).problem).toBe('the content changed but the version did not (1.0.0)')
    expect(verdict('1.1.0', '1.0.0', added).problem).toBe('the version went down (1.1.0 -> 1.0.0)')
  })

  it('a pre-release bump counts as the bump it leads to', () => {
    expect(verdict('1.2.0', '1.3.0-rc.1', added)).toMatchObject({ ok: true, declared: 'minor' })
    expect(verdict('1.2.0', '1.2.1-rc.1', plain)).toMatchObject({ ok: true, declared: 'patch' })
  })

  it('between pre-releases of one version: nothing said when nothing changed, the pre-release note when something did', () => {
    expect(verdict('2.0.0-rc.1', '2.0.0-rc.2', plain)).toEqual({ ok: true, declared: 'prerelease', required: 'none', notes: [] })
    expect(verdict('2.0.0-rc.1', '2.0.0-rc.2', removed)).toEqual({ ok: true, declared: 'prerelease', required: 'major', notes: [RC_NOTE('2.0.0-rc.1')] })
  })

  it('from a pre-release, only its own release takes any change; another release needs the bump', () => {
    expect(verdict('1.2.0-rc.1', '1.2.0', removed)).toMatchObject({ ok: true, notes: [RC_NOTE('1.2.0-rc.1')] })
    expect(verdict('1.2.0-rc.1', '1.2.1', removed)).toMatchObject({ ok: false, declared: 'patch' })
    expect(verdict('1.2.0-rc.1', '1.3.0', removed)).toMatchObject({ ok: false, declared: 'minor' })
    expect(verdict('1.2.0-rc.1', '2.2.0', removed)).toEqual({ ok: true, declared: 'major', required: 'major', notes: [] })
  })
})

describe('an entity compared with its schema written out', () => {
  const ITEM = '{ type: object, properties: { id: { type: string } } }'
  const withItem = (version: string, input: string): string =>
    `kind: interface\nname: demo\nversion: ${version}\nentities:\n  item:\n    schema: ${ITEM}\nactions:\n${act('get', '', `{ schema: ${input} }`)}`

  const says = (d: DefinitionDiff): string[] => d.changes.map((c) => `${c.level} ${c.side} ${c.path} ${c.message}`)

  it('in an interface: the same schema is a patch; a difference is shown where it is written', () => {
    expect(says(diffOf(withItem('1.0.0', '{ $entity: item }'), withItem('1.0.1', ITEM)))).toEqual([
      "patch new /actions/get/input/schema input of action 'get' is written differently but admits the same values",
    ])
    const narrowed = '{ type: object, properties: { id: { type: string } }, required: [id] }'
    expect(diffOf(withItem('1.0.0', '{ $entity: item }'), withItem('2.0.0', narrowed)).changes.map((c) => `${c.level} ${c.side} ${c.path}`)).toEqual([
      'major new /actions/get/input/schema/required/0',
    ])
  })
})

describe('an interface’s entity seen from a plugin', () => {
  // an entity that references another: seen from the plugin, the reference is qualified
  // (\`part\` is \`llm.part\`); a property named like a keyword is still a schema
  const LLM = `kind: interface\nname: llm\nversion: 1.0.0\nentities:
  part:
    schema: { type: object, properties: { text: { type: string } } }
  message:
    schema: { type: object, properties: { body: { $entity: part }, enum: { $entity: part }, kind: { type: string, enum: [a, b] }, tag: { const: x } } }
actions: {}\n`
  const WRITTEN =
    '{ type: object, properties: { body: { $entity: llm.part }, enum: { $entity: llm.part }, kind: { type: string, enum: [a, b] }, tag: { const: x } } }'
  const helper = (version: string, input: string): string =>
    `kind: plugin\nname: helper\nversion: ${version}\ninterfaces:\n  llm: { name: llm, version: ^1.0.0 }\nactions:\n${act('send', '', `{ schema: ${input} }`)}`

  it('the entity written out with its references qualified admits the same values', () => {
    const d = diffSides(
      { 'llm.yaml': LLM, 'helper.yaml': helper('1.0.0', '{ $entity: llm.message }') },
      { 'llm.yaml': LLM, 'helper.yaml': helper('1.0.1', WRITTEN) },
      'helper',
    )
    expect(d.changes.map((c) => `${c.level} ${c.side} ${c.path} ${c.message}`)).toEqual([
      "patch new /actions/send/input/schema input of action 'send' is written differently but admits the same values",
    ])
  })

  it('a difference from the entity is placed where each side says it', () => {
    const wider = WRITTEN.replace('enum: [a, b]', 'enum: [a, b, c]')
    const narrower = WRITTEN.replace('enum: [a, b]', 'enum: [a]')
    const changes = (old: string, neu: string, version: string): string[] =>
      diffSides({ 'llm.yaml': LLM, 'helper.yaml': helper('1.0.0', old) }, { 'llm.yaml': LLM, 'helper.yaml': helper(version, neu) }, 'helper').changes.map(
        (c) => `${c.level} ${c.side} ${c.file}:${c.line}:${c.column} ${c.path}`,
      )
    expect(changes('{ $entity: llm.message }', wider, '1.1.0')).toEqual(['minor new new/helper.yaml:7:151 /actions/send/input/schema/properties/kind/enum/2'])
    expect(changes('{ $entity: llm.message }', narrower, '2.0.0')).toEqual(['major new new/helper.yaml:7:138 /actions/send/input/schema/properties/kind/enum'])
    expect(changes(wider, '{ $entity: llm.message }', '2.0.0')).toEqual(['major old old/helper.yaml:7:151 /actions/send/input/schema/properties/kind/enum/2'])
    expect(changes(narrower, '{ $entity: llm.message }', '1.1.0')).toEqual(['minor old old/helper.yaml:7:138 /actions/send/input/schema/properties/kind/enum'])
  })
})

describe('an implemented interface version that changes only in its pre-release or build part', () => {
  const demo = (version: string): string => `kind: interface\nname: demo\nversion: ${version}\nentities: {}\nactions: {}\n`
  const acme = (version: string, implemented: string): string =>
    `kind: integration\nname: acme\nversion: ${version}\nactions: {}\ninterfaces:\n  demo: { name: demo, version: ${implemented}, entities: {} }\n`
  const side = (version: string, implemented: string): Record<string, string> => ({
    'demo-rc1.yaml': demo('1.0.0-rc.1'),
    'demo-rc2.yaml': demo('1.0.0-rc.2'),
    'demo.yaml': demo('1.0.0'),
    'acme.yaml': acme(version, implemented),
  })
  const says = (d: DefinitionDiff): string[] => d.changes.map((c) => `${c.level} ${c.path} ${c.message}`)

  it('is a patch', () => {
    expect(says(diffSides(side('1.0.0', '1.0.0-rc.1'), side('1.0.1', '1.0.0-rc.2'), 'acme'))).toEqual([
      'patch /interfaces/demo/version implements demo 1.0.0-rc.2 instead of 1.0.0-rc.1',
    ])
    expect(says(diffSides(side('1.0.0', '1.0.0'), side('1.0.1', '1.0.0+build.2'), 'acme'))).toEqual([
      'patch /interfaces/demo/version implements demo 1.0.0+build.2 instead of 1.0.0',
    ])
  })
})

describe('an implementation changed at the same interface version', () => {
  it('shows the change, and no change of the version', () => {
    expect(resultFor(diffCase('override-renamed'), 'integration', 'acme').changes.map((c) => `${c.level} ${c.path}`)).toEqual([
      'major /interfaces/demo/actions/search/name',
    ])
  })
})

describe('entities resolved across the two sides', () => {
  const act = (input: string): string => `actions:\n  a:\n    input: { schema: ${input} }\n    output: { schema: { type: object } }\n`
  const says = (d: DefinitionDiff): string[] => d.changes.map((c) => `${c.level} ${c.side} ${c.file}:${c.line}:${c.column} ${c.path} ${c.message}`)
  const SAME = "input of action 'a' is written differently but admits the same values"

  it('seen from a plugin, a value in const, enum, default or examples is data: an $entity key in it is not qualified', () => {
    const LLM = `kind: interface\nname: llm\nversion: 1.0.0\nentities:
  part: { schema: { type: object, properties: { text: { type: string } } } }
  message:
    schema: { type: object, properties: { body: { $entity: part }, tag: { const: { $entity: part } }, kind: { enum: [{ $entity: part }, x] }, note: { type: object, default: { $entity: part }, examples: [{ $entity: part }] } } }
actions: {}\n`
    const WRITTEN =
      '{ type: object, properties: { body: { $entity: llm.part }, tag: { const: { $entity: part } }, kind: { enum: [{ $entity: part }, x] }, note: { type: object, default: { $entity: part }, examples: [{ $entity: part }] } } }'
    const helper = (version: string, input: string): string =>
      `kind: plugin\nname: helper\nversion: ${version}\ninterfaces:\n  llm: { name: llm, version: ^1.0.0 }\n${act(input)}`
    expect(
      says(
        diffSides(
          { 'llm.yaml': LLM, 'helper.yaml': helper('1.0.0', '{ $entity: llm.message }') },
          { 'llm.yaml': LLM, 'helper.yaml': helper('1.0.1', WRITTEN) },
          'helper',
        ),
      ),
    ).toEqual([`patch new new/helper.yaml:8:14 /actions/a/input/schema ${SAME}`])
  })

  it('an integration’s entity: compared with its schema written out; a difference inside it shown there, in the side that has it', () => {
    const acme = (version: string, input: string, extra = ''): string =>
      `kind: integration\nname: acme\nversion: ${version}\nentities:\n  record: { schema: { type: object, properties: { id: { type: string }, at: { $entity: stamp } } } }\n  stamp: { schema: { type: string } }\n  entry: { schema: { type: object, properties: { id: { type: integer } } } }\n${extra}${act(input)}`
    const RECORD = '{ type: object, properties: { id: { type: string }, at: { $entity: stamp } } }'
    const run = (old: string, neu: string, version: string, extra = ''): string[] =>
      says(diffSides({ 'acme.yaml': acme('1.0.0', old) }, { 'acme.yaml': acme(version, neu, extra) }, 'acme'))
    expect(run('{ $entity: record }', RECORD, '1.0.1')).toEqual([`patch new new/acme.yaml:10:14 /actions/a/input/schema ${SAME}`])
    expect(run('{ $entity: record }', RECORD.replace('id: { type: string }', 'id: { type: integer }'), '2.0.0')).toEqual([
      "major new new/acme.yaml:10:52 /actions/a/input/schema/properties/id input of action 'a' rejects values it accepted: string does not extend integer",
    ])
    expect(run('{ $entity: record }', '{ $entity: entry }', '2.0.0')).toEqual([
      "major old old/acme.yaml:7:50 /entities/entry/schema/properties/id input of action 'a' rejects values it accepted: string does not extend integer",
    ])
    // an entity only the new side has
    expect(
      run(
        '{ type: object, properties: { id: { type: string } } }',
        '{ $entity: fresh }',
        '2.0.0',
        '  fresh: { schema: { type: object, properties: { id: { type: boolean } } } }\n',
      ),
    ).toEqual([
      "major new new/acme.yaml:8:50 /entities/fresh/schema/properties/id input of action 'a' rejects values it accepted: string does not extend boolean",
      "minor new new/acme.yaml:8:3 /entities/fresh entity 'fresh' added",
    ])
  })

  it('a $message is its standard payload on both sides; a $ref its $defs entry, where a difference inside it is shown', () => {
    const demo = (version: string, input: string): string =>
      `kind: interface\nname: demo\nversion: ${version}\nentities: {}\n$defs:\n  note: { type: object, properties: { id: { type: string } } }\n  memo: { type: object, properties: { id: { type: integer } } }\n${act(input)}`
    const run = (old: string, neu: string, version: string): string[] =>
      says(diffSides({ 'demo.yaml': demo('1.0.0', old) }, { 'demo.yaml': demo(version, neu) }))
    const MORE = "minor new new/demo.yaml:10:14 /actions/a/input/schema input of action 'a' accepts more:"
    expect(run('{ $message: text }', '{ type: object }', '1.1.0')).toEqual([
      `${MORE} the text message payload is closed (additionalProperties: false), so this object must be closed too, but it admits any properties`,
      `${MORE} property 'text' is required by the text message payload but missing in the new schema`,
    ])
    // a payload is written in no file: a difference inside it is shown where the $message is used
    const REJECTS = "major new new/demo.yaml:10:14 /actions/a/input/schema input of action 'a' rejects values it accepted:"
    expect(run('{ type: object }', '{ $message: text }', '2.0.0')).toEqual([
      `${REJECTS} the text message payload is closed (additionalProperties: false), so this object must be closed too, but it admits any properties`,
      `${REJECTS} property 'text' is required by the text message payload but missing in the old schema`,
    ])
    expect(run("{ $ref: '#/$defs/note' }", "{ $ref: '#/$defs/memo' }", '2.0.0')).toEqual([
      "major old old/demo.yaml:7:39 /$defs/memo/properties/id input of action 'a' rejects values it accepted: string does not extend integer",
    ])
  })

  it('an entity changed between the sides while a use of it is written out: the use is compared with the old side’s entity', () => {
    const demo = (version: string, item: string, input: string): string =>
      `kind: interface\nname: demo\nversion: ${version}\nentities:\n  item: { schema: ${item} }\n${act(input)}`
    const [STRING, INTEGER] = ['{ type: object, properties: { id: { type: string } } }', '{ type: object, properties: { id: { type: integer } } }']
    const ENTITY =
      "major new new/demo.yaml:5:49 /entities/item/schema/properties/id entity 'item' rejects values it admitted and admits values it did not (entities and channel messages flow both ways): string does not extend integer; integer does not extend string"
    // the use written out as the new entity: it differs from the old one, there
    expect(says(diffSides({ 'demo.yaml': demo('1.0.0', STRING, '{ $entity: item }') }, { 'demo.yaml': demo('2.0.0', INTEGER, INTEGER) }))).toEqual([
      "major new new/demo.yaml:8:52 /actions/a/input/schema/properties/id input of action 'a' rejects values it accepted: string does not extend integer",
      ENTITY,
    ])
    // the old use written out as the old entity, now a reference: the change is the entity's, said once
    expect(says(diffSides({ 'demo.yaml': demo('1.0.0', STRING, STRING) }, { 'demo.yaml': demo('2.0.0', INTEGER, '{ $entity: item }') }))).toEqual([
      ENTITY,
      `patch new new/demo.yaml:8:14 /actions/a/input/schema ${SAME}`,
    ])
  })
})
