// Own members bound to interface members (src/check/boundMembers.ts, BW4018) beyond the
// invalid fixtures: values written in the interface's schema kept as written, an entity the
// integration does not map or that sits on a problem reported elsewhere left to its own
// diagnostic, and every unknown message named.
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { tempDir, writeFiles } from '../support/cli.js'

const root = tempDir('botwire-bound-members-')
afterAll(() => rmSync(root, { recursive: true, force: true }))

let count = 0
function check(files: Record<string, string>): string[] {
  const dir = join(root, String(count++))
  writeFiles(dir, files)
  return checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir }).diagnostics.map((d) => `${d.code} ${d.path ?? ''} ${d.message}`)
}

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
    expect(check({ 'search.yaml': SEARCH(payload), 'elastic.yaml': elastic(HIT, payload) })).toEqual([])
  })

  it('leaves an entity the integration does not map, or one on a problem reported elsewhere, to its own diagnostic', () => {
    const iface = '{ type: object, properties: { hit: { $entity: hit }, count: { type: integer } } }'
    const own = '{ type: object, properties: { hit: { $entity: elasticHit }, count: { type: string } } }'
    expect(check({ 'search.yaml': SEARCH(iface), 'elastic.yaml': elastic(HIT, own, '{}') })).toEqual([
      "BW3006 /interfaces/search/entities interface 'search' 1.0.0 has an entity 'hit' that this integration does not map; map every interface entity to one of its own entities",
    ])
    const unknown = '  elasticHit: { schema: { type: object, properties: { id: { type: string }, more: { $entity: nope } }, required: [id] } }'
    expect(check({ 'search.yaml': SEARCH(iface), 'elastic.yaml': elastic(unknown, own) }).map((d) => d.slice(0, 6))).toEqual(['BW3003'])
    // an unmapped interface entity is not read as the integration's entity of the same name
    const sameName = `${HIT}\n  hit: { schema: { type: object, properties: { id: { type: string } } } }`
    const hitIface = '{ type: object, properties: { hit: { $entity: hit } } }'
    const hitOwn = '{ type: object, properties: { hit: { type: string } } }'
    expect(check({ 'search.yaml': SEARCH(hitIface), 'elastic.yaml': elastic(sameName, hitOwn, '{}') }).map((d) => d.slice(0, 6))).toEqual(['BW3006'])
    // one side alone reaching such an entity is enough
    const broken = `${HIT}\n  broken: { schema: { type: object, properties: { more: { $entity: nope } } } }`
    const ownBroken = '{ type: object, properties: { extra: { $entity: broken }, count: { type: string } } }'
    const plain = '{ type: object, properties: { count: { type: integer } } }'
    expect(check({ 'search.yaml': SEARCH(plain), 'elastic.yaml': elastic(broken, ownBroken) }).map((d) => d.slice(0, 6))).toEqual(['BW3003'])
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
    expect(check(files)).toEqual([
      "BW4018 /interfaces/search/channels/progress/name channel 'status' cannot stand for channel 'progress' of interface 'search' (alias 'search'): it sends 'paused', 'halted', which the interface's channel does not have (its messages: 'step')",
    ])
    // an interface channel without messages: the list says so
    files['search.yaml'] = files['search.yaml'].replace('    messages:\n      step: { schema: { type: object } }\n', '    messages: {}\n')
    expect(check(files)).toEqual([
      "BW4018 /interfaces/search/channels/progress/name channel 'status' cannot stand for channel 'progress' of interface 'search' (alias 'search'): it sends 'paused', 'halted', which the interface's channel does not have (its messages: none)",
    ])
  })
})
