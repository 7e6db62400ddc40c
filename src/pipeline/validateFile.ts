// One loaded file through the per-file passes: its shape against the meta-schemas, then
// the sanity of its schemas. Gives the definition when the file has no error; otherwise
// what the file claims to be, so that resolution treats the name as present but broken.
import type { Diagnostic } from '../diagnostics/diagnostic.js'
import type { ParsedFile } from '../load/parseSourceFile.js'
import type { SourceFile } from '../source/sourceFile.js'
import { type ClaimedDefinition, claimedDefinitions } from '../validate/claimedNames.js'
import type { RawDefinition } from '../validate/definitionTypes.js'
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
  // sanity beside shape errors: only the schemas a shape error is inside wait for the next run
  const sanity = observer.pass('sanity', () => checkSchemaSanity(file, shape.definition ?? shape.unchecked, shape.diagnostics))
  const diagnostics = [...shape.diagnostics, ...sanity]
  if (shape.definition === null || sanity.some((d) => d.severity === 'error'))
    return { file, definition: null, claims: claimedDefinitions(file, value), diagnostics }
  return { file, definition: { file, spec: shape.definition }, claims: [], diagnostics }
}
