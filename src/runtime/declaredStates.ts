// The states each owner declared (the bot, a plugin instance, an integration), looked up once
// per name rather than at every state call (docs/runtime.md#states), each with its payload
// schema's definitions and validator, compiled at the first payload it validates.
import { fillDefaults } from '../jsonSchema/defaults.js'
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
  /** false when neither the schema nor its definitions hold a `default` anywhere: fillDefaults would give the payload back as it is */
  readonly fills: boolean
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
    const definitions = owner.definitionsFor(definition.schema)
    // a `default` key anywhere (even a property so named) counts: the filler is then asked, and tells
    const fills = JSON.stringify([definition.schema, definitions]).includes('"default"')
    const declared: DeclaredState = { definition, definitions, validate: undefined, fills }
    byName.set(name, declared)
    return declared
  }
}

/** `payload` with the state's defaults filled in (fillDefaults), or itself when its schema has none. */
export function withDefaults(declared: DeclaredState, payload: unknown): unknown {
  return declared.fills ? fillDefaults(payload, declared.definition.schema, declared.definitions) : payload
}

/** What is wrong with `payload` (defaults filled) as a value of the state: validateValue's issues, named under `payload`. */
export function payloadIssues(declared: DeclaredState, payload: unknown, limits: ValueLimits): Issues {
  declared.validate ??= validatorFor(declared.definition.schema, declared.definitions)
  return validateWith(payload, declared.validate, 'payload', limits)
}
