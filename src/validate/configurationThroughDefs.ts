// What a configuration cannot hold (docs/definitions.md#schemas): a `$secret` property
// (BW2027), and, through a named schema, a message (BW2024) or a `$secret` property.
import { type Diagnostic, diagnostic, relatedLocation } from '../diagnostics/diagnostic.js'
import { isRecord } from '../jsonSchema/own.js'
import { defsName } from '../jsonSchema/reference.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { locate, locateKey } from '../load/yamlNodes.js'
import type { SourceFile } from '../source/sourceFile.js'
import { defsHolding, type NamedSchemaUse } from './namedSchemas.js'
import { type SchemaSite, walkSchema } from './schemaSites.js'

/** A `$message` in a schema: where, and which type. */
function messageAt(node: SchemaNode, pointer: string): { pointer: string; type: string } | undefined {
  return typeof node.$message === 'string' ? { pointer: `${pointer}/$message`, type: node.$message } : undefined
}

/** The key a bot's configuration value uses for a secret (`{ $secret: NAME }`): no configuration property may have its name. */
const SECRET_KEY = '$secret'

/** A property named `$secret` declared by a schema: the pointer of its key. */
export function secretPropertyAt(node: SchemaNode, pointer: string): { pointer: string } | undefined {
  return isRecord(node.properties) && Object.hasOwn(node.properties, SECRET_KEY) ? { pointer: `${pointer}/properties/${SECRET_KEY}` } : undefined
}

/**
 * What a configuration cannot hold directly it cannot hold through a named schema either: a
 * message (BW2024) or a `$secret` property (BW2027), reported at the `$ref` that brings it in,
 * with the place inside the `$defs` entry related.
 */
export function checkConfigurationThroughDefs(file: SourceFile, site: SchemaSite, named: NamedSchemaUse, out: Diagnostic[]): void {
  const messages = defsHolding(named.defs, messageAt)
  const secrets = defsHolding(named.defs, secretPropertyAt)
  if (messages.size === 0 && secrets.size === 0) return
  walkSchema(site.schema, site.pointer, (node, pointer) => {
    if (typeof node.$ref !== 'string') return
    const name = defsName(node.$ref)
    const at = `${pointer}/$ref`
    const message = messages.get(name)
    if (message !== undefined) {
      out.push(
        diagnostic('BW2024', 'messageThroughDefs', { name, type: message.type }, locate(file, at), {
          path: at,
          related: [relatedLocation('messageHere', { type: message.type }, locate(file, message.pointer))],
        }),
      )
    }
    const secret = secrets.get(name)
    if (secret !== undefined) {
      out.push(
        diagnostic('BW2027', 'secretPropertyThroughDefs', { name }, locate(file, at), {
          path: at,
          related: [relatedLocation('secretPropertyHere', {}, locateKey(file, secret.pointer))],
        }),
      )
    }
  })
}
