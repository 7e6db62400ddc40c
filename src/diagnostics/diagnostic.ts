// What every pass reports: a coded problem at a source range, with related places.
// Ranges are offsets into the file's text; lines and columns are computed only when a
// diagnostic is rendered or handed to a caller. The message is formatted from a template
// in the catalog; what a tool needs from it (the name a near miss meant, the names and
// values involved) is carried beside it, never read back out of the text.

import { present } from '../jsonSchema/invariant.js'
import type { SourceRange } from '../source/sourceRange.js'
import { catalog, type DiagnosticCode, relatedTemplates, type Severity } from './catalog.js'

export type { Severity }

export interface RelatedLocation {
  message: string
  range: SourceRange
}

/** Names and values a message is about, by what they are (`key`, `keys`, `notShown`). */
export type DiagnosticData = Readonly<Record<string, string | number | readonly string[]>>

export interface Diagnostic {
  code: DiagnosticCode
  severity: Severity
  message: string
  /** null only for problems that belong to no file (bad usage, internal failures) */
  range: SourceRange | null
  /** JSON pointer into the definition, where the problem is inside one */
  path?: string
  related: RelatedLocation[]
  /** the name a near miss most likely meant: the "did you mean" of the message */
  suggestion?: string
  data?: DiagnosticData
}

type Templates<C extends DiagnosticCode> = (typeof catalog)[C]['templates']

/** A template of the code, by name; for a union of codes, a name every one of them has. */
export type TemplateName<C extends DiagnosticCode> = keyof Templates<C> & string

/** The codes that have a template of this name: `CodesWith<'notMatching'>`. */
export type CodesWith<T extends string> = { [C in DiagnosticCode]: T extends TemplateName<C> ? C : never }[DiagnosticCode]

type NameCharacter =
  | 'a'
  | 'b'
  | 'c'
  | 'd'
  | 'e'
  | 'f'
  | 'g'
  | 'h'
  | 'i'
  | 'j'
  | 'k'
  | 'l'
  | 'm'
  | 'n'
  | 'o'
  | 'p'
  | 'q'
  | 'r'
  | 's'
  | 't'
  | 'u'
  | 'v'
  | 'w'
  | 'x'
  | 'y'
  | 'z'
  | 'A'
  | 'B'
  | 'C'
  | 'D'
  | 'E'
  | 'F'
  | 'G'
  | 'H'
  | 'I'
  | 'J'
  | 'K'
  | 'L'
  | 'M'
  | 'N'
  | 'O'
  | 'P'
  | 'Q'
  | 'R'
  | 'S'
  | 'T'
  | 'U'
  | 'V'
  | 'W'
  | 'X'
  | 'Y'
  | 'Z'
  | '0'
  | '1'
  | '2'
  | '3'
  | '4'
  | '5'
  | '6'
  | '7'
  | '8'
  | '9'
  | '_'

type IsArgumentName<S extends string> = S extends `${NameCharacter}${infer Rest}` ? (Rest extends '' ? true : IsArgumentName<Rest>) : false

/**
 * The argument names of a template: each `{name}`. A brace that does not open a name
 * (`{ $secret: NAME }`) is text, as it is to `formatTemplate`.
 */
export type ArgumentNames<T extends string> = T extends `${string}{${infer After}`
  ? After extends `${infer Name}}${infer Rest}`
    ? IsArgumentName<Name> extends true
      ? Name | ArgumentNames<Rest>
      : ArgumentNames<After>
    : never
  : never

/** The arguments a template text takes: exactly its names (none for a text without any). */
type ArgumentsOf<Text extends string> = [ArgumentNames<Text>] extends [never]
  ? Readonly<Record<string, never>>
  : { readonly [K in ArgumentNames<Text>]: string | number }

/** The arguments a template takes: exactly its names (none for a template without any). */
export type TemplateArguments<C extends DiagnosticCode, T extends TemplateName<C>> = ArgumentsOf<Templates<C>[T] & string>

export type RelatedTemplateName = keyof typeof relatedTemplates

const ARGUMENT = /\{([A-Za-z0-9_]+)\}/g

/** The template with each `{name}` replaced by its argument, in one pass over the template. */
export function formatTemplate(template: string, args: Readonly<Record<string, string | number>>): string {
  return template.replace(ARGUMENT, (whole, name: string) => {
    const value = Object.hasOwn(args, name) ? args[name] : undefined
    return value === undefined ? whole : String(value)
  })
}

export interface DiagnosticExtra {
  path?: string
  related?: RelatedLocation[]
  /** the name a "did you mean" in the message suggests; omitted when it suggests none */
  suggestion?: string | undefined
  data?: DiagnosticData
}

export function diagnostic<C extends DiagnosticCode, T extends TemplateName<C>>(
  code: C,
  template: T,
  args: TemplateArguments<C, T>,
  range: SourceRange | null,
  extra: DiagnosticExtra = {},
): Diagnostic {
  const templates: Readonly<Record<string, string>> = catalog[code].templates
  const anchored = range?.anchored
  return {
    code,
    severity: catalog[code].severity,
    message: formatTemplate(present(templates[template], 'a code has every template its type names'), args),
    range: anchored && range ? { file: range.file, start: range.start, end: range.end } : range,
    ...(extra.path === undefined ? {} : { path: extra.path }),
    related: anchored
      ? [{ message: `merged from '&${anchored.anchor}': the node is here`, range: anchored.range }, ...(extra.related ?? [])]
      : (extra.related ?? []),
    ...(extra.suggestion === undefined ? {} : { suggestion: extra.suggestion }),
    ...(extra.data === undefined ? {} : { data: extra.data }),
  }
}

/** A related location: a related-location template of the catalog, filled in, at its place. */
export function relatedLocation<T extends RelatedTemplateName>(
  template: T,
  args: ArgumentsOf<(typeof relatedTemplates)[T]>,
  range: SourceRange,
): RelatedLocation {
  return { message: formatTemplate(relatedTemplates[template], args), range }
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error')
}

/** Diagnostics in reading order: by file, then position, then code. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort((a, b) => {
    const fa = a.range?.file.displayPath ?? ''
    const fb = b.range?.file.displayPath ?? ''
    if (fa !== fb) return fa < fb ? -1 : 1
    const pa = a.range?.start ?? -1
    const pb = b.range?.start ?? -1
    if (pa !== pb) return pa - pb
    return a.code < b.code ? -1 : a.code > b.code ? 1 : 0
  })
}
