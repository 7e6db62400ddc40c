// The diagnostic factory's arguments are the template's names, read from its text: a
// missing, misspelt or extra argument, or a template the code does not have, does not
// compile.
import { type ArgumentNames, diagnostic } from '../../src/diagnostics/diagnostic.js'
import { type Equal, expectTrue } from './support.js'

expectTrue<Equal<ArgumentNames<"unknown key '{key}' in {where}{didYouMean}">, 'key' | 'where' | 'didYouMean'>>()
// a brace that opens no name is text; a name inside it still counts
expectTrue<Equal<ArgumentNames<'add {local}: { integrationAlias, integrationInterfaceAlias }'>, 'local'>>()
expectTrue<Equal<ArgumentNames<'{ $secret: NAME } and { x: {value} }'>, 'value'>>()
expectTrue<Equal<ArgumentNames<'no arguments'>, never>>()

export function calls(): void {
  diagnostic('BW2002', 'unknownKey', { key: 'nmae', where: 'the definition', didYouMean: " (did you mean 'name'?)" }, null)
  diagnostic('BW1004', 'extraDocument', {}, null)
  // @ts-expect-error [TS2345 "Property 'didYouMean' is missing"] a missing argument
  diagnostic('BW2002', 'unknownKey', { key: 'nmae', where: 'the definition' }, null)
  // @ts-expect-error [TS2561 "'wher' does not exist"] a misspelt argument
  diagnostic('BW2002', 'unknownKey', { key: 'nmae', wher: 'the definition', didYouMean: '' }, null)
  // @ts-expect-error [TS2322 "not assignable to type 'never'"] an argument the template does not have
  diagnostic('BW1004', 'extraDocument', { reason: 'x' }, null)
  // @ts-expect-error [TS2345 "'TemplateName<\"BW2002\">'"] a template of another code
  diagnostic('BW2002', 'extraDocument', {}, null)
  // a union of codes takes the templates they all have
  const code = Math.random() > 0.5 ? ('BW2005' as const) : ('BW2007' as const)
  diagnostic(code, 'notMatching', { value: '"x"', expected: 'an identifier' }, null)
  // @ts-expect-error [TS2345 "'\"numberAsVersion\"' is not assignable"] BW2007 has no numberAsVersion
  diagnostic(code as 'BW2006' | 'BW2007', 'numberAsVersion', { written: '2.0', example: '2.0.0' }, null)
}
