// Schema sanity (docs/definitions.md#schemas): a schema that contradicts itself, says nothing about what it
// admits, or uses `$entity` where it cannot stand. Runs on every schema of a definition
// that passed the meta-schemas. Whether a node admits any value at all is asked of the
// emptiness analysis entity extension uses (src/jsonSchema), node by node.
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { locate, locateKey } from '../load/yamlNodes.js'
import type { SourceFile } from '../source/sourceFile.js'
import { reportNoValue, saysWhatItAdmits, withTypeAround } from './admitsNothing.js'
import { checkClosedBranches, checkDefaultsAcrossParts } from './allOfParts.js'
import { checkConfigurationThroughDefs, secretPropertyAt } from './configurationThroughDefs.js'
import { checkBounds, checkPattern } from './contradictoryKeywords.js'
import type { DefinitionSpec, UncheckedDefinition } from './definitionTypes.js'
import { describePointer } from './describePointer.js'
import { checkEntityChains } from './entityChains.js'
import { checkMessageExtension } from './messageExtension.js'
import { checkDefsCycles, defsOf, NamedSchemaUse } from './namedSchemas.js'
import { checkObjectAtTop } from './objectAtTop.js'
import { checkOwnValues } from './ownValues.js'
import { ProblemPlaces } from './problemPlaces.js'
import { checkRefChains } from './refChains.js'
import { checkEntityNode, checkMessageNode, checkRefNode } from './referenceNodes.js'
import { checkRepeatedEnumValues } from './repeatedEnumValues.js'
import { checkRequired, requiresUndeclared } from './requiredDeclared.js'
import { type AllOfPlace, type SchemaSite, schemaSites, walkSchema } from './schemaSites.js'
import { checkSecretValues, configurationDefs, defsResolver } from './secretDefaults.js'
import { SuggestionBudget } from './suggestionBudget.js'

/** Whether the node is a `$ref`, a `$message` or an `$entity` (its key holds a string). */
function standsFor<K extends '$ref' | '$message' | '$entity'>(node: SchemaNode, key: K): node is SchemaNode & { [P in K]: string } {
  return typeof node[key] === 'string'
}

/** Every rule that judges one node, in the order their diagnostics are reported. */
function checkNode(
  file: SourceFile,
  kind: DefinitionSpec['kind'],
  site: SchemaSite,
  named: NamedSchemaUse,
  node: SchemaNode,
  pointer: string,
  enclosing: readonly SchemaNode[],
  allOf: AllOfPlace | undefined,
  suggestions: SuggestionBudget,
  out: Diagnostic[],
): void {
  if (standsFor(node, '$ref')) {
    checkRefNode(file, site, named, node, pointer, out)
    return
  }
  if (standsFor(node, '$message')) {
    checkMessageNode(file, site, node, pointer, out)
    return
  }
  if (standsFor(node, '$entity')) {
    checkEntityNode(file, kind, site, node, pointer, out)
    return
  }
  const secret = site.role === 'configuration' ? secretPropertyAt(node, pointer) : undefined
  if (secret !== undefined) out.push(diagnostic('BW2027', 'secretProperty', {}, locateKey(file, secret.pointer), { path: secret.pointer }))
  const saysWhat = saysWhatItAdmits(node)
  // a branch beside a `type` (`const`, `enum`) narrows what that node admits: `{ required: [email] }`.
  // An allOf branch says it itself even beside an entity branch (`[{ $entity: ticket }, { type: object, ... }]`):
  // its own type is what lets it be typed as the object it adds
  const saidAround = enclosing.some((around) => around.type !== undefined || around.const !== undefined || around.enum !== undefined)
  if (!saysWhat && !saidAround) {
    out.push(diagnostic('BW2011', 'saysNothing', { where: describePointer(pointer) }, locate(file, pointer), { path: pointer }))
  }
  const found = out.length
  checkRequired(file, node, pointer, enclosing, allOf, suggestions, out)
  if (node.allOf !== undefined) {
    checkMessageExtension(file, node, pointer, named.defs, out)
    checkClosedBranches(file, node, pointer, suggestions, out)
    checkDefaultsAcrossParts(file, node, pointer, out)
  }
  checkRepeatedEnumValues(file, node, pointer, out)
  checkBounds(file, node, pointer, out)
  if (!checkPattern(file, node, pointer, out)) return // ajv cannot compile the node for the value checks below
  checkOwnValues(file, node, pointer, out, 'values')
  // what the keyword checks above cannot see: a const outside the node's enum, no integer
  // between fractional bounds, union branches of other types, ...
  // an allOf branch requiring a property no part declares is that branch's BW2013, not also this node's
  if (out.length === found && !requiresUndeclared(node) && reportNoValue(file, withTypeAround(node, enclosing), pointer, out)) return // then every default and example is rejected too
  checkOwnValues(file, node, pointer, out, 'annotations')
}

/**
 * `shapeProblems`: the definition's shape errors, when it has any (`spec` is then the
 * unchecked value validateShape returns). Its schemas that hold none of them are intact
 * (the meta-schema accepted every node in them) and are checked as usual, so that one
 * run reports a self-contradicting schema beside a misspelt key elsewhere in the file. In
 * a schema with a shape error inside, the nodes on the way to the error and inside it are
 * left to the next run, and so are the judgements of the schema as a whole (an object at
 * the top; what a configuration reaches through `$defs`); its other nodes are checked.
 */
export function checkSchemaSanity(file: SourceFile, spec: DefinitionSpec | UncheckedDefinition, shapeProblems: readonly Diagnostic[] = []): Diagnostic[] {
  const out: Diagnostic[] = []
  const named = new NamedSchemaUse(file, spec, defsOf(spec))
  // every pass below that follows references walks a chain recursively: a chain too long is told alone, and the rest waits
  const sites = schemaSites(spec)
  const tooDeep = checkRefChains(file, named.defs)
  if (tooDeep.length > 0) return tooDeep
  const tooLong = checkEntityChains(file, sites, named.defs)
  if (tooLong.length > 0) return tooLong
  let intact = true
  // where `secret: true` means something: configuration schemas and the named schemas they use
  const secretDefs = configurationDefs(sites, named.defs)
  const resolve = defsResolver(named.defs)
  const problems = new ProblemPlaces(shapeProblems)
  const suggestions = new SuggestionBudget()
  for (const site of sites) {
    const holdsSecrets = site.role === 'configuration' || (site.role === 'defs' && secretDefs.has(site.member))
    if (problems.unplaced) {
      intact = false
      continue
    }
    const broken = problems.hasWithin(site.pointer)
    if (!broken) {
      if (site.role !== 'entity' && site.role !== 'defs') checkObjectAtTop(file, site, named, out)
      if (site.role === 'configuration' && Object.keys(named.defs).length > 0) checkConfigurationThroughDefs(file, site, named, out)
    } else intact = false
    // a node on the way to a shape error, or inside one, waits for the next run; the rest of the schema is checked
    walkSchema(site.schema, site.pointer, (node, pointer, enclosing, allOf) => {
      if (broken && problems.touches(pointer, site.pointer)) return
      checkNode(file, spec.kind, site, named, node, pointer, enclosing, allOf, suggestions, out)
      if (holdsSecrets) checkSecretValues(file, site, node, pointer, resolve, out)
    })
  }
  if (Object.keys(named.defs).length > 0) {
    out.push(...checkDefsCycles(file, named.defs))
    // a schema left unchecked may be where an entry is used
    if (intact) named.unused(out)
  }
  return out
}
