// Own members bound to interface members (src/check/boundMembers.ts, BW4018) beyond the
// invalid fixtures: values written in the interface's schema kept as written, an entity the
// integration does not map or that sits on a problem reported elsewhere left to its own
// diagnostic, and every unknown message named.
import { describe, it } from 'vitest'
import { expectDiagnostics } from '../support/checkHarness.js'

const SEARCH = (payload: string): string => `kind: interface
name: search
version: 1.0.0
entities:
  hit:
    schema: { type: object, properties: { id: { type: string } }, required: [id] }
actions: {}
events:
  indexed:
    schema: ${payload}
channels:
  progress:
    messages:
      step: { schema: { type: object } }
`

const elastic = (entities: string, payload: string, mapping = '{ hit: elasticHit }', extra = ''): string => `kind: integration
name: elastic
version: 1.0.0
entities:
${entities}
events:
  reindexed:
    schema: ${payload}
${extra}interfaces:
  search:
    name: search
    version: 1.0.0
    entities: ${mapping}
    events:
      indexed: { name: reindexed }
`

const HIT = '  elasticHit: { schema: { type: object, properties: { id: { type: string } }, required: [id] } }'

describe('BoundMembers', () => {
  it('keeps the values written in the interface’s schema as written, entity-like keys and all', () => {
    const payload = '{ type: object, properties: { tag: { type: object, const: { $entity: hit } }, tags: { type: object, enum: [{ $entity: hit }] } } }'
    expectDiagnostics({ 'search.yaml': SEARCH(payload), 'elastic.yaml': elastic(HIT, payload) }).toEqual([])
  })

  it('leaves an entity the integration does not map, or one on a problem reported elsewhere, to its own diagnostic', () => {
    const iface = '{ type: object, properties: { hit: { $entity: hit }, count: { type: integer } } }'
    const own = '{ type: object, properties: { hit: { $entity: elasticHit }, count: { type: string } } }'
    expectDiagnostics({ 'search.yaml': SEARCH(iface), 'elastic.yaml': elastic(HIT, own, '{}') }).toMatchObject([
      {
        code: 'BW3006',
        path: '/interfaces/search/entities',
        message: "interface 'search' 1.0.0 has an entity 'hit' that this integration does not map; map every interface entity to one of its own entities",
      },
    ])
    const unknown = '  elasticHit: { schema: { type: object, properties: { id: { type: string }, more: { $entity: nope } }, required: [id] } }'
    expectDiagnostics({ 'search.yaml': SEARCH(iface), 'elastic.yaml': elastic(unknown, own) }).toMatchObject([{ code: 'BW3003' }])
    // an unmapped interface entity is not read as the integration's entity of the same name
    const sameName = `${HIT}\n  hit: { schema: { type: object, properties: { id: { type: string } } } }`
    const hitIface = '{ type: object, properties: { hit: { $entity: hit } } }'
    const hitOwn = '{ type: object, properties: { hit: { type: string } } }'
    expectDiagnostics({ 'search.yaml': SEARCH(hitIface), 'elastic.yaml': elastic(sameName, hitOwn, '{}') }).toMatchObject([{ code: 'BW3006' }])
    // one side alone reaching such an entity is enough
    const broken = `${HIT}\n  broken: { schema: { type: object, properties: { more: { $entity: nope } } } }`
    const ownBroken = '{ type: object, properties: { extra: { $entity: broken }, count: { type: string } } }'
    const plain = '{ type: object, properties: { count: { type: integer } } }'
    expectDiagnostics({ 'search.yaml': SEARCH(plain), 'elastic.yaml': elastic(broken, ownBroken) }).toMatchObject([{ code: 'BW3003' }])
  })

  it('names every message the interface’s channel does not have', () => {
    const channels = 'channels:\n  status:\n    messages:\n      paused: { schema: { type: object } }\n      halted: { schema: { type: object } }\n'
    const files = {
      'search.yaml': SEARCH('{ type: object }'),
      'elastic.yaml': elastic(HIT, '{ type: object }', '{ hit: elasticHit }', channels).replace(
        '      indexed: { name: reindexed }\n',
        '      indexed: { name: reindexed }\n    channels:\n      progress: { name: status }\n',
      ),
    }
    expectDiagnostics(files).toMatchObject([
      {
        code: 'BW4018',
        path: '/interfaces/search/channels/progress/name',
        message:
          "channel 'status' cannot stand for channel 'progress' of interface 'search' (alias 'search'): it sends 'paused', 'halted', which the interface's channel does not have (its messages: 'step')",
      },
    ])
    // an interface channel without messages: the list says so
    files['search.yaml'] = files['search.yaml'].replace('    messages:\n      step: { schema: { type: object } }\n', '    messages: {}\n')
    expectDiagnostics(files).toMatchObject([
      {
        code: 'BW4018',
        path: '/interfaces/search/channels/progress/name',
        message:
          "channel 'status' cannot stand for channel 'progress' of interface 'search' (alias 'search'): it sends 'paused', 'halted', which the interface's channel does not have (its messages: none)",
      },
    ])
  })
})
