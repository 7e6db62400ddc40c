// What a semantic check is: a name, the codes it reports, the kinds of definition it looks
// at, and a function that checks one such definition of a resolved model. Checking one
// definition at a time lets a caller check a subset of the model (the definitions an edit
// can affect) and get exactly the diagnostics a whole run would give for them.
import type { DiagnosticCode } from '../diagnostics/catalog.js'
import type { Diagnostic } from '../diagnostics/diagnostic.js'
import type { DefinitionModel, Model } from '../resolve/model.js'
import type { DefinitionKind } from '../validate/metaSchemas.js'

export interface Check {
  /** as the file is named, capitalised: entityExtension.ts is EntityExtension */
  readonly name: string
  /** every code the check may report */
  readonly codes: readonly DiagnosticCode[]
  /** the kinds of definition it looks at; the others give no diagnostic */
  readonly kinds: readonly DefinitionKind[]
  /** the diagnostics of one definition (of any kind: it answers [] for kinds it does not look at) */
  readonly run: (definition: DefinitionModel, model: Model) => Diagnostic[]
}

type DefinitionOf<K extends DefinitionKind> = Extract<DefinitionModel, { kind: K }>

/** A check over the definitions of the given kinds. */
export function defineCheck<K extends DefinitionKind>(check: {
  name: string
  codes: readonly DiagnosticCode[]
  kinds: readonly K[]
  run: (definition: DefinitionOf<K>, model: Model) => Diagnostic[]
}): Check {
  const kinds: readonly DefinitionKind[] = check.kinds
  const isSubject = (definition: DefinitionModel): definition is DefinitionOf<K> => kinds.includes(definition.kind)
  return {
    name: check.name,
    codes: check.codes,
    kinds,
    run: (definition, model) => (isSubject(definition) ? check.run(definition, model) : []),
  }
}
