// Table-driven tests of the classification rules of `botwire diff` for integrations, plugins
// and bots (docs/versioning.md#the-three-levels): each row a fixture pair compared both ways,
// as in rules.test.ts.
import { describe } from 'vitest'
import { acme, describeRows, ghostly, helper, type Row } from './ruleRows.js'

const rows: Row[] = [
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
  {
    case: 'bot',
    subject: ['bot', 'desk'],
    rule: 'bot changes are patch',
    forward: { level: 'patch', says: "version of integration 'acme' changed (^1.0.0 -> ^1.1.0)", path: '/integrations/acme/version' },
    reverse: { level: 'patch', says: "message tag 'topic' removed" },
  }, // ---- states and recurring events (docs/versioning.md#states-and-recurring-events)
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
]

describe('diff rules of integrations, plugins and bots (docs/versioning.md#the-three-levels)', () => {
  describeRows(rows)
})
