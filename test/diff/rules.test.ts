// Table-driven tests of the classification rules of `botwire diff` (docs/versioning.md#the-three-levels). Each row
// is a fixture pair test/fixtures/diff/<case>/{old,new}/, compared both ways: old -> new
// (forward) and new -> old (reverse), with the exact level each direction needs, and
// the change that explains it. Forward fixtures bump the version by exactly the level
// needed, so forward must also pass enforcement.
import { describe, expect, it } from 'vitest'
import type { ChangeLevel, Level } from '../../src/diff/types.js'
import { diffCase, resultFor } from './support.js'

interface Expect {
  level: Level
  /** a fragment of the message of a change at that level */
  says?: string
  /** the JSON path of that change */
  path?: string
  undecidable?: boolean
}

interface Row {
  case: string
  subject: [kind: string, name: string]
  rule: string
  forward: Expect
  reverse: Expect
}

const demo: [string, string] = ['interface', 'demo']
const acme: [string, string] = ['integration', 'acme']
const helper: [string, string] = ['plugin', 'helper']
const ghostly: [string, string] = ['plugin', 'ghostly']

const rows: Row[] = [
  // ---- members added / removed
  {
    case: 'entity-added',
    subject: demo,
    rule: 'new entity minor, removed entity major',
    forward: { level: 'minor', says: "entity 'tag' added", path: '/entities/tag' },
    reverse: { level: 'major', says: "entity 'tag' removed", path: '/entities/tag' },
  },
  {
    case: 'action-added',
    subject: demo,
    rule: 'new action minor, removed action major',
    forward: { level: 'minor', says: "action 'count' added", path: '/actions/count' },
    reverse: { level: 'major', says: "action 'count' removed" },
  },
  {
    case: 'action-renamed',
    subject: demo,
    rule: 'renamed action major',
    forward: { level: 'major', says: "action 'ping' removed (renamed to 'check'?)", path: '/actions/ping' },
    reverse: { level: 'major', says: "action 'check' removed (renamed to 'ping'?)" },
  },
  {
    case: 'event-added',
    subject: demo,
    rule: 'new event minor, removed event major',
    forward: { level: 'minor', says: "event 'itemLost' added", path: '/events/itemLost' },
    reverse: { level: 'major', says: "event 'itemLost' removed" },
  },
  {
    case: 'channel-added',
    subject: demo,
    rule: 'new channel minor, removed channel major',
    forward: { level: 'minor', says: "channel 'alerts' added", path: '/channels/alerts' },
    reverse: { level: 'major', says: "channel 'alerts' removed" },
  },
  {
    case: 'channel-message-added',
    subject: demo,
    rule: 'new channel message minor, removed channel message major',
    forward: { level: 'minor', says: "message 'progress' of channel 'feed' added", path: '/channels/feed/messages/progress' },
    reverse: { level: 'major', says: "message 'progress' of channel 'feed' removed" },
  },

  // ---- action inputs: accepts more (minor) / rejects what it accepted (major)
  {
    case: 'input-required',
    subject: demo,
    rule: 'input: new required property major, no longer required minor',
    forward: {
      level: 'major',
      says: "rejects values it accepted: property 'limit' is required by the new schema",
      path: '/actions/search/input/schema/required/1',
    },
    reverse: { level: 'minor', says: 'accepts more' },
  },
  {
    case: 'input-allof-branch',
    subject: demo,
    rule: 'input: an allOf branch added narrows it (major), removed widens it (minor)',
    forward: {
      level: 'major',
      says: 'rejects values it accepted',
      path: '/actions/search/input/schema/allOf/1/properties/query/maxLength',
    },
    reverse: { level: 'minor', says: 'accepts more' },
  },
  {
    case: 'input-type',
    subject: demo,
    rule: 'input: wider type minor, narrower type major',
    forward: { level: 'minor', says: 'accepts more: number does not extend integer', path: '/actions/search/input/schema/properties/limit' },
    reverse: { level: 'major', says: 'rejects values it accepted: number does not extend integer' },
  },
  {
    case: 'input-enum',
    subject: demo,
    rule: 'input: wider enum minor, narrower enum major',
    forward: {
      level: 'minor',
      says: "accepts more: 'relevance' is not allowed by the old schema",
      path: '/actions/search/input/schema/properties/sort/enum/2',
    },
    reverse: { level: 'major', says: "rejects values it accepted: 'relevance' is not allowed by the new schema" },
  },
  {
    case: 'input-bound',
    subject: demo,
    rule: 'input: tighter bound major, looser bound minor',
    forward: { level: 'major', says: "maximum 100 is looser than the new schema's maximum 50", path: '/actions/search/input/schema/properties/limit/maximum' },
    reverse: { level: 'minor', says: 'accepts more' },
  },
  {
    case: 'input-closed',
    subject: demo,
    rule: 'input: closed object major, opened object minor',
    forward: { level: 'major', says: 'the new schema is closed (additionalProperties: false)', path: '/actions/search/input/schema/additionalProperties' },
    reverse: { level: 'minor', says: 'accepts more' },
  },
  {
    case: 'input-optional-property',
    subject: demo,
    rule: 'input: new optional property minor, removed property major',
    forward: { level: 'minor', says: "optional property 'offset' added to input of action 'search'", path: '/actions/search/input/schema/properties/offset' },
    reverse: { level: 'major', says: "optional property 'offset' removed from input of action 'search'" },
  },
  {
    case: 'input-undecidable',
    subject: demo,
    rule: 'undecidable in the breaking direction counts as major',
    forward: {
      level: 'major',
      says: 'cannot decide whether it rejects values it accepted',
      path: '/actions/search/input/schema/properties/query/pattern',
      undecidable: true,
    },
    reverse: { level: 'major', says: 'cannot decide', undecidable: true },
  },

  // ---- action outputs and event payloads: produces less (minor) / may produce more (major)
  {
    case: 'output-required',
    subject: demo,
    rule: 'output: property no longer required major, newly required minor',
    forward: {
      level: 'major',
      says: "may produce values it did not: property 'status' is required by the old schema but optional in the new schema",
      path: '/actions/search/output/schema/required',
    },
    reverse: { level: 'minor', says: 'produces less' },
  },
  {
    case: 'output-type',
    subject: demo,
    rule: 'output: wider type major, narrower type minor',
    forward: { level: 'major', says: 'may produce values it did not: number does not extend integer', path: '/actions/search/output/schema/properties/total' },
    reverse: { level: 'minor', says: 'produces less: number does not extend integer' },
  },
  {
    case: 'output-enum',
    subject: demo,
    rule: 'output: wider enum major, narrower enum minor',
    forward: { level: 'major', says: "'failed' is not allowed by the old schema", path: '/actions/search/output/schema/properties/status/enum/2' },
    reverse: { level: 'minor', says: 'produces less' },
  },
  {
    case: 'output-bound',
    subject: demo,
    rule: 'output: looser bound major, tighter bound minor',
    forward: { level: 'major', says: 'no lower bound in the new schema, but the old schema requires minimum 0' },
    reverse: { level: 'minor', says: 'produces less' },
  },
  {
    case: 'output-optional-property',
    subject: demo,
    rule: 'output: new optional property minor, removed property major',
    forward: { level: 'minor', says: "optional property 'cursor' added to output of action 'search'" },
    reverse: { level: 'major', says: "optional property 'cursor' removed from output of action 'search' (code that reads it no longer compiles)" },
  },
  {
    case: 'event-payload',
    subject: demo,
    rule: 'event payload: looser bound major, tighter bound minor',
    forward: {
      level: 'major',
      says: "payload of event 'itemFound' may produce values it did not: maximum 10 is looser than the old schema's maximum 1",
      path: '/events/itemFound/schema/properties/score/maximum',
    },
    reverse: { level: 'minor', says: "payload of event 'itemFound' produces less" },
  },

  // ---- entities and channel messages flow both ways
  {
    case: 'defs-added',
    subject: demo,
    rule: 'a new $defs entry minor (a new exported type; a $ref written out is the same schema), removed major',
    forward: { level: 'minor', says: "$defs 'sortOrder' added", path: '/$defs/sortOrder' },
    reverse: { level: 'major', says: "$defs 'sortOrder' removed", path: '/$defs/sortOrder' },
  },
  {
    case: 'defs-changed',
    subject: demo,
    rule: 'a change inside a $defs entry is judged once, at the entry, both ways as for entities',
    forward: { level: 'major', says: "$defs 'sortOrder' admits values it did not", path: '/$defs/sortOrder/enum/2' },
    reverse: { level: 'major', says: "$defs 'sortOrder' rejects values it admitted" },
  },
  {
    case: 'entity-optional-property',
    subject: demo,
    rule: 'entity: new optional property minor, removed property major',
    forward: { level: 'minor', says: "optional property 'color' added to entity 'item'", path: '/entities/item/schema/properties/color' },
    reverse: { level: 'major', says: "optional property 'color' removed from entity 'item'" },
  },
  {
    case: 'entity-required',
    subject: demo,
    rule: 'entity: required-ness changed either way major',
    forward: { level: 'major', says: "entity 'item' rejects values it admitted", path: '/entities/item/schema/required/1' },
    reverse: { level: 'major', says: "entity 'item' admits values it did not" },
  },
  {
    case: 'entity-type',
    subject: demo,
    rule: 'entity: wider or narrower type major',
    forward: { level: 'major', says: 'null does not extend string', path: '/entities/item/schema/properties/label' },
    reverse: { level: 'major', says: 'null does not extend string' },
  },
  {
    case: 'channel-message-changed',
    subject: demo,
    rule: 'channel message: tighter or looser major',
    forward: {
      level: 'major',
      says: "message 'update' of channel 'feed' rejects values it admitted",
      path: '/channels/feed/messages/update/schema/properties/text/minLength',
    },
    reverse: { level: 'major', says: "message 'update' of channel 'feed' admits values it did not" },
  },
  {
    case: 'channel-message-optional-property',
    subject: demo,
    rule: 'channel message: new optional property minor, removed property major',
    forward: { level: 'minor', says: "optional property 'author' added to message 'update' of channel 'feed'" },
    reverse: { level: 'major', says: "optional property 'author' removed" },
  },

  // ---- patch
  {
    case: 'metadata',
    subject: demo,
    rule: 'titles, descriptions, attributes, billable, cacheable are patch',
    forward: { level: 'patch', says: "billable of action 'search' changed (false -> true)", path: '/actions/search/billable' },
    reverse: { level: 'patch', says: "attribute 'rateLimit' of action 'search' removed" },
  },
  {
    case: 'schema-annotations',
    subject: demo,
    rule: 'schema titles, descriptions, defaults, examples are patch',
    forward: { level: 'patch', says: "description added at /properties/label of entity 'item'", path: '/entities/item/schema/properties/label/description' },
    reverse: { level: 'patch', says: 'title removed' },
  },
  { case: 'unchanged', subject: demo, rule: 'identical content is no change', forward: { level: 'none' }, reverse: { level: 'none' } },

  // ---- integrations: own members, configuration (an input), implemented interfaces
  {
    case: 'integration-action-added',
    subject: acme,
    rule: 'integration: own action added minor, removed major',
    forward: { level: 'minor', says: "action 'purge' added" },
    reverse: { level: 'major', says: "action 'purge' removed" },
  },
  {
    case: 'configuration-required',
    subject: acme,
    rule: 'configuration: requires more major, requires less minor',
    forward: { level: 'major', says: "the configuration rejects values it accepted: property 'region' is required", path: '/configuration/schema/required/1' },
    reverse: { level: 'minor', says: 'the configuration accepts more' },
  },
  {
    case: 'configuration-optional-property',
    subject: acme,
    rule: 'configuration: new optional property minor; removed (open object) minor',
    forward: { level: 'minor', says: "optional property 'timeout' added to the configuration" },
    reverse: { level: 'minor', says: "optional property 'timeout' removed from the configuration (bots that set it still pass" },
  },
  {
    case: 'configuration-secret',
    subject: acme,
    rule: 'configuration: secret: true added major (plain values now fail check), removed minor',
    forward: { level: 'major', says: 'secret: true added at /properties/apiKey of the configuration', path: '/configuration/schema/properties/apiKey/secret' },
    reverse: { level: 'minor', says: 'secret: true removed at /properties/apiKey of the configuration (a bot may now give it in plain text)' },
  },
  {
    case: 'configuration-added',
    subject: acme,
    rule: 'configuration with a required property where there was none major; dropped major (a missing configuration is closed)',
    forward: { level: 'major', says: "property 'apiKey' is required by the new schema but missing in the old schema" },
    reverse: { level: 'major', says: "property 'apiKey' is not allowed by the new schema (additionalProperties: false)" },
  },
  {
    case: 'configurations-added',
    subject: acme,
    rule: 'alternative configuration added minor, removed major',
    forward: { level: 'minor', says: "configuration 'oauth' added", path: '/configurations/oauth' },
    reverse: { level: 'major', says: "configuration 'oauth' removed" },
  },
  {
    case: 'configurations-schema',
    subject: acme,
    rule: "alternative configuration's schema: as the configuration (an input)",
    forward: {
      level: 'major',
      says: "configuration 'oauth' rejects values it accepted: property 'clientId' is required",
      path: '/configurations/oauth/schema/required/0',
    },
    reverse: { level: 'minor', says: "configuration 'oauth' accepts more" },
  },
  {
    case: 'annotations-changed',
    subject: acme,
    rule: 'x- annotations: patch, at the top, on members and in schemas',
    forward: { level: 'patch', says: 'x-icon of the integration changed (rocket -> satellite)', path: '/x-icon' },
    reverse: { level: 'patch', says: "x-category of action 'sync' changed (maintenance -> admin)", path: '/actions/sync/x-category' },
  },
  {
    case: 'implemented-minor',
    subject: acme,
    rule: 'implemented interface: higher minor minor, lower version major',
    forward: { level: 'minor', says: 'implements demo 1.1.0 instead of 1.0.0', path: '/interfaces/demo/version' },
    reverse: { level: 'major', says: '1.0.0 is a lower version' },
  },
  {
    case: 'implemented-major',
    subject: acme,
    rule: 'implemented interface: another major major',
    forward: { level: 'major', says: 'implements demo 2.0.0 instead of 1.0.0: 2.0.0 is a breaking version' },
    reverse: { level: 'major', says: 'lower version' },
  },
  {
    case: 'implemented-added',
    subject: acme,
    rule: 'implemented interface added minor, no longer implemented major',
    forward: { level: 'minor', says: "now implements interface 'demo' 1.0.0", path: '/interfaces/demo' },
    reverse: { level: 'major', says: "no longer implements interface 'demo'" },
  },
  {
    case: 'override-renamed',
    subject: acme,
    rule: 'implemented member renamed by an override major',
    forward: { level: 'major', says: "demo action 'search' is now named 'lookupRecords' (was 'findRecords')", path: '/interfaces/demo/actions/search/name' },
    reverse: { level: 'major', says: "now named 'findRecords'" },
  },
  {
    case: 'override-title',
    subject: acme,
    rule: 'override title patch',
    forward: { level: 'patch', says: "title of the override of demo action 'search' added" },
    reverse: { level: 'patch', says: 'removed' },
  },
  {
    case: 'entity-mapping',
    subject: acme,
    rule: 'interface entity mapped to another entity: compared both ways',
    forward: { level: 'minor', says: "optional property 'origin' added to the entity mapped to demo.item ('record' -> 'entry')" },
    reverse: { level: 'major', says: "optional property 'origin' removed from the entity mapped to demo.item" },
  },

  // ---- plugins: configuration, dependencies, entity references
  {
    case: 'plugin-range',
    subject: helper,
    rule: 'plugin dependency range: narrower major, wider minor',
    forward: { level: 'major', says: "dependency 'd' accepts fewer versions of demo (^1.0.0 -> ^1.1.0)", path: '/interfaces/d/version' },
    reverse: { level: 'minor', says: "dependency 'd' accepts more versions of demo" },
  },
  {
    case: 'plugin-dependency',
    subject: helper,
    rule: 'plugin dependency added or removed major (bots must wire each one)',
    forward: { level: 'major', says: "new dependency 'd2' on interface 'demo'", path: '/interfaces/d2' },
    reverse: { level: 'major', says: "dependency 'd2' (interface 'demo') removed" },
  },
  {
    case: 'plugin-configuration',
    subject: helper,
    rule: 'plugin configuration: requires more major, less minor',
    forward: { level: 'major', says: "property 'maxItems' is required by the new schema" },
    reverse: { level: 'minor', says: 'the configuration accepts more' },
  },
  {
    case: 'plugin-entity-reference',
    subject: helper,
    rule: 'plugin LOCAL.ENTITY resolved against the interface: union with the entity wider (minor), back narrower (major)',
    forward: {
      level: 'minor',
      says: "input of action 'assist' accepts more: string does not extend object",
      path: '/actions/assist/input/schema/properties/item/anyOf/1',
    },
    reverse: { level: 'major', says: 'rejects values it accepted: string does not extend object' },
  },
  {
    case: 'plugin-opaque-reference',
    subject: ghostly,
    rule: 'unavailable interface: another entity reference cannot be judged, and counts as the change it might be',
    forward: {
      level: 'major',
      says: "cannot decide whether it rejects values it accepted, so it counts as if it did (it uses entities 'g.other', 'g.thing', whose interface is not available",
    },
    reverse: { level: 'major', says: "cannot decide whether it rejects values it accepted, so it counts as if it did (it uses entities 'g.other', 'g.thing'" },
  },
  {
    case: 'plugin-opaque-unchanged',
    subject: ghostly,
    rule: 'unavailable interface: an unchanged reference is equal to itself',
    forward: { level: 'minor', says: "optional property 'mood' added" },
    reverse: { level: 'major', says: "optional property 'mood' removed" },
  },

  // ---- bots are leaves
  // ---- states and recurring events (docs/versioning.md#states-and-recurring-events)
  {
    case: 'state-added',
    subject: helper,
    rule: 'new state minor, removed state major',
    forward: { level: 'minor', says: "state 'notes' added", path: '/states/notes' },
    reverse: { level: 'major', says: "state 'notes' removed" },
  },
  {
    case: 'state-value-narrowed',
    subject: helper,
    rule: "a state's schema is an input: the new version reads what the old one stored",
    forward: { level: 'major', says: "property 'text' is required by the new schema" },
    reverse: { level: 'minor', says: "value of state 'notes' accepts more" },
  },
  {
    case: 'state-type-changed',
    subject: helper,
    rule: "a state's type changed major",
    forward: { level: 'major', says: "state 'notes' is now kept per user, not conversation", path: '/states/notes/type' },
    reverse: { level: 'major', says: "state 'notes' is now kept per conversation, not user" },
  },
  {
    case: 'recurrence-added',
    subject: acme,
    rule: 'recurrence added minor, removed major',
    forward: { level: 'minor', says: "event 'synced' now recurs ('0 3 * * *')", path: '/events/synced/recurrence' },
    reverse: { level: 'major', says: "event 'synced' no longer recurs" },
  },
  {
    case: 'bot-states',
    subject: ['bot', 'desk'],
    rule: "a bot's states and own events are patch, as all of a bot",
    forward: { level: 'patch', says: "state 'visits' added", path: '/states/visits' },
    reverse: { level: 'patch', says: "event 'digest' removed" },
  },
  {
    case: 'bot',
    subject: ['bot', 'desk'],
    rule: 'bot changes are patch',
    forward: { level: 'patch', says: "version of integration 'acme' changed (^1.0.0 -> ^1.1.0)", path: '/integrations/acme/version' },
    reverse: { level: 'patch', says: "message tag 'topic' removed" },
  },
]

function expectRow(row: Row, direction: 'forward' | 'reverse'): void {
  const expected = row[direction]
  const result = resultFor(diffCase(row.case, direction), ...row.subject)
  expect(result.level).toBe(expected.level)
  // every fixture is at 1.0.0 or above: the required bump is the level itself
  expect(result.required).toBe(expected.level)
  if (expected.level === 'none') {
    expect(result.status).toBe('unchanged')
    expect(result.changes).toEqual([])
    return
  }
  const atLevel = result.changes.filter((c) => c.level === (expected.level as ChangeLevel))
  const change = atLevel.find((c) => expected.says === undefined || c.message.includes(expected.says))
  expect(change, `a ${expected.level} change saying "${expected.says ?? ''}" in ${JSON.stringify(result.changes, null, 2)}`).toBeDefined()
  if (!change) return
  if (expected.path !== undefined) expect(change.path).toBe(expected.path)
  if (expected.undecidable) expect(change.undecidable).toBe(true)
  expect(change.line).toBeGreaterThan(0)
  expect(change.column).toBeGreaterThan(0)
  expect(change.file).toMatch(new RegExp(`^${row.case}/(old|new)/[a-z0-9.-]+\\.yaml$`))
  if (direction === 'forward') {
    // the forward fixture bumps exactly what is needed
    expect(result.ok, result.problem).toBe(true)
    expect(result.declared).toBe(expected.level)
  }
}

describe('diff rules (docs/versioning.md#the-three-levels)', () => {
  for (const row of rows) {
    describe(`${row.case}: ${row.rule}`, () => {
      it(`forward is ${row.forward.level}`, () => expectRow(row, 'forward'))
      it(`reverse is ${row.reverse.level}`, () => expectRow(row, 'reverse'))
    })
  }

  it('other definitions in a fixture folder are unchanged', () => {
    const result = diffCase('implemented-minor')
    const others = result.definitions.filter((d) => !(d.kind === 'integration' && d.name === 'acme'))
    expect(others.map((d) => [d.kind, d.name, d.new?.version, d.status])).toEqual([
      ['interface', 'demo', '1.0.0', 'unchanged'],
      ['interface', 'demo', '1.1.0', 'unchanged'],
      ['interface', 'demo', '2.0.0', 'unchanged'],
    ])
  })

  it('a change inside an entity is reported once, at the entity, not again where it is used', () => {
    const result = resultFor(diffCase('entity-type'), 'interface', 'demo')
    expect(result.changes.filter((c) => !c.path.startsWith('/entities/item/'))).toEqual([])
  })

  it('an entity type swapped for another fails both ways at one place: one change that says both', () => {
    const changes = resultFor(diffCase('entity-type-swapped'), 'interface', 'demo').changes.filter((c) => c.path === '/entities/item/schema/properties/label')
    expect(changes).toHaveLength(1)
    expect(changes[0]).toMatchObject({
      level: 'major',
      message:
        "entity 'item' rejects values it admitted and admits values it did not (entities and channel messages flow both ways): string does not extend integer; integer does not extend string",
    })
  })

  it('removals point into the old file', () => {
    const change = resultFor(diffCase('action-renamed'), 'interface', 'demo').changes.find((c) => c.message.includes("'ping' removed"))
    expect(change).toMatchObject({ side: 'old', file: 'action-renamed/old/demo.yaml', path: '/actions/ping' })
  })

  it('a plugin failure inside an interface entity is shown in the plugin, not in the interface file', () => {
    const result = resultFor(diffCase('plugin-entity-reference', 'reverse'), 'plugin', 'helper')
    for (const change of result.changes) expect(change.file).toMatch(/helper\.yaml$/)
  })
})
