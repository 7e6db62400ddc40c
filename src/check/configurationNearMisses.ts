// Keys of a bot's configuration that an open schema lets through but that look like a
// declared property misspelt (`maxWord` beside a declared `maxWords`): the integration or
// plugin never reads them, and the value the user meant to set stays at its default.
// Warned at the key (BW4027), never an error: an open schema does allow extra keys.
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import { closestTypo } from '../diagnostics/suggest.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { valuePath } from '../jsonSchema/valueIssues.js'
import { locateKey } from '../load/yamlNodes.js'
import type { SourceFile } from '../source/sourceFile.js'
import { undeclaredKeys } from './undeclaredKeys.js'

export interface NearMissPlace {
  file: SourceFile
  /** the pointer of the instance (`/integrations/crm`) */
  base: string
  /** "integration 'crm' 1.0.0" */
  owner: string
  /** instance pointers already reported (as a key of another configuration) */
  reported: ReadonlySet<string>
}

export function nearMissKeys(place: NearMissPlace, value: unknown, schema: SchemaNode): Diagnostic[] {
  const out: Diagnostic[] = []
  for (const { key, at, parent, pointer } of undeclaredKeys(value, schema)) {
    // open by omission only: `additionalProperties: true` (or a schema) says extra keys are meant
    if (at.additionalProperties !== undefined || place.reported.has(pointer)) continue
    const meant = closestTypo(key, Object.keys(at.properties ?? {}))
    if (meant === undefined) continue
    const full = `${place.base}/configuration${pointer}`
    out.push(
      diagnostic('BW4027', 'nearMissKey', { path: valuePath('configuration', parent, value), key, meant, owner: place.owner }, locateKey(place.file, full), {
        path: full,
        suggestion: meant,
        data: { key },
      }),
    )
  }
  return out
}
