/**
 * Every entity and every `$defs` entry of an interface or an integration admits some value
 * (docs/definitions.md#schemas: a schema that contradicts itself is an error).
 * Contradictions inside one node are schema sanity's; this is the rest, found through
 * references: an entity that must contain itself forever (`node` requiring a `child` that
 * is a `node`) has no finite value, nor has a `$defs` entry that does (a plugin's too).
 */
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import type { Inhabitation } from '../jsonSchema/admitsNoValue.js'
import { defsName, defsReference, isDefsReference } from '../jsonSchema/reference.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { rootView } from '../jsonSchema/view.js'
import { locate } from '../load/yamlNodes.js'
import type { DefinitionModel } from '../resolve/model.js'
import { defineCheck } from './check.js'
import { entitiesOf, entityPointer, entityResolver, inhabitationOf, unsoundEntities } from './entityAnalysis.js'
import { pluginSchemas } from './pluginSchemas.js'

export const entityInhabitedCheck = defineCheck({
  name: 'EntityInhabited',
  codes: ['BW2019'],
  kinds: ['interface', 'integration', 'plugin'],
  run(definition, model) {
    const defs = Object.keys(definition.spec.$defs ?? {}).map(defsReference)
    if (definition.kind === 'plugin') {
      // a plugin's entities are its interfaces', reported there; its own `$defs` are read
      // through its dependencies, as its other checks read them
      const schemas = pluginSchemas(model, definition)
      return uninhabited(
        definition,
        schemas.inhabitationAnalysis(),
        defs.map((reference) => [reference, schemas.resolve(reference)]),
      )
    }
    const unsound = unsoundEntities(definition)
    const resolve = entityResolver(definition)
    const references = [...Object.keys(entitiesOf(definition)).filter((name) => !unsound.has(name)), ...defs]
    return uninhabited(
      definition,
      inhabitationOf(definition),
      references.map((reference) => [reference, resolve(reference)]),
    )
  },
})

/**
 * The diagnostics of the entities and `$defs` entries (by reference: `NAME`, `#/$defs/NAME`)
 * that admit no value. The analysis follows both alike; each is reported where it is
 * written, and one whose cause lies in another (which admits no value either and is
 * reported itself) is not reported again: one mistake, one diagnostic.
 */
function uninhabited(definition: DefinitionModel, inhabitation: Inhabitation, schemas: [string, SchemaNode | undefined][]): Diagnostic[] {
  const out: Diagnostic[] = []
  for (const [reference, schema] of schemas) {
    if (schema === undefined || inhabitation.entityInhabited(reference)) continue
    const why = inhabitation.explain(rootView(schema, reference))
    if (!why || (why.location.entity !== null && why.location.entity !== reference)) continue
    const at = entityPointer(why.location, reference)
    const args = { kind: definition.kind, name: definition.name, pointer: why.location.pointer || '/', reason: why.reason }
    out.push(
      isDefsReference(reference)
        ? diagnostic('BW2019', 'defsAdmitsNoValue', { entry: defsName(reference), ...args }, locate(definition.file, at), { path: at })
        : diagnostic('BW2019', 'entityAdmitsNoValue', { entity: reference, ...args }, locate(definition.file, at), { path: at }),
    )
  }
  return out
}
