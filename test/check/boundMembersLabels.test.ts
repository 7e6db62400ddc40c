// BW4018's words name the entity or the `$defs` entry a failure lies in, as whose it is:
// the integration's entity (`elastic.elasticHit`), the interface's named schema
// (`search's $defs 'page'`) or the integration's own (`elastic's $defs 'mine'`).
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { tempDir, writeFiles } from '../support/cli.js'

const root = tempDir('botwire-bound-labels-')
afterAll(() => rmSync(root, { recursive: true, force: true }))

let count = 0
/** An interface event (own payload the subject) or action input (the interface's the subject) bound to the integration's. */
function check(interfacePayload: string, ownPayload: string): string[] {
  const dir = join(root, String(count++))
  writeFiles(dir, {
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
  })
  return checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir })
    .diagnostics.filter((d) => d.code === 'BW4018')
    .map((d) => d.message)
}

const EVENT = "event 'reindexed' cannot stand for event 'indexed' of interface 'search' (alias 'search'): its payload does not extend the interface's:"
const ACTION = "action 'query' cannot stand for action 'find' of interface 'search' (alias 'search'): its input does not accept every input of the interface's:"

describe('BW4018 names what a failure lies in', () => {
  it("the interface's entity, as the integration's entity it is mapped to", () => {
    expect(check('{ $entity: hit }', '{ type: object, properties: { id: { type: string } } }')).toEqual([
      `${EVENT} at /, property 'id' is required by elastic.elasticHit but optional here`,
    ])
  })

  it("the interface's named schema", () => {
    expect(check("{ $ref: '#/$defs/page' }", '{ type: object, properties: { n: { type: integer } } }')).toEqual([
      `${EVENT} at /, property 'n' is required by search's $defs 'page' but optional here`,
    ])
  })

  it("the integration's own named schema", () => {
    expect(check('{ type: object, properties: { n: { type: integer } } }', "{ $ref: '#/$defs/mine' }")).toEqual([
      `${ACTION} at / of the interface's input, property 'n' is required by elastic's $defs 'mine' but optional here`,
    ])
  })
})
