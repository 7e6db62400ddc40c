// States of bots, plugins and integrations (docs/definitions.md#states): the `States` map
// of a module (state name -> { type, value, given }) and the `states` section of its
// `definition`. A state's schema references no entities (BW2036), only named schemas.
import { annotationsOf, hasAnnotations } from '../jsonSchema/annotations.js'
import type { EntityScope } from '../resolve/model.js'
import type { StateSpec } from '../validate/definitionTypes.js'
import type { ModuleBuilder } from './moduleBuilder.js'
import { ref } from './moduleBuilder.js'
import { OBJECT_MEMBERS, pascalCase } from './names.js'
import { ConstString, type ConstValue, type PropertySignature } from './plan.js'
import type { JsonSchemaLowering } from './schemaToJson.js'
import { docOf, hasFilledDefaults, type TypeContext } from './schemaToType.js'
import { documented } from './sources.js'

type States = { [name: string]: StateSpec } | undefined

function member(name: string, type: PropertySignature['type'], doc?: PropertySignature['doc']): PropertySignature {
  return { name, optional: false, type, ...(doc ? { doc } : {}) }
}

/**
 * Declares `<Name>State` (the value as stored and read: defaults filled), `<Name>StateInput`
 * where defaults make what a writer gives differ, and `States`, what the clients' state
 * calls are typed with.
 */
export function declareStates(builder: ModuleBuilder, states: States, context: TypeContext): void {
  // a definition without states has no `States`: its clients' state calls take no name
  if (Object.keys(states ?? {}).length === 0) return
  const members: PropertySignature[] = []
  for (const [name, state] of Object.entries(states ?? {})) {
    const base = `${pascalCase(name)}State`
    const valueName = builder.names.allocate(base)
    builder.declareSchema(valueName, state.schema, { ...context, view: 'filled' }, docOf(state) ?? { description: `The value of state '${name}'.` })
    let givenName = valueName
    if (hasFilledDefaults(state.schema, context)) {
      givenName = builder.names.allocate(`${base}Input`)
      builder.declareSchema(
        givenName,
        state.schema,
        { ...context, view: 'given' },
        {
          description: `The value of state '${name}' as a writer gives it: properties with a default may be left out.`,
        },
      )
    }
    const shape: PropertySignature[] = [
      member('type', { kind: 'literal', value: state.type }),
      member('value', ref(valueName)),
      member('given', ref(givenName)),
    ]
    members.push(member(name, { kind: 'object', members: shape }, docOf(state)))
  }
  builder.add({
    kind: 'interface',
    name: 'States',
    doc: { description: 'States by name: what each is kept for, its value as read, and as a writer gives it (docs/runtime.md#states).' },
    members,
  })
}

/**
 * `StateExpiredHandler<'name'>`: the type of an `on.stateExpired('name', ...)` handler of
 * this module's owner, so that a handler can live in a file of its own. `client` and `ctx`:
 * the owner's client and context types, as raw type text.
 */
export function declareStateExpiredHandler(builder: ModuleBuilder, runtime: string, client: string, ctx: string): void {
  builder.add({
    kind: 'typeAlias',
    name: 'StateExpiredHandler',
    doc: { description: 'A handler of `on.stateExpired(name, handler)`, typed for state `N`, to write in a file of its own (docs/generated-code.md#states).' },
    typeParameters: [{ name: 'N', constraint: { kind: 'raw', text: 'keyof States' } }],
    type: { kind: 'raw', text: `${runtime}.StateExpiredHandler<States[N]["value"], ${client}, ${ctx}>` },
  })
}

/**
 * The `type` of state `name` in a `states` section: in that object literal, typed by an index
 * signature, the value under a key that names a member of `Object` gets no contextual type,
 * so its `type` is written `as const` to stay a literal (plan.ts, ConstString).
 */
export function stateTypeValue(name: string, type: string): ConstValue {
  return OBJECT_MEMBERS.has(name) ? new ConstString(type) : type
}

/** The `states` section of a `definition` constant. */
export function stateDefinitions(states: States, lowering: JsonSchemaLowering, scope: EntityScope): ConstValue {
  return Object.fromEntries(
    Object.entries(states ?? {}).map(([name, state]) => {
      // in this order: title, description, annotations, type, schema, expiry (one object, no spread copies)
      const fields: { [key: string]: ConstValue } = documented(state)
      if (hasAnnotations(state)) Object.assign(fields, annotationsOf(state))
      fields.type = stateTypeValue(name, state.type)
      fields.schema = lowering.lower(state.schema, scope)
      if ('expiry' in state && state.expiry !== undefined) fields.expiry = state.expiry
      return [name, fields]
    }),
  )
}
