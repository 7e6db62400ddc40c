// An entity that admits no value is BW2019, unless it also reaches a problem reported
// where it is (an unknown entity, BW3003): one root cause, one diagnostic.
import { describe, it } from 'vitest'
import { expectDiagnostics } from '../support/checkHarness.js'

/** One interface, `tree`, with these entities. */
function tree(entities: string): Record<string, string> {
  return { 'tree.yaml': `kind: interface\nname: tree\nversion: 1.0.0\nentities:\n${entities}actions: {}\n` }
}

describe('EntityInhabited', () => {
  it('an entity that must contain itself forever is BW2019', () => {
    expectDiagnostics(
      tree('  node:\n    schema:\n      type: object\n      properties:\n        child: { $entity: node }\n      required: [child]\n'),
    ).toMatchObject([{ code: 'BW2019', path: '/entities/node/schema/properties/child' }])
  })

  it('the same entity reaching an unknown entity is BW3003 alone', () => {
    const entities =
      '  node:\n    schema:\n      type: object\n      properties:\n        child: { $entity: node }\n        owner: { $entity: person }\n      required: [child]\n'
    expectDiagnostics(tree(entities)).toMatchObject([{ code: 'BW3003', path: '/entities/node/schema/properties/owner/$entity' }])
  })
})
