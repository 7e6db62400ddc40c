// The definition types are generated from the meta-schemas (src/validate/definitionTypes.generated.ts):
// the committed file must be what the generator writes from the schemas today, its types
// must say what the schemas say (every key, required or optional), and validateShape must
// hand back the value it checked, typed, only when the value has no shape error.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { definitionSpecName, definitionTypesSource } from '../../scripts/definitionTypesSource.js'
import { parseSourceFile } from '../../src/load/parseSourceFile.js'
import { DEFINITION_KINDS, readMetaSchema } from '../../src/validate/metaSchemas.js'
import { validateShape } from '../../src/validate/validateShape.js'

const committed = join(import.meta.dirname, '..', '..', 'src', 'validate', 'definitionTypes.generated.ts')

interface ObjectSchema {
  properties?: Record<string, unknown>
  required?: string[]
  additionalProperties?: unknown
}

/** Each interface the generated module declares: its properties, with whether each is optional, and whether it has an index signature. */
function declaredInterfaces(source: string): Map<string, { members: Map<string, boolean>; indexed: boolean }> {
  const file = ts.createSourceFile('definitionTypes.generated.ts', source, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS)
  const out = new Map<string, { members: Map<string, boolean>; indexed: boolean }>()
  for (const statement of file.statements) {
    if (!ts.isInterfaceDeclaration(statement)) continue
    const members = new Map<string, boolean>()
    let indexed = false
    for (const member of statement.members) {
      if (ts.isIndexSignatureDeclaration(member)) indexed = true
      else if (ts.isPropertySignature(member) && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)))
        members.set(member.name.text, member.questionToken !== undefined)
    }
    out.set(statement.name.text, { members, indexed })
  }
  return out
}

/** Every token of the module that is the type `any`. */
function anyTypes(source: string): string[] {
  const file = ts.createSourceFile('definitionTypes.generated.ts', source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS)
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.AnyKeyword) found.push(node.parent.getText(file))
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

describe('the generated definition types', () => {
  it('are current: `npm run compile:types` writes the same text', async () => {
    expect(
      readFileSync(committed, 'utf8') === (await definitionTypesSource()),
      'src/validate/definitionTypes.generated.ts is stale: run `npm run compile:types`',
    ).toBe(true)
  })

  it('declare every key of each kind, optional exactly where the meta-schema does not require it, and no other', async () => {
    const declared = declaredInterfaces(await definitionTypesSource())
    for (const kind of DEFINITION_KINDS) {
      const schema = readMetaSchema(`${kind}.schema.json`) as ObjectSchema
      const type = declared.get(definitionSpecName(kind))
      expect(type, definitionSpecName(kind)).toBeDefined()
      const expected = new Map(Object.keys(schema.properties ?? {}).map((key) => [key, !(schema.required ?? []).includes(key)]))
      expect(type?.members).toEqual(expected)
      // the kinds are closed: a misspelt key is a type error, not an index signature's entry
      expect(schema.additionalProperties).toBe(false)
      expect(type?.indexed).toBe(false)
    }
  })

  it('declare each closed object of the shared definitions closed, and with its keys', async () => {
    const declared = declaredInterfaces(await definitionTypesSource())
    const definitions = readMetaSchema('common.schema.json').definitions as Record<string, ObjectSchema & { type?: unknown }>
    let compared = 0
    for (const [key, schema] of Object.entries(definitions)) {
      const type = declared.get(`${key.charAt(0).toUpperCase()}${key.slice(1)}`)
      // `schema` is the core's SchemaNode; unreachable definitions (secretRef) are not declared
      if (key === 'schema' || schema.additionalProperties !== false || !type) continue
      expect([...type.members.keys()].sort(), key).toEqual(Object.keys(schema.properties ?? {}).sort())
      expect(type.indexed, key).toBe(false)
      compared++
    }
    expect(compared).toBeGreaterThanOrEqual(9)
  })

  it('contain no any, and type a schema node as the core SchemaNode', async () => {
    const source = await definitionTypesSource()
    expect(anyTypes(source)).toEqual([])
    expect(source).toContain("import type { SchemaNode } from '../jsonSchema/types.js'")
    expect(source).toMatch(/^export type Schema = SchemaNode$/m)
  })
})

describe('validateShape', () => {
  const dir = mkdtempSync(join(tmpdir(), 'botwire-shape-'))
  const shapeOf = (text: string): { value: Record<string, unknown>; shape: ReturnType<typeof validateShape> } => {
    const path = join(dir, 'x.yaml')
    writeFileSync(path, text)
    const parsed = parseSourceFile(path, 'x.yaml', false)
    if (!parsed.value) throw new Error('the sample does not parse')
    return { value: parsed.value, shape: validateShape(parsed.file, parsed.value) }
  }
  const valid = 'kind: plugin\nname: notes\nversion: 1.0.0\ninterfaces:\n  llm: { name: llm, version: ^1.0.0 }\n'

  it('returns the value it checked as the definition when it has no shape error', () => {
    const { value, shape } = shapeOf(valid)
    expect(shape.diagnostics).toEqual([])
    expect(shape.definition).toBe(value)
    expect(shape.unchecked).toBe(value)
    expect(shape.definition?.kind).toBe('plugin')
  })

  it('returns no definition when the meta-schema refuses the value, and the value unchecked', () => {
    const { value, shape } = shapeOf(`${valid}colour: blue\n`)
    expect(shape.diagnostics.map((d) => d.code)).toEqual(['BW2002'])
    expect(shape.definition).toBeNull()
    expect(shape.unchecked).toBe(value)
  })

  it('returns no definition when only a version range is unreadable (the meta-schema accepts it)', () => {
    const { shape } = shapeOf(valid.replace('^1.0.0', 'latest'))
    expect(shape.diagnostics.map((d) => d.code)).toEqual(['BW2009'])
    expect(shape.definition).toBeNull()
  })

  it('returns neither when the kind is unknown', () => {
    const { shape } = shapeOf(valid.replace('kind: plugin', 'kind: plugn'))
    expect(shape).toMatchObject({ kind: null, definition: null, unchecked: null })
  })
})
