// What `botwire diff` shows for a changed definition, member by member
// (src/versioning/compareDefinition.ts): members added, removed and renamed, the metadata of
// each (titles, descriptions, billable, cacheable, attributes, `x-` annotations) and where
// each schema is compared, by its role. A mutation run found most of these unasserted
// (docs/testing.md#mutation-testing).
import { describe, expect, it } from 'vitest'
import type { DefinitionDiff } from '../../src/diff/types.js'
import { diffSides } from './support.js'

const shown = (d: DefinitionDiff): string[] => d.changes.map((c) => `${c.level} ${c.side} ${c.file}:${c.line}:${c.column} ${c.path} ${c.message}`)

describe('an interface changed in every member', () => {
  const old = `kind: interface
name: demo
version: 1.0.0
title: Demo
description: First
x-tag: { a: 1 }
x-old: 1
x-a: 1
x-b: { b: 1 }
$defs:
  gone: { type: string }
  kept: { type: string }
  same: { type: string, title: S }
  tagged: { type: string, description: x }
entities:
  item: { title: Item, description: An item, schema: { type: object, properties: { id: { type: string } } } }
  lost: { schema: { type: object } }
actions:
  a:
    title: A
    billable: false
    attributes: { timeout: 30s, lane: fast, keep: same }
    input: { title: In, schema: { type: object } }
    output: { schema: { type: object } }
  ping: { input: { schema: { type: object, properties: { q: { type: string } } } }, output: { schema: { type: object } } }
  drop: { input: { schema: { type: object } }, output: { schema: { type: object } } }
events:
  e: { title: E, description: d1, attributes: { k: v }, schema: { type: object, properties: { n: { type: integer }, lost: { type: string } } } }
  left: { schema: { type: object } }
channels:
  c:
    title: C
    messages:
      m: { title: M, schema: { type: object, properties: { t: { type: string } } } }
      gone: { schema: { type: object } }
  c2: { messages: { x: { schema: { type: object } } } }
`
  const neu = `kind: interface
name: demo
version: 2.0.0
title: Demo 2
x-tag: { a: 2 }
x-new: true
x-a: { b: 1 }
x-b: 2
$defs:
  kept: { type: integer }
  same: { type: string, title: S2 }
  tagged: { type: string }
  fresh: { type: string }
entities:
  item: { title: Item 2, schema: { type: object, properties: { id: { type: string } } } }
  found: { schema: { type: object } }
actions:
  a:
    title: A2
    description: now
    billable: true
    cacheable: true
    attributes: { timeout: 60s, zone: eu, keep: same }
    input: { title: In2, schema: { type: object } }
    output: { schema: { type: object } }
  check: { input: { schema: { type: object, properties: { q: { type: string } } } }, output: { schema: { type: object } } }
  drop2: { input: { schema: { type: object } }, output: { schema: { type: object }, title: T } }
events:
  e: { title: E2, description: d2, attributes: { k: w }, schema: { type: object, properties: { n: { type: number } } } }
  arrived: { schema: { type: object, title: New } }
channels:
  c:
    description: D
    messages:
      m: { title: M2, schema: { type: object, properties: { t: { type: integer } } } }
      born: { schema: { type: object } }
  c3: { messages: { y: { schema: { type: object } } } }
`

  it('shows each change with its level, place and words: removals in the old file, a renamed member guessed, scalars before and after', () => {
    expect(shown(diffSides({ 'demo.yaml': old }, { 'demo.yaml': neu }))).toEqual([
      "major new new/demo.yaml:10:3 /$defs/kept $defs 'kept' rejects values it admitted and admits values it did not (entities and channel messages flow both ways): string does not extend integer; integer does not extend string",
      "major new new/demo.yaml:35:61 /channels/c/messages/m/schema/properties/t message 'm' of channel 'c' rejects values it admitted and admits values it did not (entities and channel messages flow both ways): string does not extend integer; integer does not extend string",
      "major new new/demo.yaml:29:96 /events/e/schema/properties/n payload of event 'e' may produce values it did not: number does not extend integer",
      "major old old/demo.yaml:11:3 /$defs/gone $defs 'gone' removed (renamed to 'fresh'?)",
      "major old old/demo.yaml:26:3 /actions/drop action 'drop' removed",
      "major old old/demo.yaml:25:3 /actions/ping action 'ping' removed (renamed to 'check'?)",
      "major old old/demo.yaml:35:7 /channels/c/messages/gone message 'gone' of channel 'c' removed (renamed to 'born'?)",
      "major old old/demo.yaml:36:3 /channels/c2 channel 'c2' removed",
      "major old old/demo.yaml:17:3 /entities/lost entity 'lost' removed (renamed to 'found'?)",
      "major old old/demo.yaml:28:117 /events/e/schema/properties/lost optional property 'lost' removed from payload of event 'e' (code that reads it no longer compiles)",
      "major old old/demo.yaml:29:3 /events/left event 'left' removed",
      "minor new new/demo.yaml:13:3 /$defs/fresh $defs 'fresh' added",
      "minor new new/demo.yaml:26:3 /actions/check action 'check' added",
      "minor new new/demo.yaml:27:3 /actions/drop2 action 'drop2' added",
      "minor new new/demo.yaml:36:7 /channels/c/messages/born message 'born' of channel 'c' added",
      "minor new new/demo.yaml:37:3 /channels/c3 channel 'c3' added",
      "minor new new/demo.yaml:16:3 /entities/found entity 'found' added",
      "minor new new/demo.yaml:30:3 /events/arrived event 'arrived' added",
      "patch new new/demo.yaml:11:32 /$defs/same/title title changed on $defs 'same'",
      "patch new new/demo.yaml:23:28 /actions/a/attributes/timeout attribute 'timeout' of action 'a' changed (30s -> 60s)",
      "patch new new/demo.yaml:23:39 /actions/a/attributes/zone attribute 'zone' of action 'a' added",
      "patch new new/demo.yaml:21:15 /actions/a/billable billable of action 'a' changed (false -> true)",
      "patch new new/demo.yaml:22:16 /actions/a/cacheable cacheable of action 'a' added",
      "patch new new/demo.yaml:20:18 /actions/a/description description of action 'a' added",
      "patch new new/demo.yaml:24:21 /actions/a/input/title title of input of action 'a' changed (In -> In2)",
      "patch new new/demo.yaml:19:12 /actions/a/title title of action 'a' changed (A -> A2)",
      "patch new new/demo.yaml:33:18 /channels/c/description description of channel 'c' added",
      "patch new new/demo.yaml:35:19 /channels/c/messages/m/title title of message 'm' of channel 'c' changed (M -> M2)",
      "patch new new/demo.yaml:15:18 /entities/item/title title of entity 'item' changed (Item -> Item 2)",
      "patch new new/demo.yaml:29:53 /events/e/attributes/k attribute 'k' of event 'e' changed (v -> w)",
      "patch new new/demo.yaml:29:32 /events/e/description description of event 'e' changed (d1 -> d2)",
      "patch new new/demo.yaml:29:15 /events/e/title title of event 'e' changed (E -> E2)",
      'patch new new/demo.yaml:4:8 /title title of the interface changed (Demo -> Demo 2)',
      'patch new new/demo.yaml:7:1 /x-a x-a of the interface changed',
      'patch new new/demo.yaml:8:6 /x-b x-b of the interface changed',
      'patch new new/demo.yaml:6:8 /x-new x-new of the interface added',
      'patch new new/demo.yaml:5:1 /x-tag x-tag of the interface changed',
      "patch old old/demo.yaml:14:40 /$defs/tagged/description description removed on $defs 'tagged'",
      "patch old old/demo.yaml:22:39 /actions/a/attributes/lane attribute 'lane' of action 'a' removed",
      "patch old old/demo.yaml:32:12 /channels/c/title title of channel 'c' removed",
      'patch old old/demo.yaml:5:14 /description description of the interface removed',
      "patch old old/demo.yaml:16:37 /entities/item/description description of entity 'item' removed",
      'patch old old/demo.yaml:7:8 /x-old x-old of the interface removed',
    ])
  })
})

describe('an integration’s configurations', () => {
  const acme = (version: string, body: string): string => `kind: integration\nname: acme\nversion: ${version}\n${body}actions: {}\n`
  const run = (old: string, neu: string): string[] => shown(diffSides({ 'acme.yaml': acme('1.0.0', old) }, { 'acme.yaml': acme('2.0.0', neu) }, 'acme'))
  const CONF = 'configuration:\n  title: Conf\n  schema: { type: object, properties: { k: { type: string } } }\n'

  it('no configuration is an empty closed one: adding one accepts more, removing one rejects what it took', () => {
    expect(run('', CONF)).toEqual([
      'minor new new/acme.yaml:6:3 /configuration/schema the configuration accepts more: the old schema is closed (additionalProperties: false), so this object must be closed too, but it admits any properties',
      "minor new new/acme.yaml:6:41 /configuration/schema/properties/k optional property 'k' added to the configuration",
    ])
    expect(run(CONF, '')).toEqual([
      'major new new/acme.yaml:1:1 /configuration/schema/additionalProperties the configuration rejects values it accepted: the new schema is closed (additionalProperties: false), so this object must be closed too, but it admits any properties',
      "major new new/acme.yaml:1:1 /configuration/schema/additionalProperties the configuration rejects values it accepted: property 'k' is not allowed by the new schema (additionalProperties: false)",
    ])
  })

  it('the configuration’s title and description are patches', () => {
    expect(
      run('configuration:\n  title: Conf\n  schema: { type: object }\n', 'configuration:\n  title: Conf2\n  description: d\n  schema: { type: object }\n'),
    ).toEqual([
      'patch new new/acme.yaml:6:16 /configuration/description description of the configuration added',
      'patch new new/acme.yaml:5:10 /configuration/title title of the configuration changed (Conf -> Conf2)',
    ])
  })

  it('alternative configurations: added minor, removed major, each compared as an input', () => {
    expect(
      run(
        'configurations:\n  a: { title: A, schema: { type: object, properties: { k: { type: string } } } }\n  b: { schema: { type: object } }\n',
        'configurations:\n  a: { title: A2, schema: { type: object, properties: { k: { type: integer } } } }\n  c: { schema: { type: object } }\n',
      ),
    ).toEqual([
      "major new new/acme.yaml:5:57 /configurations/a/schema/properties/k configuration 'a' rejects values it accepted: string does not extend integer",
      "major old old/acme.yaml:6:3 /configurations/b configuration 'b' removed (renamed to 'c'?)",
      "minor new new/acme.yaml:6:3 /configurations/c configuration 'c' added",
      "patch new new/acme.yaml:5:15 /configurations/a/title title of configuration 'a' changed (A -> A2)",
    ])
  })
})

describe('an integration’s implemented interfaces', () => {
  const demo = (version: string): string =>
    `kind: interface\nname: demo\nversion: ${version}\nentities:\n  item: { schema: { type: object } }\n  tag: { schema: { type: object } }\nactions:\n  search: { input: { schema: { type: object } }, output: { schema: { type: object } } }\n  count: { input: { schema: { type: object } }, output: { schema: { type: object } } }\nevents:\n  found: { schema: { type: object } }\nchannels:\n  feed: { messages: { m: { schema: { type: object } } } }\n`
  const interfaces = {
    'demo.yaml': demo('1.0.0'),
    'demo-1.1.0.yaml': demo('1.1.0'),
    'demo-2.0.0.yaml': demo('2.0.0'),
    'alt.yaml': 'kind: interface\nname: alt\nversion: 1.0.0\nentities: {}\nactions: {}\n',
  }
  const ENTITIES =
    '  record: { schema: { type: object, properties: { id: { type: string } } } }\n  entry: { schema: { type: object, properties: { id: { type: integer } } } }\n  label: { schema: { type: object } }\n'
  const side = (version: string, implemented: string, entities = ENTITIES): Record<string, string> => ({
    ...interfaces,
    'acme.yaml': `kind: integration\nname: acme\nversion: ${version}\nentities:\n${entities}actions: {}\ninterfaces:\n${implemented}`,
  })
  const run = (old: string, neu: string, entities?: string): string[] => shown(diffSides(side('1.0.0', old), side('2.0.0', neu, entities), 'acme'))

  it('one no longer implemented, one now implemented, an alias on another interface', () => {
    expect(
      run(
        '  d: { name: demo, version: 1.0.0, entities: {} }\n  x: { name: demo, version: 1.0.0, entities: {} }\n',
        '  e: { name: demo, version: 1.1.0, entities: {} }\n  x: { name: alt, version: 1.0.0, entities: {} }\n',
      ),
    ).toEqual([
      "major new new/acme.yaml:11:14 /interfaces/x/name alias 'x' now implements interface 'alt' instead of 'demo'",
      "major old old/acme.yaml:10:3 /interfaces/d no longer implements interface 'demo' (alias 'd'): its actions, events and channels are gone",
      "minor new new/acme.yaml:10:3 /interfaces/e now implements interface 'demo' 1.1.0 (alias 'e')",
    ])
  })

  it('the implemented version: a minor, a major and a lower one, each said why', () => {
    expect(
      run(
        '  a: { name: demo, version: 1.0.0, entities: {} }\n  b: { name: demo, version: 1.0.0, entities: {} }\n  c: { name: demo, version: 2.0.0, entities: {} }\n',
        '  a: { name: demo, version: 1.1.0, entities: {} }\n  b: { name: demo, version: 2.0.0, entities: {} }\n  c: { name: demo, version: 1.1.0, entities: {} }\n',
      ),
    ).toEqual([
      'major new new/acme.yaml:11:29 /interfaces/b/version implements demo 2.0.0 instead of 1.0.0: 2.0.0 is a breaking version of the interface',
      'major new new/acme.yaml:12:29 /interfaces/c/version implements demo 1.1.0 instead of 2.0.0: 1.1.0 is a lower version, so what later versions added may be gone',
      'minor new new/acme.yaml:10:29 /interfaces/a/version implements demo 1.1.0 instead of 1.0.0, which may add actions, events and channels',
    ])
  })

  it('entity mappings: removed and added follow the interface version; a mapping to another entity compares the two', () => {
    expect(
      run('  d: { name: demo, version: 1.0.0, entities: { item: record, tag: label } }\n', '  d: { name: demo, version: 1.0.0, entities: { item: entry } }\n'),
    ).toEqual([
      "major new new/acme.yaml:6:50 /entities/entry/schema/properties/id the entity mapped to demo.item ('record' -> 'entry') rejects values it admitted and admits values it did not (entities and channel messages flow both ways): string does not extend integer; integer does not extend string",
      'patch old old/acme.yaml:10:67 /interfaces/d/entities/tag mapping of demo.tag removed (follows the interface version)',
    ])
    expect(
      run('  d: { name: demo, version: 1.0.0, entities: { item: record } }\n', '  d: { name: demo, version: 1.0.0, entities: { item: record, tag: label } }\n'),
    ).toEqual(['patch new new/acme.yaml:10:67 /interfaces/d/entities/tag mapping of demo.tag added (follows the interface version)'])
    expect(
      run(
        '  d: { name: demo, version: 1.0.0, entities: { item: record } }\n',
        '  d: { name: demo, version: 1.0.0, entities: { item: fresh } }\n',
        `${ENTITIES}  fresh: { schema: { type: object } }\n`,
      ),
    ).toEqual([
      "major old old/acme.yaml:5:51 /entities/record/schema/properties/id optional property 'id' removed from the entity mapped to demo.item ('record' -> 'fresh')",
      "minor new new/acme.yaml:8:3 /entities/fresh entity 'fresh' added",
    ])
  })

  it('overrides: a member named otherwise breaks its users; titles, descriptions and attributes are patches', () => {
    expect(
      run(
        '  d:\n    name: demo\n    version: 1.0.0\n    entities: {}\n    actions: { search: { name: find, title: Find } }\n    events: { found: { name: seen } }\n    channels: { feed: { description: F, title: T } }\n',
        '  d:\n    name: demo\n    version: 1.0.0\n    entities: {}\n    actions: { search: { title: Find 2 }, count: { name: tally, attributes: { k: v } } }\n    channels: { feed: { description: G } }\n',
      ),
    ).toEqual([
      "major new new/acme.yaml:14:58 /interfaces/d/actions/count/name demo action 'count' is now named 'tally' (was 'count'): code that uses 'count' breaks",
      "major new new/acme.yaml:14:16 /interfaces/d/actions/search demo action 'search' is now named 'search' (was 'find'): code that uses 'find' breaks",
      "major old old/acme.yaml:15:15 /interfaces/d/events/found demo event 'found' is now named 'found' (was 'seen'): code that uses 'seen' breaks",
      "patch new new/acme.yaml:14:65 /interfaces/d/actions/count/attributes attributes of the override of demo action 'count' added",
      "patch new new/acme.yaml:14:33 /interfaces/d/actions/search/title title of the override of demo action 'search' changed (Find -> Find 2)",
      "patch new new/acme.yaml:15:38 /interfaces/d/channels/feed/description description of the override of demo channel 'feed' changed (F -> G)",
      "patch old old/acme.yaml:16:48 /interfaces/d/channels/feed/title title of the override of demo channel 'feed' removed",
    ])
  })

  it('an entity changed while its mapping stays: said once, at the entity', () => {
    expect(
      run(
        '  d: { name: demo, version: 1.0.0, entities: { item: record } }\n',
        '  d: { name: demo, version: 1.1.0, entities: { item: record } }\n',
        ENTITIES.replace('id: { type: string }', 'id: { type: boolean }'),
      ),
    ).toEqual([
      "major new new/acme.yaml:5:51 /entities/record/schema/properties/id entity 'record' rejects values it admitted and admits values it did not (entities and channel messages flow both ways): string does not extend boolean; boolean does not extend string",
      'minor new new/acme.yaml:10:29 /interfaces/d/version implements demo 1.1.0 instead of 1.0.0, which may add actions, events and channels',
    ])
  })

  it('a mapping to an entity the integration does not have (check refuses it; diff says it is remapped)', () => {
    expect(
      run('  d: { name: demo, version: 1.0.0, entities: { item: record } }\n', '  d: { name: demo, version: 1.0.0, entities: { item: ghost } }\n'),
    ).toEqual(["major new new/acme.yaml:10:54 /interfaces/d/entities/item demo.item is now mapped to 'ghost' (was 'record')"])
  })
})

describe('a plugin’s interface dependencies', () => {
  const plugin = (version: string, interfaces: string): string => `kind: plugin\nname: helper\nversion: ${version}\ninterfaces:\n${interfaces}actions: {}\n`
  const demo = (version: string): string => `kind: interface\nname: demo\nversion: ${version}\nentities: {}\nactions: {}\n`
  const interfaces = {
    'demo.yaml': demo('1.0.0'),
    'demo-2.0.0.yaml': demo('2.0.0'),
    'alt.yaml': 'kind: interface\nname: alt\nversion: 1.0.0\nentities: {}\nactions: {}\n',
  }
  const run = (old: string, neu: string): string[] =>
    shown(diffSides({ ...interfaces, 'helper.yaml': plugin('1.0.0', old) }, { ...interfaces, 'helper.yaml': plugin('2.0.0', neu) }, 'helper'))

  it('removed, added, on another interface, and each kind of range change', () => {
    expect(
      run(
        '  a: { name: demo, version: ^1.0.0 }\n  b: { name: demo, version: ^1.0.0 }\n  c: { name: demo, version: ^1.0.0 }\n  d: { name: demo, version: ^1.0.0 }\n  e: { name: demo, version: ^1.0.0 }\n  f: { name: demo, version: ">=1.0.0" }\n  g: { name: demo, version: ^1.0.0 }\n',
        '  b: { name: alt, version: ^1.0.0 }\n  c: { name: demo, version: ">=1.0.0" }\n  d: { name: demo, version: ~1.0.0 }\n  e: { name: demo, version: ^2.0.0 }\n  f: { name: demo, version: ^1.0.0 }\n  g: { name: demo, version: ^1.0.0 }\n  h: { name: alt, version: ^1.0.0 }\n',
      ),
    ).toEqual([
      "major new new/helper.yaml:5:14 /interfaces/b/name dependency 'b' is now on interface 'alt' instead of 'demo'",
      "major new new/helper.yaml:7:29 /interfaces/d/version dependency 'd' accepts fewer versions of demo (^1.0.0 -> ~1.0.0): bots wired to an integration that implements a version it no longer accepts break",
      "major new new/helper.yaml:8:29 /interfaces/e/version dependency 'e' accepts other versions of demo (^1.0.0 -> ^2.0.0): bots wired to an integration that implements a version it no longer accepts break",
      "major new new/helper.yaml:9:29 /interfaces/f/version dependency 'f' accepts fewer versions of demo (>=1.0.0 -> ^1.0.0): bots wired to an integration that implements a version it no longer accepts break",
      "major new new/helper.yaml:11:3 /interfaces/h new dependency 'h' on interface 'alt' ^1.0.0: every bot that adds this plugin must now wire it",
      "major old old/helper.yaml:5:3 /interfaces/a dependency 'a' (interface 'demo') removed: bots that wire it no longer load",
      "minor new new/helper.yaml:6:29 /interfaces/c/version dependency 'c' accepts more versions of demo (^1.0.0 -> >=1.0.0)",
    ])
    expect(run('  a: { name: demo, version: ^1.0.0 }\n', '  a: { name: demo, version: 1.x }\n')).toEqual([
      "patch new new/helper.yaml:5:29 /interfaces/a/version range of dependency 'a' written differently (^1.0.0 -> 1.x), same versions",
    ])
  })
})

describe('a bot', () => {
  const bot = (version: string, body: string): string => `kind: bot\nname: desk\nversion: ${version}\n${body}`
  it('every change is a patch: message tags, integrations and plugins added, removed and changed', () => {
    const old = bot(
      '1.0.0',
      'title: Desk\nmessage:\n  tags:\n    priority: { title: Priority }\n    gone: { title: Gone }\nintegrations:\n  acme: { integration: acme, version: ^1.0.0, configuration: { k: 1 } }\n  old: { integration: old, version: ^1.0.0 }\nplugins:\n  helper: { plugin: helper, version: ^1.0.0 }\n  extra: { plugin: extra, version: ^1.0.0 }\n',
    )
    const neu = bot(
      '1.0.1',
      'title: Desk 2\nmessage:\n  tags:\n    priority: { title: Top }\n    topic: { title: Topic }\nintegrations:\n  acme: { integration: acme, version: ^1.1.0, configuration: { k: 2 } }\n  fresh: { integration: fresh, version: ^1.0.0 }\nplugins:\n  helper: { plugin: helper, version: ^1.0.0, dependencies: { d: { integrationAlias: acme, integrationInterfaceAlias: demo } } }\n',
    )
    expect(shown(diffSides({ 'desk.yaml': old }, { 'desk.yaml': neu }, 'desk'))).toEqual([
      "patch new new/desk.yaml:10:47 /integrations/acme/configuration configuration of integration 'acme' changed",
      "patch new new/desk.yaml:10:39 /integrations/acme/version version of integration 'acme' changed (^1.0.0 -> ^1.1.0)",
      "patch new new/desk.yaml:11:3 /integrations/fresh integration 'fresh' added",
      "patch new new/desk.yaml:7:24 /message/tags/priority/title title of message tag 'priority' changed (Priority -> Top)",
      "patch new new/desk.yaml:8:5 /message/tags/topic message tag 'topic' added",
      "patch new new/desk.yaml:13:46 /plugins/helper/dependencies dependencies of plugin 'helper' added",
      'patch new new/desk.yaml:4:8 /title title of the bot changed (Desk -> Desk 2)',
      "patch old old/desk.yaml:11:3 /integrations/old integration 'old' removed",
      "patch old old/desk.yaml:8:5 /message/tags/gone message tag 'gone' removed",
      "patch old old/desk.yaml:14:3 /plugins/extra plugin 'extra' removed",
    ])
  })

  it('a bot without message tags on one side; the keys of integrations and plugins', () => {
    const run = (old: string, neu: string): string[] => shown(diffSides({ 'desk.yaml': bot('1.0.0', old) }, { 'desk.yaml': bot('1.0.1', neu) }, 'desk'))
    const TAGS = 'message:\n  tags:\n    priority: { title: Priority }\n'
    expect(run('integrations: {}\n', `${TAGS}integrations: {}\n`)).toEqual(["patch new new/desk.yaml:6:5 /message/tags/priority message tag 'priority' added"])
    expect(run(`${TAGS}integrations: {}\n`, 'integrations: {}\n')).toEqual([
      "patch old old/desk.yaml:6:5 /message/tags/priority message tag 'priority' removed",
    ])
    expect(
      run(
        'message:\n  tags:\n    priority: { description: a }\nintegrations:\n  acme: { integration: acme, version: ^1.0.0, configurationType: basic }\nplugins:\n  helper: { plugin: helper, version: ^1.0.0, configuration: { k: 1 } }\n',
        'message:\n  tags:\n    priority: { description: b }\nintegrations:\n  acme: { integration: acme2, version: ^1.0.0, configurationType: full }\nplugins:\n  helper: { plugin: helper2, version: ^2.0.0, configuration: { k: 2 } }\n  more: { plugin: more, version: ^1.0.0 }\n',
      ),
    ).toEqual([
      "patch new new/desk.yaml:8:67 /integrations/acme/configurationType configurationType of integration 'acme' changed (basic -> full)",
      "patch new new/desk.yaml:8:24 /integrations/acme/integration integration of integration 'acme' changed (acme -> acme2)",
      "patch new new/desk.yaml:6:30 /message/tags/priority/description description of message tag 'priority' changed (a -> b)",
      "patch new new/desk.yaml:10:47 /plugins/helper/configuration configuration of plugin 'helper' changed",
      "patch new new/desk.yaml:10:21 /plugins/helper/plugin plugin of plugin 'helper' changed (helper -> helper2)",
      "patch new new/desk.yaml:10:39 /plugins/helper/version version of plugin 'helper' changed (^1.0.0 -> ^2.0.0)",
      "patch new new/desk.yaml:11:3 /plugins/more plugin 'more' added",
    ])
  })
})
