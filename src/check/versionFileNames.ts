/**
 * Two versions of one definition never differ only in letter case (`1.0.0-RC.1` and
 * `1.0.0-rc.1`): their generated modules (`v1.0.0-RC.1.ts`, `v1.0.0-rc.1.ts`) would be
 * one file on a case-insensitive file system (macOS, Windows), and output must be the
 * same on every machine (SPEC §6).
 */
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js'
import { locate } from '../load/yamlNodes.js'
import type { DefinitionModel, Model } from '../resolve/model.js'

export function checkVersionFileNames(model: Model): Diagnostic[] {
  const out: Diagnostic[] = []
  const first = new Map<string, DefinitionModel>()
  for (const definition of model.definitions.values()) {
    // names are lower-case already (SPEC §1); only a version's letters can differ in case
    const folded = `${definition.kind}/${definition.name}/${definition.version.toLowerCase()}`
    const seen = first.get(folded)
    if (!seen) {
      first.set(folded, definition)
      continue
    }
    out.push(
      diagnostic('BW4014', `${definition.kind} '${definition.name}' has versions ${seen.version} and ${definition.version}, which differ only in letter case: their generated files would be one file on macOS and Windows; rename one of them`, locate(definition.file, '/version'), {
        path: '/version',
        related: [{ message: `${seen.version} is declared here`, range: locate(seen.file, '/version') }],
      }),
    )
  }
  return out
}
