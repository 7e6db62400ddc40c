// Binds every `$entity` in a definition's schemas to its scope, reporting the unknown
// ones at the reference with a near-miss suggestion.

import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import { closest, listNames, suggestionText } from '../diagnostics/suggest.js'
import { own } from '../jsonSchema/own.js'
import { locate } from '../load/yamlNodes.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { DefinitionSpec } from '../validate/definitionTypes.js'
import { schemaSites, walkSchema } from '../validate/schemaSites.js'
import { type EntityScope, scopeEntityNames } from './model.js'

export interface ReferenceContext {
  /** plugin local names whose interface could not be resolved: their references are not reported again */
  unresolvedLocals?: ReadonlySet<string>
  /**
   * For a plugin: why an entity its local name lacks may be elsewhere ("the plugin compiles
   * against 'notes' 1.0.0 ..., and 'tag' is in 1.1.0"), or '' when no version has it.
   */
  entityElsewhere?(local: string, entity: string): string
}

export function checkEntityReferences(file: SourceFile, spec: DefinitionSpec, scope: EntityScope, context: ReferenceContext = {}): Diagnostic[] {
  const out: Diagnostic[] = []
  const known = scopeEntityNames(scope)
  for (const site of schemaSites(spec)) {
    if (site.role === 'configuration' || site.role === 'defs' || site.role === 'state') continue // reported by schema sanity (BW2017, BW2021, BW2036)
    walkSchema(site.schema, site.pointer, (node, pointer) => {
      const name = node.$entity
      if (typeof name !== 'string' || Object.hasOwn(scope, name)) return
      const at = `${pointer}/$entity`
      if (spec.kind === 'plugin') {
        const [local = '', entity = ''] = name.split('.')
        if (context.unresolvedLocals?.has(local)) return
        const locals = Object.keys(spec.interfaces ?? {})
        if (!locals.includes(local)) {
          const list = locals.length > 0 ? `; this plugin's interfaces are ${listNames(locals)}` : '; this plugin declares no interfaces'
          const suggestion = closest(local, locals)
          out.push(
            diagnostic('BW3003', 'notLocalName', { local, reference: name, didYouMean: suggestionText(suggestion), known: list }, locate(file, at), {
              path: at,
              suggestion,
            }),
          )
          return
        }
        const entities = known.filter((k) => k.startsWith(`${local}.`)).map((k) => k.slice(local.length + 1))
        const declared = own(spec.interfaces, local)
        const which =
          declared && typeof declared.name === 'string' && declared.name !== local
            ? `interface '${declared.name}' (local name '${local}')`
            : `interface '${local}'`
        const elsewhere = context.entityElsewhere?.(local, entity) ?? ''
        const suggestion = elsewhere ? undefined : closest(entity, entities)
        const args = {
          interface: which,
          entity,
          didYouMean: suggestionText(suggestion),
          entities: entities.length > 0 ? listNames(entities) : 'no entities',
          elsewhere,
        }
        out.push(diagnostic('BW3003', 'noInterfaceEntity', args, locate(file, at), { path: at, suggestion }))
        return
      }
      const suggestion = closest(name, known)
      out.push(
        diagnostic(
          'BW3003',
          'unknownEntity',
          {
            entity: name,
            didYouMean: suggestionText(suggestion),
            kind: spec.kind,
            name: spec.name,
            entities: known.length > 0 ? `the entities ${listNames(known)}` : 'no entities',
          },
          locate(file, at),
          {
            path: at,
            suggestion,
          },
        ),
      )
    })
  }
  return out
}
