// The TypeScript types of a definition as written, generated from the meta-schemas in
// schemas/ by json-schema-to-typescript, so that the types the passes read and the
// validators that admit a file (src/validate/compiled/) come from the same schemas.
// The result is committed as src/validate/definitionTypes.generated.ts
// (`npm run compile:types`, also run by `npm run compile:schemas`), and a test checks it
// matches the schemas. A build-time tool: nothing the package runs imports it.
//
// The meta-schema files are bundled in memory into one schema before compiling, with
// three changes that exist for the generator only and so are not written into the
// shipped files (editors read those, and ajv's strict mode would refuse a `tsType` key):
// - every `$ref` between files points into the bundle's own `definitions`, keyed by the
//   TypeScript name each definition gets, so that names are stable and each type is
//   declared once;
// - `title` and `markdownDescription` are dropped: json-schema-to-typescript names a
//   type after its `title`, and the meta-schemas title every property for editors
//   (`Name`, `Title`), which would declare a type per property; descriptions stay, as JSDoc;
// - a `$ref` loses the keywords beside it (draft-07 ignores them too): the generator
//   would merge them into a copy of the target and declare the copy as a second type
//   (`EntityMap1`); a property typed by a reference is documented by its type's JSDoc;
// - the `schema` definition (a JSON Schema node in botwire's subset) becomes
//   `tsType: SchemaNode`, the core's type of a schema node (src/jsonSchema/types.ts),
//   which every pass that reads a schema already uses; the meta-schema's own description
//   of a node is for editors and ajv;
// - `patternProperties` (the `^x-` annotations) is dropped: the generator would give every
//   object an index signature, which would let a misspelt key type-check; the passes
//   read annotations by their prefix (src/jsonSchema/annotations.ts).
import { compile, type JSONSchema } from 'json-schema-to-typescript'
import { DEFINITION_KINDS, type DefinitionKind, readMetaSchema, SHARED_SCHEMA_FILES } from '../src/validate/metaSchemas.js'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

/** The TypeScript name of each kind's root type. */
export function definitionSpecName(kind: DefinitionKind): string {
  return `${kind.charAt(0).toUpperCase()}${kind.slice(1)}Spec`
}

/** The TypeScript name of a meta-schema definition: its key, capitalised (`actionMap` is `ActionMap`). */
function typeName(definitionKey: string): string {
  return `${definitionKey.charAt(0).toUpperCase()}${definitionKey.slice(1)}`
}

/** Keywords whose value is a map of name -> schema. */
const SCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', 'definitions'])
/** Keywords whose value is one schema (or, for `items`, possibly a list of them). */
const SCHEMA_KEYWORDS = new Set(['additionalProperties', 'items', 'not', 'if', 'then', 'else', 'propertyNames', 'contains'])
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST_KEYWORDS = new Set(['anyOf', 'oneOf', 'allOf'])
/** Keywords for editors only (see the file's opening comment). */
const DROPPED_KEYWORDS = new Set(['title', 'markdownDescription', '$schema', 'patternProperties'])

function isJsonObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * A copy of a schema node ready for the generator: editor-only keywords dropped, and
 * each `$ref` rewritten by `target` (which names the bundled definition it means), alone.
 * Values that are data (`const`, `enum`, `default`, `examples`) are copied untouched.
 */
function prepare(node: JsonObject, target: (ref: string) => string): JsonObject {
  if (typeof node.$ref === 'string') return { $ref: target(node.$ref) }
  const out: JsonObject = {}
  for (const [key, value] of Object.entries(node)) {
    if (DROPPED_KEYWORDS.has(key)) continue
    if (SCHEMA_MAP_KEYWORDS.has(key) && isJsonObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, isJsonObject(schema) ? prepare(schema, target) : schema]))
    } else if (SCHEMA_KEYWORDS.has(key) && isJsonObject(value)) out[key] = prepare(value, target)
    else if ((SCHEMA_LIST_KEYWORDS.has(key) || key === 'items') && Array.isArray(value)) {
      out[key] = value.map((schema) => (isJsonObject(schema) ? prepare(schema, target) : schema))
    } else out[key] = value
  }
  return out
}

/** A reference as written in `file`, as the bundled definition it means. */
function bundledRef(file: string, ref: string): string {
  const match = /^([a-z]+\.schema\.json)?#\/definitions\/([A-Za-z0-9_]+)$/.exec(ref)
  if (!match?.[2]) throw new Error(`${file}: cannot bundle the reference ${ref}: only references to a file's definitions are expected`)
  const [, inFile = file, key] = match
  if (inFile !== file && !(SHARED_SCHEMA_FILES as readonly string[]).includes(inFile))
    throw new Error(`${file}: ${ref} points into ${inFile}, which is not a shared schema file`)
  return `#/definitions/${typeName(key)}`
}

/** The meta-schemas of the four kinds and the shared file, as one schema whose root is any definition. */
export function bundledMetaSchema(): JSONSchema {
  const definitions: JsonObject = {}
  const add = (file: string, name: string, schema: JsonObject): void => {
    if (Object.hasOwn(definitions, name)) throw new Error(`${file}: the type name ${name} is taken by another meta-schema definition`)
    definitions[name] = schema
  }
  const files = [...SHARED_SCHEMA_FILES, ...DEFINITION_KINDS.map((kind) => `${kind}.schema.json`)]
  for (const file of files) {
    const { definitions: own = {}, ...root } = readMetaSchema(file) as JsonObject
    if (!isJsonObject(own)) throw new Error(`${file}: definitions is not an object`)
    const target = (ref: string): string => bundledRef(file, ref)
    for (const [key, schema] of Object.entries(own)) {
      if (!isJsonObject(schema)) throw new Error(`${file}: definition ${key} is not an object`)
      const prepared = prepare(schema, target)
      // the override of the file's opening comment: a schema node is the core's SchemaNode
      add(
        file,
        typeName(key),
        file === 'common.schema.json' && key === 'schema'
          ? { tsType: 'SchemaNode', ...(prepared.description === undefined ? {} : { description: prepared.description }) }
          : prepared,
      )
    }
    const kind = DEFINITION_KINDS.find((k) => file === `${k}.schema.json`)
    if (kind) add(file, definitionSpecName(kind), prepare(root, target))
  }
  // json-schema-to-typescript declares what the root reaches: the root is the union of the kinds
  return {
    description: 'A definition as written: an interface, an integration, a plugin or a bot, chosen by kind.',
    oneOf: DEFINITION_KINDS.map((kind) => ({ $ref: `#/definitions/${definitionSpecName(kind)}` })),
    definitions,
  } as JSONSchema
}

const BANNER = [
  '// Generated by `npm run compile:types` from schemas/*.schema.json (json-schema-to-typescript).',
  '// Do not edit; test/validate/definitionTypes.test.ts checks it is current. The names the',
  '// passes use, and why a schema node is typed SchemaNode, are in src/validate/definitionTypes.ts.',
  "import type { SchemaNode } from '../jsonSchema/types.js'",
].join('\n')

/** The whole generated module, as committed. */
export async function definitionTypesSource(): Promise<string> {
  return compile(bundledMetaSchema(), 'DefinitionSpec', {
    bannerComment: BANNER,
    // every closed object of the meta-schemas says so; an object that says nothing is open (draft-07)
    additionalProperties: true,
    declareExternallyReferenced: true,
    unknownAny: true,
    unreachableDefinitions: false,
    // the bundle has no external references left; resolving must not read the disk
    $refOptions: { resolve: { external: false } },
    // the repository's style (no semicolons, single quotes), every option given: a partial style replaces the generator's whole default
    style: { bracketSpacing: true, printWidth: 160, semi: false, singleQuote: true, tabWidth: 2, trailingComma: 'all', useTabs: false },
  })
}
