// The emit plan: what lowering hands to emission. Plain data: files, imports,
// declarations and type expressions; no TypeScript text is decided here except the
// few fixed constructs marked `raw` (JSON text, `JsonText`, is data, not TypeScript).
import type { JsonValue } from '../jsonSchema/types.js'

export interface Doc {
  title?: string
  description?: string
}

export type TypeExpr =
  | { kind: 'keyword'; name: 'string' | 'number' | 'boolean' | 'null' | 'undefined' | 'unknown' | 'never' }
  | { kind: 'literal'; value: string | number | boolean }
  | { kind: 'ref'; name: string; args?: TypeExpr[] }
  | { kind: 'indexed'; object: TypeExpr; key: string }
  | { kind: 'array'; element: TypeExpr }
  | { kind: 'union'; members: TypeExpr[] }
  | { kind: 'intersection'; members: TypeExpr[] }
  | { kind: 'object'; members: PropertySignature[]; index?: TypeExpr }
  /** fixed text authored by lowering itself (never user data) */
  | { kind: 'raw'; text: string }

export interface PropertySignature {
  name: string
  optional: boolean
  type: TypeExpr
  doc?: Doc
}

export interface TypeParameter {
  name: string
  constraint?: TypeExpr
  default?: TypeExpr
}

export type Declaration =
  | { kind: 'interface'; name: string; doc?: Doc; typeParameters?: TypeParameter[]; members: PropertySignature[]; index?: TypeExpr }
  | { kind: 'typeAlias'; name: string; doc?: Doc; typeParameters?: TypeParameter[]; type: TypeExpr }
  | { kind: 'const'; name: string; doc?: Doc; type: TypeExpr; value: ConstValue }
  /** `export class Name extends base { constructor(options) { super(definition, options) } }` */
  | { kind: 'class'; name: string; doc?: Doc; base: TypeExpr; options: TypeExpr | null }

/**
 * A JSON value already written as JSON text, printed as it is: the JSON Schemas of a
 * `definition` constant, which are most of the generated text, go out on one line each.
 * `toJSON` gives back the value, so that `JSON.stringify` sees through it.
 */
export class JsonText {
  /**
   * @param mayHaveProtoKey false only where the writer knows that no object in the text has
   * a `__proto__` key, which the emitter would otherwise look for in all of it
   */
  constructor(
    readonly text: string,
    readonly mayHaveProtoKey = true,
  ) {}

  toJSON(): JsonValue {
    return JSON.parse(this.text) as JsonValue
  }
}

/**
 * A string printed as a literal type, `"bot" as const`: where TypeScript gives a literal no
 * contextual type and widens it to `string`. An object literal typed by an index signature
 * gives none to the value of a key that names a member of TypeScript's `Object` interface
 * (`toString`, `constructor`...), so a state named `toString` would not compile with a
 * plain `type: "bot"` (lower/states.ts).
 */
export class ConstString {
  constructor(readonly value: string) {}

  toJSON(): string {
    return this.value
  }
}

/** The value of a `const` declaration: JSON, with parts of it already JSON text. */
export type ConstValue = JsonValue | JsonText | ConstString | ConstValue[] | { [key: string]: ConstValue }

export interface ImportDeclaration {
  /** `import type * as namespace from 'from'` (or a value import when typeOnly is false) */
  namespace: string
  from: string
  typeOnly: boolean
}

export interface ModuleFile {
  kind: 'module'
  /** output path relative to the output folder, with '/' */
  path: string
  /** definition files it comes from, as shown in the banner */
  sources: string[]
  imports: ImportDeclaration[]
  declarations: Declaration[]
}

export interface IndexFile {
  kind: 'index'
  path: string
  sources: string[]
  /** `export * from './v1.0.0.js'` */
  reexport: string
}

/**
 * `.gitattributes` at the top of the output folder: every file below it keeps LF line
 * endings in git on every platform (docs/cli.md#botwire-generate), whatever the user's `core.autocrlf`.
 */
export interface GitAttributesFile {
  kind: 'gitattributes'
  path: '.gitattributes'
}

export type PlannedFile = ModuleFile | IndexFile | GitAttributesFile

export interface EmitPlan {
  files: PlannedFile[]
}
