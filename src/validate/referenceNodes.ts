// Nodes that stand for another schema (docs/definitions.md#schemas): a `$ref`, a `$message` or an
// `$entity` holds only words and annotations beside it (BW2020, BW2010), and stands only where
// it can (a message not in a configuration, BW2024; an entity neither in `$defs`, BW2021, nor in
// a configuration, BW2017, and dotted exactly in a plugin, BW2018).

import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import { isAnnotationKey } from '../jsonSchema/annotations.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { locate, locateKey } from '../load/yamlNodes.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { DefinitionSpec } from './definitionTypes.js'
import type { NamedSchemaUse } from './namedSchemas.js'
import { describeRole } from './objectAtTop.js'
import type { SchemaSite } from './schemaSites.js'

const ENTITY_SIBLINGS = new Set(['$entity', 'title', 'description'])
const REF_SIBLINGS = new Set(['$ref', 'title', 'description'])
const MESSAGE_SIBLINGS = new Set(['$message', 'title', 'description'])

/** A `$ref` node: only words and annotations beside it; the reference itself is recorded (and checked) by `named`. */
export function checkRefNode(
  file: SourceFile,
  site: SchemaSite,
  named: NamedSchemaUse,
  node: SchemaNode & { $ref: string },
  pointer: string,
  out: Diagnostic[],
): void {
  for (const key of Object.keys(node)) {
    // `x-` annotations may stand beside any reference (docs/definitions.md#annotations-x--keys)
    if (!REF_SIBLINGS.has(key) && !isAnnotationKey(key))
      out.push(diagnostic('BW2020', 'besideRef', { key }, locateKey(file, `${pointer}/${key}`), { path: `${pointer}/${key}` }))
  }
  named.reference(node.$ref, pointer, site.role === 'defs' ? site.member : null, out)
}

/** A `$message` node: only words and annotations beside it, and never in a configuration. */
export function checkMessageNode(file: SourceFile, site: SchemaSite, node: SchemaNode & { $message: string }, pointer: string, out: Diagnostic[]): void {
  for (const key of Object.keys(node)) {
    if (!MESSAGE_SIBLINGS.has(key) && !isAnnotationKey(key))
      out.push(diagnostic('BW2020', 'besideMessage', { key }, locateKey(file, `${pointer}/${key}`), { path: `${pointer}/${key}` }))
  }
  if (site.role === 'configuration') {
    const at = `${pointer}/$message`
    out.push(diagnostic('BW2024', 'messageInConfiguration', { type: node.$message }, locate(file, at), { path: at }))
  }
}

/** An `$entity` node: only words and annotations beside it, never in `$defs` or a configuration, dotted exactly in a plugin. */
export function checkEntityNode(
  file: SourceFile,
  kind: DefinitionSpec['kind'],
  site: SchemaSite,
  node: SchemaNode & { $entity: string },
  pointer: string,
  out: Diagnostic[],
): void {
  for (const key of Object.keys(node)) {
    if (!ENTITY_SIBLINGS.has(key) && !isAnnotationKey(key)) {
      out.push(diagnostic('BW2010', 'besideEntity', { key }, locateKey(file, `${pointer}/${key}`), { path: `${pointer}/${key}` }))
    }
  }
  if (site.role === 'defs') {
    out.push(
      diagnostic('BW2021', 'entityInDefs', { name: site.member, entity: node.$entity }, locate(file, `${pointer}/$entity`), { path: `${pointer}/$entity` }),
    )
  } else if (site.role === 'configuration') {
    out.push(diagnostic('BW2017', 'entityInConfiguration', { entity: node.$entity }, locate(file, `${pointer}/$entity`), { path: `${pointer}/$entity` }))
  } else if (site.role === 'state') {
    out.push(
      diagnostic('BW2036', 'entityInState', { name: site.member, entity: node.$entity }, locate(file, `${pointer}/$entity`), { path: `${pointer}/$entity` }),
    )
  } else if (kind === 'bot') {
    const args = { schema: describeRole(site), entity: node.$entity }
    out.push(diagnostic('BW2036', 'entityInBot', args, locate(file, `${pointer}/$entity`), { path: `${pointer}/$entity` }))
  } else {
    const dotted = node.$entity.includes('.')
    if (kind === 'plugin' && !dotted) {
      out.push(diagnostic('BW2018', 'undottedInPlugin', { entity: node.$entity }, locate(file, `${pointer}/$entity`), { path: `${pointer}/$entity` }))
    } else if (kind !== 'plugin' && dotted) {
      out.push(
        diagnostic(
          'BW2018',
          'dottedOutsidePlugin',
          { owner: kind === 'interface' ? 'an interface' : 'an integration', entity: node.$entity },
          locate(file, `${pointer}/$entity`),
          { path: `${pointer}/$entity` },
        ),
      )
    }
  }
}
