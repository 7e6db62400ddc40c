// Named schemas (docs/definitions.md#named-schemas-defs-and-ref): every `$ref` names an
// entry of its own definition's `$defs`, each entry is used, and entries that reference
// each other do so through a property or items. All of it is local to one file, so it
// is checked with the schemas' sanity, before anything is resolved.
import { type Diagnostic, diagnostic, relatedLocation } from '../diagnostics/diagnostic.js'
import { closest, listNames, suggestionText } from '../diagnostics/suggest.js'
import { isRecord, own } from '../jsonSchema/own.js'
import { escapePointerSegment, formatPointer } from '../jsonSchema/pointer.js'
import { DEFS_PREFIX, defsName } from '../jsonSchema/reference.js'
import { referenceCycles } from '../jsonSchema/referenceCycles.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { locate, locateKey } from '../load/yamlNodes.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { DefinitionSpec, UncheckedDefinition } from './definitionTypes.js'
import { walkSchema } from './schemaSites.js'

export type Defs = Readonly<Record<string, SchemaNode>>

const NO_DEFS: Defs = {}

/** The definition's `$defs` (its intact entries: a broken file may hold anything there). */
export function defsOf(spec: DefinitionSpec | UncheckedDefinition): Defs {
  const defs = (spec as { $defs?: unknown }).$defs
  if (!isRecord(defs)) return NO_DEFS
  return Object.fromEntries(Object.entries(defs).filter(([, schema]) => isRecord(schema))) as Defs
}

/** The `$ref`s of a definition's sanity run: what they name, and which names are used. */
export class NamedSchemaUse {
  readonly used = new Set<string>()

  constructor(
    private readonly file: SourceFile,
    private readonly spec: DefinitionSpec | UncheckedDefinition,
    readonly defs: Defs,
  ) {}

  /** Records a `$ref` (at `pointer`, the node holding it); reports a name `$defs` lacks. */
  reference(ref: string, pointer: string, from: string | null, out: Diagnostic[]): void {
    const name = defsName(ref)
    if (name !== from) this.used.add(name)
    if (Object.hasOwn(this.defs, name)) return
    const known = Object.keys(this.defs)
    const suggestion = closest(name, known)
    const at = `${pointer}/$ref`
    out.push(
      diagnostic(
        'BW3014',
        'unknownDefs',
        {
          name,
          didYouMean: suggestionText(suggestion),
          kind: this.spec.kind,
          definition: typeof this.spec.name === 'string' ? this.spec.name : '?',
          known: known.length > 0 ? `$defs ${listNames(known)}` : 'no $defs',
        },
        locate(this.file, at),
        { path: at, ...(suggestion === undefined ? {} : { suggestion: `${DEFS_PREFIX}${suggestion}` }) },
      ),
    )
  }

  /** Each entry no `$ref` names, as a warning at its key. */
  unused(out: Diagnostic[]): void {
    for (const name of Object.keys(this.defs)) {
      if (this.used.has(name)) continue
      const at = formatPointer(['$defs', name])
      out.push(diagnostic('BW2022', 'unusedDefs', { name }, locateKey(this.file, at), { path: at }))
    }
  }
}

/** `$ref`s reachable from a node without entering a value (a property or items): through unions only. */
function directRefs(schema: SchemaNode, pointer: string): { name: string; pointer: string }[] {
  // beside a shape error an entry may hold anything where a node belongs: no reference there
  if (!isRecord(schema)) return []
  if (typeof schema.$ref === 'string') return [{ name: defsName(schema.$ref), pointer: `${pointer}/$ref` }]
  return [
    ...(Array.isArray(schema.anyOf) ? schema.anyOf : []).flatMap((branch, i) => directRefs(branch, `${pointer}/anyOf/${i}`)),
    ...(Array.isArray(schema.oneOf) ? schema.oneOf : []).flatMap((branch, i) => directRefs(branch, `${pointer}/oneOf/${i}`)),
  ]
}

/** A cycle of `$ref`s that never enters a value describes none (as for entities, BW4012): reported once, at the reference that closes it. */
export function checkDefsCycles(file: SourceFile, defs: Defs): Diagnostic[] {
  const referencesOf = (name: string): { name: string; pointer: string }[] => {
    const schema = own(defs, name)
    return schema ? directRefs(schema, `/$defs/${escapePointerSegment(name)}`) : []
  }
  return referenceCycles(Object.keys(defs), referencesOf, (name) => `/$defs/${escapePointerSegment(name)}`).flatMap(({ names, steps }) => {
    const closing = steps[steps.length - 1]
    if (!closing) return []
    const related = steps
      .slice(0, -1)
      .map((step) => relatedLocation('referencesHere', { source: step.source, target: step.target }, locate(file, step.pointer)))
    const range = locate(file, closing.pointer)
    return [
      steps.length === 1
        ? diagnostic('BW2023', 'selfReference', { name: closing.target }, range, { path: closing.pointer, related })
        : diagnostic('BW2023', 'cycle', { cycle: names.map((c) => `'${c}'`).join(' -> ') }, range, { path: closing.pointer, related }),
    ]
  })
}

/**
 * The `$defs` entries that hold a node `find` picks, themselves or through the entries they
 * reference, each with what `find` gave for the first such node (a configuration may hold
 * neither a `$message` nor a `$secret` property, not even through a named schema).
 */
export function defsHolding<T>(defs: Defs, find: (node: SchemaNode, pointer: string) => T | undefined): Map<string, T> {
  const direct = new Map<string, T>()
  const references = new Map<string, string[]>()
  for (const [name, schema] of Object.entries(defs)) {
    const refs: string[] = []
    walkSchema(schema, formatPointer(['$defs', name]), (node, pointer) => {
      const found = direct.has(name) ? undefined : find(node, pointer)
      if (found !== undefined) direct.set(name, found)
      if (typeof node.$ref === 'string') refs.push(defsName(node.$ref))
    })
    references.set(name, refs)
  }
  for (let grew = direct.size > 0; grew; ) {
    grew = false
    for (const [name, refs] of references) {
      const through = direct.has(name) ? undefined : refs.find((ref) => direct.has(ref))
      if (through === undefined) continue
      const found = direct.get(through)
      if (found !== undefined) direct.set(name, found)
      grew = true
    }
  }
  return direct
}

/**
 * What the top of a schema stands for, read through its references: the rule that
 * inputs, outputs, events, channel messages and configurations are objects at the top
 * judges this. One function follows every kind of reference a top may be (`$ref` here;
 * a further reference kind or `allOf` plugs in beside it). Undefined when the reference
 * cannot be followed (an unknown name, a cycle, an entity: each reported elsewhere).
 */
export function topOf(schema: SchemaNode, defs: Defs): { schema: SchemaNode; via: string | null } | undefined {
  let current = schema
  let via: string | null = null
  for (let hops = 0; typeof current.$ref === 'string'; hops++) {
    const name = defsName(current.$ref)
    const target = hops > 64 ? undefined : own(defs, name)
    if (target === undefined) return undefined
    via ??= name
    current = target
  }
  if (via !== null && typeof current.$entity === 'string') return undefined
  return { schema: current, via }
}
