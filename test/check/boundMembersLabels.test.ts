// BW4018's words name the entity or the `$defs` entry a failure lies in, as whose it is:
// the integration's entity (`elastic.elasticHit`), the interface's named schema
// (`search's $defs 'page'`) or the integration's own (`elastic's $defs 'mine'`).
import { describe, it } from 'vitest'
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js'
import { checkFiles, expectReported } from '../support/checkHarness.js'

/** An interface event (own payload the subject) or action input (the interface's the subject) bound to the integration's: its BW4018 diagnostics. */
function bw4018(interfacePayload: string, ownPayload: string): Diagnostic[] {
  return checkFiles({
    'search.yaml': `kind: interface
name: search
version: 1.0.0
$defs:
  page: { type: object, properties: { n: { type: integer } }, required: [n] }
entities:
  hit:
    schema: { type: object, properties: { id: { type: string } }, required: [id] }
actions:
  find:
    input: { schema: ${interfacePayload} }
    output: { schema: { type: object } }
events:
  indexed:
    schema: ${interfacePayload}
`,
    'elastic.yaml': `kind: integration
name: elastic
version: 1.0.0
$defs:
  mine: { type: object, properties: { n: { type: integer } }, required: [n] }
entities:
  elasticHit: { schema: { type: object, properties: { id: { type: string } }, required: [id] } }
actions:
  query:
    input: { schema: ${ownPayload} }
    output: { schema: { type: object } }
events:
  reindexed:
    schema: ${ownPayload}
interfaces:
  search:
    name: search
    version: 1.0.0
    entities: { hit: elasticHit }
    actions:
      find: { name: query }
    events:
      indexed: { name: reindexed }
`,
  }).diagnostics.filter((d) => d.code === 'BW4018')
}

const EVENT = "event 'reindexed' cannot stand for event 'indexed' of interface 'search' (alias 'search'): its payload does not extend the interface's:"
const ACTION = "action 'query' cannot stand for action 'find' of interface 'search' (alias 'search'): its input does not accept every input of the interface's:"

describe('BW4018 names what a failure lies in', () => {
  it("the interface's entity, as the integration's entity it is mapped to", () => {
    expectReported(bw4018('{ $entity: hit }', '{ type: object, properties: { id: { type: string } } }')).toMatchObject([
      { message: `${EVENT} at /, property 'id' is required by elastic.elasticHit but optional here` },
    ])
  })

  it("the interface's named schema", () => {
    expectReported(bw4018("{ $ref: '#/$defs/page' }", '{ type: object, properties: { n: { type: integer } } }')).toMatchObject([
      { message: `${EVENT} at /, property 'n' is required by search's $defs 'page' but optional here` },
    ])
  })

  it("the integration's own named schema", () => {
    expectReported(bw4018('{ type: object, properties: { n: { type: integer } } }', "{ $ref: '#/$defs/mine' }")).toMatchObject([
      { message: `${ACTION} at / of the interface's input, property 'n' is required by elastic's $defs 'mine' but optional here` },
    ])
  })
})
