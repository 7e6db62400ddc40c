// Every message payload is an object (BW2012): the schema at the top of an action's input or
// output, an event, a channel message or a configuration, read through `$ref`s.
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import { isRecord } from '../jsonSchema/own.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { locate } from '../load/yamlNodes.js'
import type { SourceFile } from '../source/sourceFile.js'
import { saysWhatItAdmits } from './admitsNothing.js'
import { type Defs, type NamedSchemaUse, topOf } from './namedSchemas.js'
import type { SchemaSite } from './schemaSites.js'

/**
 * An object schema at the top: `type: object`, an `$entity` or a `$message` (checked once
 * resolved), or an `allOf` one of whose branches is one, a branch that is a `$ref` read
 * through `$defs` (docs/definitions.md#composition-allof). Walked with a stack and a set of
 * the nodes seen, so that a hostile nesting or a cycle of `$ref`s costs no more than its size.
 */
export function isObjectAtTop(schema: SchemaNode, defs: Defs): boolean {
  const pending = [schema]
  const seen = new Set<SchemaNode>()
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (seen.has(node)) continue
    seen.add(node)
    if (typeof node.$entity === 'string' || typeof node.$message === 'string') return true
    if (node.type === 'object' || (Array.isArray(node.type) && node.type.length === 1 && node.type[0] === 'object')) return true
    if (node.type !== undefined || !Array.isArray(node.allOf)) continue
    for (const branch of node.allOf) {
      const top = isRecord(branch) ? topOf(branch, defs) : undefined
      if (top !== undefined) pending.push(top.schema)
    }
  }
  return false
}

/** The object-at-the-top rule, read through `$ref`s (an `$entity` is checked once the entity is resolved). */
export function checkObjectAtTop(file: SourceFile, site: SchemaSite, named: NamedSchemaUse, out: Diagnostic[]): void {
  const top = topOf(site.schema, named.defs)
  // a top that says nothing at all is BW2011's (give it a type), not also this
  // every message payload is an object
  if (top === undefined || isObjectAtTop(top.schema, named.defs) || !saysWhatItAdmits(top.schema)) return
  if (top.via === null) {
    out.push(diagnostic('BW2012', 'topNotObject', { schema: describeRole(site) }, locate(file, site.pointer), { path: site.pointer }))
  } else {
    const at = `${site.pointer}/$ref`
    out.push(diagnostic('BW2012', 'defsNotObject', { name: top.via, schema: describeRole(site) }, locate(file, at), { path: at }))
  }
}

/** The schema a site is, in words: `the input schema of action 'x'`. */
export function describeRole(site: SchemaSite): string {
  switch (site.role) {
    case 'input':
      return `the input schema of action '${site.member}'`
    case 'output':
      return `the output schema of action '${site.member}'`
    case 'event':
      return `the schema of event '${site.member}'`
    case 'channel-message':
      return `the schema of channel message '${site.member}'`
    case 'configuration':
      return site.member === 'configuration' ? 'the configuration schema' : `the schema of configuration '${site.member}'`
    case 'entity':
      return `the schema of entity '${site.member}'`
    case 'defs':
      return `$defs '${site.member}'`
    case 'state':
      return `the schema of state '${site.member}'`
  }
}
