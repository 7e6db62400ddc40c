// BW1xxx, load: reading a definitions folder and parsing its YAML.
import { type CatalogEntry, entry } from './catalogEntry.js'

export const loadCodes = {
  BW1001: entry('YAML syntax error', {
    /** the YAML parser's own words */
    yamlSyntax: '{reason}',
    unknownAlias: "unknown alias '*{alias}': no anchor '&{alias}' is set before it",
    unknownTag:
      'tag {tag} is not read: a definition holds JSON values, read with the YAML 1.2 core schema (tags !!str, !!int, !!float, !!bool, !!null, !!map, !!seq); remove the tag',
  }),
  BW1002: entry('duplicate key', {
    duplicateKey: "duplicate key '{key}'",
    duplicateNullKey:
      "duplicate key '': a key written null, Null, NULL, ~ or nothing at all is YAML's null, which a definition reads as the empty key; quote it (\"null\") to mean the word",
  }),
  BW1003: entry('definition root is not a mapping', {
    empty: "a definition must be a YAML mapping with a 'kind' key, but the file is empty",
    list: "a definition must be a YAML mapping with a 'kind' key, but it is a list",
    scalar: "a definition must be a YAML mapping with a 'kind' key, but it is a single value",
  }),
  BW1004: entry('more than one document in a file', { extraDocument: 'a definition file holds exactly one YAML document; remove the extra document' }),
  BW1005: entry('alias expansion too large', {
    aliasExpansion: 'aliases in this file expand too much (more than {limit} alias uses); write the values out or use fewer aliases',
  }),
  BW1006: entry('file too large', { tooLarge: 'file is {size} bytes; definition files may be at most {limit} bytes' }),
  BW1007: entry('file cannot be read', {
    unreadableFile: 'cannot read file ({reason})',
    unreadableEntry: 'cannot read {entry} (broken link or no permission)',
    unreadableCompared: 'cannot read this file or folder (broken link or no permission)',
  }),
  BW1008: entry('file is not UTF-8 text', { notUtf8: 'file is not UTF-8 text' }),
  BW1009: entry('symbolic link leads outside the definitions folder', {
    linkOutside: 'symbolic link leads outside the definitions folder; it is not loaded',
    linkOutsideCompared: 'symbolic link leads outside the folder; it is not compared',
  }),
  BW1010: entry('too many problems in one file', {
    oneNotShown: '1 more problem in this file is not shown (the next is here); fix the ones above first',
    notShown: '{count} more problems in this file are not shown (the next is here); fix the ones above first',
  }),
  BW1011: entry('lists and mappings nested too deeply', {
    tooDeepHere: 'lists and mappings are nested more than {limit} levels deep here; no definition needs that many',
    tooDeepInFile: 'lists and mappings are nested more than {limit} levels deep in this file; no definition needs that many',
  }),
  BW1012: entry('a number JSON cannot hold', {
    notJsonNumber: '{value} (written {written}) is a YAML number but not a JSON one; definitions hold JSON values only',
    inexactInteger:
      '{written} is an integer too large for a double to hold exactly: it would be read as {value}; keep integers within ±9007199254740991 (2^53 - 1), or write the value as a string',
  }),
  BW1013: entry('merge of a value that is not a mapping', {
    mergeOfNonMapping: 'a merge key (<<) merges a mapping, an alias of one, or a list of those; this is {found}',
  }),
  BW1017: entry('file name is not valid UTF-8', {
    nameNotUtf8: '{entry} name is not valid UTF-8 (its bad bytes are shown as \\xNN), so it cannot be read; rename it',
  }),
} satisfies Record<string, CatalogEntry>
