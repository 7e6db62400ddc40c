// The one catalog of diagnostic codes. Codes are stable: never renumber, only add.
// Bands: BW1xxx load, BW2xxx shape, BW3xxx references, BW4xxx semantics, BW5xxx emit,
// BW9xxx usage and internal. docs/diagnostics.md explains each code; a test keeps the
// two in step and proves that every code has a fixture that produces it.
export type Severity = 'error' | 'warning'

export interface CatalogEntry {
  severity: Severity
  /** a short name for the problem, used in docs and JSON output */
  title: string
}

function entry(title: string, severity: Severity = 'error'): CatalogEntry {
  return { severity, title }
}

export const catalog = {
  // load
  BW1001: entry('YAML syntax error'),
  BW1002: entry('duplicate key'),
  BW1003: entry('definition root is not a mapping'),
  BW1004: entry('more than one document in a file'),
  BW1005: entry('alias expansion too large'),
  BW1006: entry('file too large'),
  BW1007: entry('file cannot be read'),
  BW1008: entry('file is not UTF-8 text'),
  BW1009: entry('symbolic link leads outside the definitions folder'),
  BW1010: entry('too many problems in one file'),
  BW1011: entry('lists and mappings nested too deeply'),
  BW1012: entry('a number JSON cannot hold'),
  // shape
  BW2001: entry('missing or unknown kind'),
  BW2002: entry('unknown key'),
  BW2003: entry('missing key'),
  BW2004: entry('wrong type'),
  BW2005: entry('invalid definition name'),
  BW2006: entry('invalid version'),
  BW2007: entry('invalid identifier'),
  BW2008: entry('invalid value'),
  BW2009: entry('invalid version range'),
  BW2010: entry('$entity with other keywords'),
  BW2011: entry('schema says nothing about what it admits'),
  BW2012: entry('top-level schema is not an object'),
  BW2013: entry('required property not declared'),
  BW2014: entry('contradictory bounds'),
  BW2015: entry('invalid regular expression'),
  BW2016: entry('value rejected by its own schema'),
  BW2017: entry('entity reference in a configuration schema'),
  BW2018: entry('malformed entity reference'),
  BW2019: entry('schema admits no value'),
  // references
  BW3001: entry('duplicate definition'),
  BW3002: entry('definition clashes with a built-in'),
  BW3003: entry('unknown entity'),
  BW3004: entry('unknown interface'),
  BW3005: entry('interface version not present'),
  BW3006: entry('interface entity not mapped'),
  BW3007: entry('unknown entity in mapping'),
  BW3008: entry('override of an unknown member'),
  BW3009: entry('unknown integration'),
  BW3010: entry('unknown plugin'),
  BW3011: entry('no version matches the range'),
  BW3012: entry('unknown integration alias'),
  BW3013: entry('unknown integration interface alias'),
  // semantics
  BW4001: entry('entity does not extend the interface entity'),
  BW4002: entry('entity extension cannot be decided'),
  BW4003: entry('member name collision'),
  BW4004: entry('no workspace version satisfies the plugin range'),
  BW4005: entry('wired interface version does not satisfy the plugin range'),
  BW4006: entry('wired interface is a different interface'),
  BW4007: entry('plugin dependency not wired'),
  BW4008: entry('dependency the plugin does not declare'),
  BW4009: entry('duplicate alias'),
  BW4010: entry('two versions of one definition in a bot'),
  BW4011: entry('invalid configuration value'),
  BW4012: entry('entity reference cycle without an object'),
  BW4013: entry('wired interface version incompatible with the compiled one'),
  BW4014: entry('versions that differ only in letter case'),
  // emit
  BW5001: entry('output folder overlaps the definitions folder'),
  BW5002: entry('output cannot be written'),
  BW5003: entry('generated output out of date'),
  // usage and internal
  BW9001: entry('internal error'),
  BW9002: entry('bad usage'),
} satisfies Record<string, CatalogEntry>

export type DiagnosticCode = keyof typeof catalog

export function isDiagnosticCode(value: string): value is DiagnosticCode {
  return Object.hasOwn(catalog, value)
}
