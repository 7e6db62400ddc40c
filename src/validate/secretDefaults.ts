// No default puts a value where a secret belongs (docs/definitions.md#where-a-secret-sits):
// a configuration schema, and its generated module, hold its defaults in plain text, so a
// `secret: true` property with a `default`, or a default of an object or list around it
// that fills the secret in, would write a credential into code meant to be committed
// (BW2028, at the default). The same holds for `examples` (BW2029, at the example): they
// are written into the generated module as the defaults are, and an example of a secret is
// as likely to be a real credential pasted in. Judged with the walk the bot's configuration
// check uses (src/jsonSchema/secretPlaces.ts), in a configuration schema and in the `$defs`
// entries it reaches. A value a `const` or `enum` lists is public (docs/decisions.md).
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import { isRecord, own } from '../jsonSchema/own.js'
import { parsePointer } from '../jsonSchema/pointer.js'
import { defsName, isDefsReference } from '../jsonSchema/reference.js'
import { nodesAlong, plainSecretPlaces, type ResolveReference, stepsOfSchemaPointer } from '../jsonSchema/secretPlaces.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { valuePath } from '../jsonSchema/valueIssues.js'
import { locate } from '../load/yamlNodes.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { Defs } from './namedSchemas.js'
import { type SchemaSite, walkSchema } from './schemaSites.js'

/** The `$defs` entries a configuration schema reaches, itself or through other entries. */
export function configurationDefs(sites: readonly SchemaSite[], defs: Defs): Set<string> {
  const reached = new Set<string>()
  const pending: SchemaNode[] = sites.filter((site) => site.role === 'configuration').map((site) => site.schema)
  for (let schema = pending.pop(); schema !== undefined; schema = pending.pop()) {
    walkSchema(schema, '', (node) => {
      if (typeof node.$ref !== 'string') return
      const name = defsName(node.$ref)
      const entry = own(defs, name)
      if (entry === undefined || reached.has(name)) return
      reached.add(name)
      pending.push(entry)
    })
  }
  return reached
}

/** `$ref: '#/$defs/NAME'` to the entry, as the definition's named schemas give it. */
export function defsResolver(defs: Defs): ResolveReference {
  return (reference) => (isDefsReference(reference) ? own(defs, defsName(reference)) : undefined)
}

/**
 * The places of a node's `default` and of each of its `examples` that hold a plain value
 * where a secret belongs. Each is judged with every schema that applies where it would be
 * filled in: the node, and what the rest of the site's schema says of the same place (an
 * `allOf` part beside it that marks the property secret).
 */
export function checkSecretValues(file: SourceFile, site: SchemaSite, node: SchemaNode, pointer: string, resolve: ResolveReference, out: Diagnostic[]): void {
  const examples = Array.isArray(node.examples) ? node.examples : []
  if (node.default === undefined && examples.length === 0) return
  const steps = stepsOfSchemaPointer(parsePointer(pointer.slice(site.pointer.length)))
  const roots = [...(steps === undefined || !isRecord(site.schema) ? [] : nodesAlong(site.schema, steps, resolve)), node]
  if (node.default !== undefined) {
    for (const place of plainSecretPlaces(roots, node.default, resolve)) {
      const at = `${pointer}/default${place.pointer}`
      out.push(
        place.pointer === ''
          ? diagnostic('BW2028', 'secretWithDefault', {}, locate(file, at), { path: at })
          : diagnostic('BW2028', 'secretInDefault', { path: valuePath('default', place.pointer, node.default) }, locate(file, at), { path: at }),
      )
    }
  }
  examples.forEach((example, i) => {
    for (const place of plainSecretPlaces(roots, example, resolve)) {
      const at = `${pointer}/examples/${i}${place.pointer}`
      out.push(
        place.pointer === ''
          ? diagnostic('BW2029', 'secretExample', {}, locate(file, at), { path: at })
          : diagnostic('BW2029', 'secretInExample', { path: valuePath(`examples[${i}]`, place.pointer, example) }, locate(file, at), { path: at }),
      )
    }
  })
}
