// Shape validation: each file against the meta-schema of its kind, every ajv error
// turned into one plain-words diagnostic at the YAML node at fault.
import type { ErrorObject } from 'ajv'
import { type CodesWith, type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import { closest, didYouMean, listNames, suggestionText } from '../diagnostics/suggest.js'
import { expectedType, typeWord } from '../diagnostics/words.js'
import { present } from '../jsonSchema/invariant.js'
import { isRecord } from '../jsonSchema/own.js'
import { formatPointer } from '../jsonSchema/pointer.js'
import { SCHEMA_KEYWORDS, SCHEMA_TYPE_NAMES } from '../jsonSchema/types.js'
import { describeRule } from '../jsonSchema/valueIssues.js'
import { locate, locateKey } from '../load/yamlNodes.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { SourceRange } from '../source/sourceRange.js'
import type { DefinitionSpec, UncheckedDefinition } from './definitionTypes.js'
import { describePointer } from './describePointer.js'
import { keysWithMeaning } from './metaSchemaKeys.js'
import { DEFINITION_KINDS, type DefinitionKind, metaSchemaValidator } from './metaSchemas.js'
import { isValidRange, parseVersion } from './versions.js'

/** Codes for pattern-like failures, keyed by the shared definition that failed. */
const DEFINITION_CODES: Record<string, { code: CodesWith<'notMatching' | 'keyNotMatching'>; expected: string }> = {
  identifier: { code: 'BW2007', expected: 'an identifier: a letter or _ then letters, digits or _ (and not __proto__)' },
  alias: {
    code: 'BW2007',
    expected: 'an alias: an identifier (a letter or _ then letters, digits or _, not __proto__) or lower-case words joined by dashes (files-readonly)',
  },
  definitionName: { code: 'BW2005', expected: 'a name in lower-case words joined by dashes (^[a-z][a-z0-9]*(-[a-z0-9]+)*$), at most 64 characters' },
  version: { code: 'BW2006', expected: 'an exact semantic version major.minor.patch, such as 1.0.0' },
  versionRange: { code: 'BW2009', expected: 'a semantic version or range, such as 1.2.0 or ^1.0.0' },
  secretName: { code: 'BW2008', expected: 'an environment variable name in upper case (^[A-Z][A-Z0-9_]*$)' },
  entityReference: { code: 'BW2018', expected: 'an entity reference (NAME, or LOCAL.ENTITY in a plugin)' },
}

function sharedDefinition(schemaPath: string): string | undefined {
  const match = /\/definitions\/([^/]+)\/(?:pattern|not|maxLength|minLength|const|type)$/.exec(schemaPath)
  return match?.[1]
}

/** Type names other languages use, for the "did you mean" of an unknown type. */
const TYPE_SYNONYMS: Record<string, string> = {
  int: 'integer',
  bool: 'boolean',
  str: 'string',
  float: 'number',
  double: 'number',
  list: 'array',
  map: 'object',
  dict: 'object',
}

function unknownType(file: SourceFile, pointer: string, value: string): Diagnostic {
  const synonym = Object.hasOwn(TYPE_SYNONYMS, value.toLowerCase()) ? TYPE_SYNONYMS[value.toLowerCase()] : undefined
  const suggestion = synonym ?? closest(value, SCHEMA_TYPE_NAMES)
  return diagnostic(
    'BW2008',
    'unknownType',
    { type: value, didYouMean: suggestionText(suggestion), types: SCHEMA_TYPE_NAMES.join(', ') },
    locate(file, pointer),
    { path: pointer, suggestion, data: { type: value } },
  )
}

function where(pointer: string): string {
  return describePointer(pointer)
}

/** `version: 2.0` is the number 2 to YAML: say so, in the words of a version, not of a type. */
function numberAsVersion(file: SourceFile, pointer: string, error: ErrorObject): Diagnostic | null {
  const shared = sharedDefinition(error.schemaPath)
  if ((shared !== 'version' && shared !== 'versionRange') || typeof error.data !== 'number') return null
  const range = locate(file, pointer)
  const written = file.text.slice(range.start, range.end)
  const parts = written.split('.')
  const padded = /^\d+(\.\d+)?$/.test(written) ? [...parts, '0', '0'].slice(0, 3).join('.') : '1.0.0'
  return shared === 'version'
    ? diagnostic('BW2006', 'numberAsVersion', { written, example: padded }, range, { path: pointer })
    : diagnostic('BW2009', 'numberAsRange', { written, example: padded }, range, { path: pointer })
}

/**
 * Where a key that is no near miss of any key here belongs, when it plainly belongs somewhere
 * else: a schema keyword written beside `schema` instead of under it, or the reference
 * platform's `alias` in a bot's instance, whose alias is its key in the map.
 */
function belongsElsewhere(key: string, known: readonly string[], pointer: string): { hint: string; under?: string } | undefined {
  if (known.includes('schema') && (SCHEMA_KEYWORDS as readonly string[]).includes(key)) return { hint: `schema keywords go under 'schema:'`, under: 'schema' }
  const segments = pointer.split('/')
  // an implemented interface's member: only renamed and retitled; its schemas are the interface's
  if (
    segments.length === 5 &&
    segments[1] === 'interfaces' &&
    ['actions', 'events', 'channels'].includes(present(segments[3], 'a pointer of five segments has a fourth')) &&
    known.includes('name')
  )
    return { hint: `an override may set only ${listNames(known, known.length)}; the rest is the interface's` }
  if (key === 'alias' && (known.includes('integration') || known.includes('plugin')) && segments.length === 3) {
    const alias = present(segments[2], 'a pointer of three segments has a third').replace(/~1/g, '/').replace(/~0/g, '~')
    return { hint: `an instance's alias is its key in this map ('${alias}'); rename the key to change it` }
  }
  return undefined
}

const MS_PER_UNIT: { readonly [unit: string]: number } = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }

/** ": 30d is 2592000000" for a duration written with a unit (ms, s, m, h, d, w), or "". */
function durationInMs(text: string): string {
  const match = /^\s*(\d+)\s*(ms|s|m|h|d|w)\s*$/.exec(text)
  const unit = match?.[2] === undefined ? undefined : MS_PER_UNIT[match[2]]
  if (match === null || unit === undefined) return ''
  const ms = Number(match[1]) * unit
  return Number.isSafeInteger(ms) ? `: ${text.trim()} is ${ms}` : ''
}

function errorToDiagnostic(file: SourceFile, error: ErrorObject): Diagnostic | null {
  const pointer = error.instancePath
  const params = error.params as Record<string, unknown>
  const inSchema = pointer.split('/').includes('schema')
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty)
      const at = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`
      const parent = error.parentSchema as { properties?: Record<string, unknown> } | undefined
      const known = Object.keys(parent?.properties ?? {})
      // a key with a meaning of its own elsewhere is misplaced, not misspelt: no neighbour of it is offered
      const suggestion = keysWithMeaning().has(key) ? undefined : closest(key, known)
      const elsewhere = suggestion === undefined ? belongsElsewhere(key, known, pointer) : undefined
      if (elsewhere !== undefined) {
        return diagnostic('BW2002', 'unknownKeyElsewhere', { key, where: where(pointer), hint: elsewhere.hint }, locateKey(file, at), {
          path: at,
          data: elsewhere.under === undefined ? { key } : { key, belongsUnder: elsewhere.under },
        })
      }
      return inSchema && suggestion === undefined
        ? diagnostic('BW2002', 'unknownSchemaKeyword', { key, where: where(pointer), keywords: known.join(', ') }, locateKey(file, at), {
            path: at,
            data: { key },
          })
        : diagnostic('BW2002', 'unknownKey', { key, where: where(pointer), didYouMean: suggestionText(suggestion) }, locateKey(file, at), {
            path: at,
            suggestion,
            data: { key },
          })
    }
    case 'type': {
      const asVersion = numberAsVersion(file, pointer, error)
      if (asVersion) return asVersion
      // `type: null` (or `[string, null]`) unquoted: YAML reads the bare word as no value at all
      if (inSchema && error.data === null && /\/type$/.test(pointer))
        return diagnostic('BW2004', 'bareNull', { where: where(pointer) }, locate(file, pointer), { path: pointer })
      // `required: [id]` (or another keyword) indented under `properties`: read as a property of that name
      const keyword = inSchema ? /\/properties\/([^/]+)$/.exec(pointer)?.[1] : undefined
      if (keyword !== undefined && keyword !== 'properties' && (SCHEMA_KEYWORDS as readonly string[]).includes(keyword) && !isRecord(error.data))
        return diagnostic(
          'BW2004',
          'misindentedKeyword',
          { where: where(pointer), expected: expectedType(params.type), actual: typeWord(error.data), keyword },
          locate(file, pointer),
          { path: pointer },
        )
      // `expiry: 30d`: a duration in words, where milliseconds are wanted
      if (/^\/states\/[^/]+\/expiry$/.test(pointer) && typeof error.data === 'string')
        return diagnostic(
          'BW2004',
          'expiryAsText',
          { where: where(pointer), actual: typeWord(error.data), inMs: durationInMs(error.data) },
          locate(file, pointer),
          {
            path: pointer,
          },
        )
      return diagnostic(
        'BW2004',
        'wrongType',
        { where: where(pointer), expected: expectedType(params.type), actual: typeWord(error.data) },
        locate(file, pointer),
        { path: pointer },
      )
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[] | undefined) ?? []
      const value = String(error.data)
      const isTypeName = /\/type(\/|$)/.test(pointer) && inSchema
      const candidates = allowed.map(String)
      if (isTypeName)
        return error.data === null
          ? diagnostic('BW2008', 'bareNull', { where: where(pointer) }, locate(file, pointer), { path: pointer })
          : unknownType(file, pointer, value)
      const suggestion = closest(value, candidates)
      return diagnostic(
        'BW2008',
        'notOneOf',
        { where: where(pointer), allowed: candidates.join(', '), actual: typeWord(error.data), didYouMean: suggestionText(suggestion) },
        locate(file, pointer),
        { path: pointer, suggestion, data: { allowed: candidates } },
      )
    }
    case 'if':
    case 'anyOf':
    case 'oneOf':
      return null // the branch's own errors say what is wrong
    default: {
      const shared = sharedDefinition(error.schemaPath)
      if (shared === 'schemaType') {
        const value = String(error.data)
        return unknownType(file, pointer, value)
      }
      const known = shared ? DEFINITION_CODES[shared] : undefined
      if (known) {
        return diagnostic(known.code, 'notMatching', { value: JSON.stringify(error.data), expected: known.expected }, locate(file, pointer), { path: pointer })
      }
      // a repeated item is shown where it repeats
      const at = error.keyword === 'uniqueItems' ? `${pointer}/${Math.max(Number(params.i), Number(params.j))}` : pointer
      // the meta-schemas' remaining rules, in the words values are described with everywhere
      return diagnostic('BW2008', 'rule', { where: where(pointer), rule: describeRule(error, { value: error.data }) }, locate(file, at), { path: at })
    }
  }
}

/** Property names that fail `propertyNames` arrive as two errors; keep the one naming the key. */
function propertyNameDiagnostic(file: SourceFile, error: ErrorObject): Diagnostic | null {
  const name = (error as ErrorObject & { propertyName?: string }).propertyName
  if (name === undefined) return null
  const at = `${error.instancePath}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`
  const shared = sharedDefinition(error.schemaPath)
  const known = shared ? DEFINITION_CODES[shared] : DEFINITION_CODES.identifier
  if (!known) return null
  return diagnostic(known.code, 'keyNotMatching', { key: name, where: where(error.instancePath), expected: known.expected }, locateKey(file, at), { path: at })
}

export type ShapeResult =
  /** the file does not say which of the kinds it is: nothing else of it was checked */
  | { kind: null; diagnostics: Diagnostic[]; definition: null; unchecked: null }
  | {
      kind: DefinitionKind
      diagnostics: Diagnostic[]
      /** the value, typed, when it has no shape error (the meta-schema's and the versions'); otherwise null */
      definition: DefinitionSpec | null
      /** the same value, with only its kind promised (for a pass that reads a file with shape errors) */
      unchecked: UncheckedDefinition
    }

function hasDefinitionKind(value: Record<string, unknown>): value is UncheckedDefinition {
  return typeof value.kind === 'string' && (DEFINITION_KINDS as readonly string[]).includes(value.kind)
}

/**
 * Checks a file's value against the meta-schema of its kind. The value is returned as it
 * came, typed as a definition when it has no shape error, so that no caller casts it.
 */
export function validateShape(file: SourceFile, value: Record<string, unknown>): ShapeResult {
  const kind = value.kind
  if (kind === undefined) {
    // a misspelt `kind:` (knd, kidn) is the place to fix
    const misspelt = Object.keys(value).find((key) => didYouMean(key, ['kind']) !== '')
    if (misspelt !== undefined) {
      const at = formatPointer([misspelt])
      return {
        kind: null,
        definition: null,
        unchecked: null,
        diagnostics: [
          diagnostic('BW2001', 'misspeltKind', { key: misspelt, kinds: DEFINITION_KINDS.join(', ') }, locateKey(file, at), { path: at, suggestion: 'kind' }),
        ],
      }
    }
    return {
      kind: null,
      definition: null,
      unchecked: null,
      diagnostics: [diagnostic('BW2001', 'missingKind', { kinds: DEFINITION_KINDS.join(', ') }, locate(file, ''), { path: '' })],
    }
  }
  if (!hasDefinitionKind(value)) {
    const suggestion = typeof kind === 'string' ? closest(kind, DEFINITION_KINDS) : undefined
    return {
      kind: null,
      definition: null,
      unchecked: null,
      diagnostics: [
        diagnostic(
          'BW2001',
          'unknownKind',
          { kind: JSON.stringify(kind), didYouMean: suggestionText(suggestion), kinds: DEFINITION_KINDS.join(', ') },
          locate(file, '/kind'),
          { path: '/kind', suggestion },
        ),
      ],
    }
  }
  const definitionKind = value.kind
  const validate = metaSchemaValidator(definitionKind)
  if (validate(value)) {
    const versions = versionTexts(file, definitionKind, value, [])
    return { kind: definitionKind, diagnostics: versions, definition: versions.length === 0 ? value : null, unchecked: value }
  }
  const diagnostics: Diagnostic[] = []
  const seen = new Set<string>()
  /** the keys missing from each mapping, by its pointer: one diagnostic names them all */
  const missing = new Map<string, Set<string>>()
  for (const error of validate.errors ?? []) {
    if (error.keyword === 'propertyNames') continue
    if (error.keyword === 'required') {
      const names = missing.get(error.instancePath) ?? new Set<string>()
      names.add(String((error.params as { missingProperty?: unknown }).missingProperty))
      missing.set(error.instancePath, names)
      continue
    }
    const d = (error as { propertyName?: string }).propertyName !== undefined ? propertyNameDiagnostic(file, error) : errorToDiagnostic(file, error)
    if (!d) continue
    // one problem per place: a value that breaks two rules (minLength: -1.5, not an integer and below 0) is told the first
    const key = d.path ?? ''
    if (seen.has(key)) continue
    seen.add(key)
    diagnostics.push(d)
  }
  const kept = [...diagnostics, ...missingKeys(file, missing, diagnostics)]
  return { kind: definitionKind, diagnostics: [...kept, ...versionTexts(file, definitionKind, value, kept)], definition: null, unchecked: value }
}

/**
 * One BW2003 per mapping, naming every key it lacks, except a key that an unknown key
 * beside it misspells (`requried` is reported once, as an unknown key that means
 * `required`) or whose content is there, misplaced (schema keywords beside `schema`).
 */
function missingKeys(file: SourceFile, missing: ReadonlyMap<string, ReadonlySet<string>>, others: readonly Diagnostic[]): Diagnostic[] {
  const suggested = new Set<string>()
  for (const d of others) {
    if (d.code !== 'BW2002' || d.path === undefined) continue
    const parent = d.path.slice(0, d.path.lastIndexOf('/'))
    if (d.suggestion !== undefined) suggested.add(`${parent} ${d.suggestion}`)
    // `type: object` beside `schema` instead of under it: the schema is there, misplaced
    const under = d.data?.['belongsUnder']
    if (typeof under === 'string') suggested.add(`${parent} ${under}`)
  }
  const out: Diagnostic[] = []
  for (const [pointer, keys] of missing) {
    const names = [...keys].filter((name) => !suggested.has(`${pointer} ${name}`))
    if (names.length === 0) continue
    out.push(
      diagnostic(
        'BW2003',
        names.length === 1 ? 'missingKey' : 'missingKeys',
        { names: listNames(names, names.length), where: where(pointer) },
        locate(file, pointer),
        { path: pointer, data: { keys: names } },
      ),
    )
  }
  return out
}

/**
 * Versions and ranges the meta-schema's patterns accept but semver cannot read: a number
 * part above 2^53 - 1 (`1.0.99999999999999999999`), which no comparison could order, and
 * ranges such as `latest`. Checked with the shape, so that one run reports them beside
 * the file's other shape errors; a place the meta-schema already reported is skipped.
 */
function versionTexts(file: SourceFile, kind: DefinitionKind, value: Record<string, unknown>, reported: readonly Diagnostic[]): Diagnostic[] {
  const out: Diagnostic[] = []
  const add = (pointer: string, report: (at: SourceRange) => Diagnostic): void => {
    if (reported.some((d) => d.path === pointer)) return
    out.push(report(locate(file, pointer)))
  }
  const version = value.version
  if (typeof version === 'string' && parseVersion(version) === null) {
    add('/version', (at) =>
      diagnostic('BW2006', 'unreadableVersion', { value: JSON.stringify(version), max: Number.MAX_SAFE_INTEGER }, at, { path: '/version' }),
    )
  }
  const ranges = (section: string, words: string): void => {
    const map = value[section]
    if (!isRecord(map)) return
    for (const [key, entry] of Object.entries(map)) {
      const range = isRecord(entry) ? entry.version : undefined
      // node-semver reads a blank range as '*': here it is a version left out
      if (typeof range !== 'string' || (range.trim() !== '' && isValidRange(range))) continue
      const pointer = formatPointer([section, key, 'version'])
      add(pointer, (at) => diagnostic('BW2009', 'unreadableRange', { range, expected: words }, at, { path: pointer }))
    }
  }
  if (kind === 'plugin') ranges('interfaces', 'semantic version range (such as ^1.0.0 or >=1.2.0 <2.0.0)')
  if (kind === 'bot') {
    ranges('integrations', 'semantic version or range (such as 2.0.0 or ^1.0.0)')
    ranges('plugins', 'semantic version or range (such as 2.0.0 or ^1.0.0)')
  }
  return out
}
