// The keys the meta-schemas (schemas/*.schema.json) allow at a path of a definition, with
// their titles and descriptions: key completion. The meta-schemas are read on first use.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { schemasDir } from '../load/packageRoot.js'

type MetaSchema = Record<string, unknown>

export interface AllowedKey {
  key: string
  title?: string
  description?: string
}

const files = new Map<string, MetaSchema>()

function metaFile(name: string): MetaSchema {
  let schema = files.get(name)
  if (!schema) {
    schema = JSON.parse(readFileSync(join(schemasDir, name), 'utf8')) as MetaSchema
    files.set(name, schema)
  }
  return schema
}

interface Located {
  schema: MetaSchema
  /** the file its local references (#/definitions/...) are in */
  file: string
}

function record(value: unknown): MetaSchema | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as MetaSchema) : undefined
}

/** A node with its references followed and its branches (allOf, anyOf, oneOf, then, else) spread, at most `depth` deep. */
function expand(located: Located, depth = 0): Located[] {
  if (depth > 12) return []
  const out: Located[] = [located]
  const ref = located.schema.$ref
  if (typeof ref === 'string') {
    const [fileName, pointer = ''] = ref.split('#')
    const file = fileName === '' || fileName === undefined ? located.file : fileName
    let target: unknown = metaFile(file)
    for (const segment of pointer.split('/').filter((s) => s !== '')) target = record(target)?.[segment]
    const schema = record(target)
    if (schema) out.push(...expand({ schema, file }, depth + 1))
  }
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const branches = located.schema[key]
    if (Array.isArray(branches)) for (const b of branches) if (record(b)) out.push(...expand({ schema: b as MetaSchema, file: located.file }, depth + 1))
  }
  for (const key of ['then', 'else']) {
    const branch = record(located.schema[key])
    if (branch) out.push(...expand({ schema: branch, file: located.file }, depth + 1))
  }
  return out
}

/** The meta-schema nodes a value at the path is checked against. */
function nodesAt(kind: string, path: readonly string[]): Located[] {
  let current = expand({ schema: metaFile(`${kind}.schema.json`), file: `${kind}.schema.json` })
  for (const segment of path) {
    const next: Located[] = []
    for (const { schema, file } of current) {
      const property = record(record(schema.properties)?.[segment])
      if (property) {
        next.push({ schema: property, file })
        continue
      }
      const additional = record(schema.additionalProperties)
      if (additional) next.push({ schema: additional, file })
      const items = record(schema.items)
      if (items && /^\d+$/.test(segment)) next.push({ schema: items, file })
    }
    current = next.flatMap((n) => expand(n))
    if (current.length === 0) return []
  }
  return current
}

const KINDS = new Set(['interface', 'integration', 'plugin', 'bot'])

/** The keys allowed in the mapping at a path of a definition of this kind. */
export function allowedKeys(kind: string, path: readonly string[]): AllowedKey[] {
  if (!KINDS.has(kind)) return [{ key: 'kind', description: 'What this file defines: interface, integration, plugin or bot.' }]
  const keys = new Map<string, AllowedKey>()
  for (const { schema, file } of nodesAt(kind, path)) {
    for (const [key, value] of Object.entries(record(schema.properties) ?? {})) {
      if (keys.has(key)) continue
      const described = expand({ schema: record(value) ?? {}, file }).map((n) => n.schema)
      const title = described.map((s) => s.title).find((t) => typeof t === 'string')
      const description = described.map((s) => s.markdownDescription ?? s.description).find((t) => typeof t === 'string')
      keys.set(key, { key, ...(typeof title === 'string' ? { title } : {}), ...(typeof description === 'string' ? { description } : {}) })
    }
  }
  return [...keys.values()]
}
