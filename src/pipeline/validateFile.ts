// One loaded file through the per-file passes: its shape against the meta-schemas, then
// the sanity of its schemas. Gives the definition when the file has no error; otherwise
// what the file claims to be, so that resolution treats the name as present but broken.
import type { Diagnostic } from '../diagnostics/diagnostic.js'
import { isRecord } from '../jsonSchema/own.js'
import type { ParsedFile } from '../load/parseSourceFile.js'
import { checkEntityReferences } from '../resolve/entityReferences.js'
import { ownScope } from '../resolve/resolveIntegration.js'
import type { SourceFile } from '../source/sourceFile.js'
import { type ClaimedDefinition, claimedDefinitions } from '../validate/claimedNames.js'
import type { DefinitionSpec, RawDefinition, UncheckedDefinition } from '../validate/definitionTypes.js'
import { ProblemPlaces } from '../validate/problemPlaces.js'
import { checkSchemaSanity } from '../validate/schemaSanity.js'
import { validateShape } from '../validate/validateShape.js'
import { type PipelineObserver, UNOBSERVED } from './observer.js'

export interface ValidatedFile {
  file: SourceFile
  /** the definition, when the file has no shape or sanity error */
  definition: RawDefinition | null
  /** what a file with errors claims to be (empty when `definition` is set) */
  claims: ClaimedDefinition[]
  /** shape and sanity diagnostics (the load's are the parsed file's own) */
  diagnostics: Diagnostic[]
}

/**
 * A built-in file's validation, kept with the parsed file it came from: the load gives the
 * same parsed file while the built-in's text is unchanged (parseSourceFile.ts), and the
 * result is never changed after it is made. Later runs of a process skip its passes.
 */
const builtinValidations = new WeakMap<ParsedFile, ValidatedFile>()

export function validateFile(parsed: ParsedFile, observer: PipelineObserver = UNOBSERVED): ValidatedFile {
  if (!parsed.file.builtin) return validateParsed(parsed, observer)
  const held = builtinValidations.get(parsed)
  if (held !== undefined) return held
  const validated = validateParsed(parsed, observer)
  builtinValidations.set(parsed, validated)
  return validated
}

function validateParsed(parsed: ParsedFile, observer: PipelineObserver): ValidatedFile {
  const { file, value } = parsed
  if (!value) return { file, definition: null, claims: parsed.diagnostics.length > 0 ? claimedDefinitions(file, null) : [], diagnostics: [] }
  const shape = observer.pass('shape', () => validateShape(file, value))
  if (shape.kind === null) return { file, definition: null, claims: claimedDefinitions(file, value), diagnostics: shape.diagnostics }
  // sanity beside shape errors: only the nodes on the way to a shape error, or inside one, wait for the next run
  const sanity = observer.pass('sanity', () => checkSchemaSanity(file, shape.definition ?? shape.unchecked, shape.diagnostics))
  const diagnostics = [...shape.diagnostics, ...sanity]
  if (shape.definition === null || sanity.some((d) => d.severity === 'error')) {
    // left out of resolution, which would report its unknown entities: they are reported here
    diagnostics.push(...referencesBesideErrors(file, shape.definition ?? shape.unchecked, shape.diagnostics, diagnostics))
    return { file, definition: null, claims: claimedDefinitions(file, value), diagnostics }
  }
  return { file, definition: { file, spec: shape.definition }, claims: [], diagnostics }
}

/**
 * An interface's or integration's `$entity` references that name none of its entities,
 * found beside shape or sanity errors: such a definition is left out of resolution, which
 * would report them, until those are fixed, and one run should tell both (a misspelt
 * `required` in one schema, a misspelt entity in another). References on the way to a
 * shape error or inside one wait, and all wait when the entity names are not there to
 * read; the message is the one resolution gives.
 */
function referencesBesideErrors(
  file: SourceFile,
  unchecked: DefinitionSpec | UncheckedDefinition,
  shapeProblems: readonly Diagnostic[],
  reported: readonly Diagnostic[],
): Diagnostic[] {
  if (unchecked.kind !== 'interface' && unchecked.kind !== 'integration') return []
  if (typeof unchecked.name !== 'string' || shapeProblems.some((p) => p.path === undefined || p.path === '' || p.path === '/entities')) return []
  const entities = unchecked.entities === undefined ? {} : unchecked.entities
  const defs = unchecked.$defs === undefined ? {} : unchecked.$defs
  if (!isRecord(entities) || !isRecord(defs)) return []
  const spec = unchecked as unknown as DefinitionSpec
  const broken = new ProblemPlaces(shapeProblems.filter((problem) => problem.path !== undefined))
  // a reference the schema checks already named (a dotted one outside a plugin: BW2018) is not told again
  const named = new Set(reported.map((d) => d.path))
  return checkEntityReferences(file, spec, ownScope('', entities, defs)).filter((d) => {
    if (d.path === undefined || named.has(d.path)) return false
    // the reference's node, on the way to a shape error or inside one, waits as schema sanity's do
    return !broken.touches(d.path.slice(0, d.path.lastIndexOf('/')))
  })
}
