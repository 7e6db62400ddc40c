/**
 * Every entity of an interface or an integration admits some value (docs/definitions.md#schemas: a schema
 * that contradicts itself is an error). Contradictions inside one node are schema
 * sanity's; this is the rest, found through entity references: an entity that must
 * contain itself forever (`node` requiring a `child` that is a `node`) has no finite value.
 */
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import { rootView } from '../jsonSchema/view.js'
import { locate } from '../load/yamlNodes.js'
import { defineCheck } from './check.js'
import { entitiesOf, entityPointer, inhabitationOf, unsoundEntities } from './entityAnalysis.js'

export const entityInhabitedCheck = defineCheck({
  name: 'EntityInhabited',
  codes: ['BW2019'],
  kinds: ['interface', 'integration'],
  run(definition) {
    const out: Diagnostic[] = []
    const unsound = unsoundEntities(definition)
    const inhabitation = inhabitationOf(definition)
    for (const [name, holder] of Object.entries(entitiesOf(definition))) {
      if (unsound.has(name) || inhabitation.entityInhabited(name)) continue
      const why = inhabitation.explain(rootView(holder.schema, name))
      // the cause lies in another entity, which admits no value either and is reported itself: one mistake, one diagnostic
      if (!why || (why.location.entity !== null && why.location.entity !== name)) continue
      const at = entityPointer(why.location, name)
      out.push(
        diagnostic(
          'BW2019',
          'entityAdmitsNoValue',
          { entity: name, kind: definition.kind, name: definition.name, pointer: why.location.pointer || '/', reason: why.reason },
          locate(definition.file, at),
          { path: at },
        ),
      )
    }
    return out
  },
})
