/**
 * Two versions of one definition never differ only in letter case (`1.0.0-RC.1` and
 * `1.0.0-rc.1`): their generated modules (`v1.0.0-RC.1.ts`, `v1.0.0-rc.1.ts`) would be
 * one file on a case-insensitive file system (macOS, Windows), and output must be the
 * same on every machine (docs/generated-code.md).
 */
import { diagnostic, relatedLocation } from '../diagnostics/diagnostic.js'
import { locate } from '../load/yamlNodes.js'
import { earlierCaseVariant } from '../resolve/versionsByName.js'
import { defineCheck } from './check.js'

export const versionFileNamesCheck = defineCheck({
  name: 'VersionFileNames',
  codes: ['BW4014'],
  kinds: ['interface', 'integration', 'plugin', 'bot'],
  run(definition, model) {
    // names are lower-case already (docs/definitions.md#identity-names-and-versions); only a version's letters can differ in case.
    // Reported on every version but the first the model holds (the model's order is kind, name, version)
    const seen = earlierCaseVariant(definition, model)
    if (!seen) return []
    return [
      diagnostic(
        'BW4014',
        'caseOnly',
        { kind: definition.kind, name: definition.name, first: seen.version, version: definition.version },
        locate(definition.file, '/version'),
        {
          path: '/version',
          related: [relatedLocation('versionDeclared', { version: seen.version }, locate(seen.file, '/version'))],
        },
      ),
    ]
  },
})
