// An entity that admits no value is BW2019, unless it also reaches a problem reported
// where it is (an unknown entity, BW3003): one root cause, one diagnostic.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { tempDir } from '../support/cli.js'

function codes(entities: string): string[] {
  const dir = tempDir()
  writeFileSync(join(dir, 'tree.yaml'), `kind: interface\nname: tree\nversion: 1.0.0\nentities:\n${entities}actions: {}\n`)
  return checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir }).diagnostics.map((d) => `${d.code} ${d.path ?? ''}`)
}

describe('EntityInhabited', () => {
  it('an entity that must contain itself forever is BW2019', () => {
    expect(codes('  node:\n    schema:\n      type: object\n      properties:\n        child: { $entity: node }\n      required: [child]\n')).toEqual([
      'BW2019 /entities/node/schema/properties/child',
    ])
  })

  it('the same entity reaching an unknown entity is BW3003 alone', () => {
    const entities =
      '  node:\n    schema:\n      type: object\n      properties:\n        child: { $entity: node }\n        owner: { $entity: person }\n      required: [child]\n'
    expect(codes(entities)).toEqual(['BW3003 /entities/node/schema/properties/owner/$entity'])
  })
})
