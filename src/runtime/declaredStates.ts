// The states each owner declared (the bot, a plugin instance, an integration), looked up once
// per name rather than at every state call (docs/runtime.md#states), each with its payload
// schema's definitions and validator, compiled at the first payload it validates.
import { own } from '../jsonSchema/own.js'
import type { JsonSchema, StateDefinition } from './definition.js'
import { type Issues, type SchemaDefinitions, type ValidateFunction, validateWith, validatorFor } from './validation.js'
import type { ValueLimits } from './valueLimits.js'

/** One declared state of one owner, with what validating its payloads needs. */
export interface DeclaredState {
  readonly definition: StateDefinition
  readonly definitions: SchemaDefinitions
  /** compiled at the first payload validated (validatorFor), as validateValue would */
  validate: ValidateFunction | undefined
}

/** What an owner's states are found in (StateOwner, states.ts). */
interface Declaring {
  readonly states: { readonly [name: string]: StateDefinition }
  definitionsFor(schema: JsonSchema): SchemaDefinitions
}

export class DeclaredStates {
  private readonly byOwner = new Map<Declaring, Map<string, DeclaredState>>()

  /** State `name` as `owner` declared it; undefined when it declares none of that name. */
  find(owner: Declaring, name: string): DeclaredState | undefined {
    let byName = this.byOwner.get(owner)
    if (!byName) {
      byName = new Map()
      this.byOwner.set(owner, byName)
    }
    const known = byName.get(name)
    if (known) return known
    const definition = own(owner.states, name)
    if (!definition) return undefined
    const declared: DeclaredState = { definition, definitions: owner.definitionsFor(definition.schema), validate: undefined }
    byName.set(name, declared)
    return declared
  }
}

/** What is wrong with `payload` (defaults filled) as a value of the state: validateValue's issues, named under `payload`. */
export function payloadIssues(declared: DeclaredState, payload: unknown, limits: ValueLimits): Issues {
  declared.validate ??= validatorFor(declared.definition.schema, declared.definitions)
  return validateWith(payload, declared.validate, 'payload', limits)
}
