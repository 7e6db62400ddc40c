/**
 * Each version of an interface, integration or plugin that the workspace holds (the
 * built-in interfaces included) is bumped enough from the next lower version it holds,
 * by the rules of `botwire diff` (docs/versioning.md): a plugin compiled against 1.0.0 may
 * be wired to an integration implementing 1.1.0, which is sound only if 1.1.0 breaks
 * nothing of 1.0.0. Reported at the higher version's `version` line, with the weightiest
 * change as a related place; at the lower one's when the higher is a built-in.
 */
import { diagnostic, relatedLocation } from '../diagnostics/diagnostic.js'
import { locate } from '../load/yamlNodes.js'
import type { DefinitionModel } from '../resolve/model.js'
import { nextLowerVersion } from '../resolve/versionsByName.js'
import { compareDefinitionVersions } from '../versioning/compareVersions.js'
import { covers } from '../versioning/levels.js'
import type { SideDefinition } from '../versioning/sideDefinition.js'
import type { Side } from '../versioning/types.js'
import { defineCheck } from './check.js'

function asSide(definition: DefinitionModel, side: Side): SideDefinition {
  return {
    side,
    kind: definition.kind,
    name: definition.name,
    version: definition.version,
    versioned: true,
    spec: definition.spec,
    file: definition.file,
    relativePath: definition.file.displayPath,
    model: definition,
  }
}

export const versionBumpsCheck = defineCheck({
  name: 'VersionBumps',
  codes: ['BW4015'],
  kinds: ['interface', 'integration', 'plugin'],
  run(definition, model) {
    const base = nextLowerVersion(definition, model)
    if (!base) return []
    const { changes, required } = compareDefinitionVersions(asSide(base, 'old'), asSide(definition, 'new'), model, model)
    const verdict = covers(base.version, definition.version, required)
    const weightiest = changes[0]
    if (verdict.ok || !weightiest) return []
    // a built-in cannot be edited: the workspace's version is where the fix goes
    const [at, other] = definition.file.builtin && !base.file.builtin ? [base, definition] : [definition, base]
    return [
      diagnostic(
        'BW4015',
        'bumpTooSmall',
        {
          kind: definition.kind,
          name: definition.name,
          version: definition.version,
          base: base.version,
          problem: verdict.problem,
          change: weightiest.message,
          level: weightiest.level,
        },
        locate(at.file, '/version'),
        {
          path: '/version',
          related: [
            relatedLocation('weightiestChange', { level: weightiest.level }, locate(weightiest.file, weightiest.pointer)),
            relatedLocation('versionDeclared', { version: other.version }, locate(other.file, '/version')),
          ],
        },
      ),
    ]
  },
})
