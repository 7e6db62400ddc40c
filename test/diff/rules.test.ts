// Table-driven tests of the classification rules of `botwire diff` (docs/versioning.md#the-three-levels). Each row
// is a fixture pair test/fixtures/diff/<case>/{old,new}/, compared both ways: old -> new
// (forward) and new -> old (reverse), with the exact level each direction needs, and
// the change that explains it. Forward fixtures bump the version by exactly the level
// needed, so forward must also pass enforcement.
import { describe, expect, it } from 'vitest'
import { demo, describeRows, type Row } from './ruleRows.js'
import { diffCase, resultFor } from './support.js'

// the rules of an interface's members; those of integrations, plugins and bots are in rulesOfImplementations.test.ts
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
    case: 'channel-tag-added',
    subject: demo,
    rule: 'new channel tag minor, removed channel tag major (docs/versioning.md#the-three-levels)',
    forward: { level: 'minor', says: "message (channel 'feed') tag 'externalId' added", path: '/channels/feed/message/tags/externalId' },
    reverse: { level: 'major', says: "message (channel 'feed') tag 'externalId' removed" },
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
]

describe('diff rules (docs/versioning.md#the-three-levels)', () => {
  describeRows(rows)

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
