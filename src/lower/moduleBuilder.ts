// Collects one module's imports and declarations while lowering, handing out names.

import type { SchemaNode } from '../jsonSchema/types.js'
import type { DefinitionKind } from '../resolve/model.js'
import { NameAllocator, namespaceName } from './names.js'
import type { ConstValue, Declaration, Doc, ImportDeclaration, ModuleFile, TypeExpr, TypeParameter } from './plan.js'
import { schemaToType, type TypeContext } from './schemaToType.js'

/** The module of the standard message types, at the top of the output folder. */
export const MESSAGES_MODULE = 'messages.ts'

export function modulePath(kind: DefinitionKind, name: string, version: string): string {
  return `${kind}s/${name}/v${version}.ts`
}

export function ref(name: string, args?: TypeExpr[]): TypeExpr {
  return args && args.length > 0 ? { kind: 'ref', name, args } : { kind: 'ref', name }
}

export function indexed(object: TypeExpr, key: string): TypeExpr {
  return { kind: 'indexed', object, key }
}

export class ModuleBuilder {
  readonly names = new NameAllocator()
  private readonly imports = new Map<string, ImportDeclaration>()
  private readonly namespaces = new Set<string>(['runtime', 'messages'])
  private readonly declarations: Declaration[] = []

  constructor(
    readonly path: string,
    private readonly sources: string[],
  ) {}

  /** Imports another definition's version module as a namespace; returns the namespace. */
  importDefinition(kind: DefinitionKind, name: string, version: string): string {
    const from = `../../${modulePath(kind, name, version).replace(/\.ts$/, '.js')}`
    const existing = this.imports.get(from)
    if (existing) return existing.namespace
    // an integration and a plugin may share a name and version (and `a-v1-0-0` 1.0.0 and
    // `a` 1.0.0-v1.0.0 share a namespace name): the first import keeps the plain name
    const plain = namespaceName(name, version)
    let namespace = this.namespaces.has(plain) ? `${kind}_${plain}` : plain
    for (let i = 2; this.namespaces.has(namespace); i++) namespace = `${kind}_${plain}_${i}`
    this.namespaces.add(namespace)
    this.imports.set(from, { namespace, from, typeOnly: true })
    return namespace
  }

  /** The generated `messages.ts` (the standard message payload types), as `messages`. */
  importMessages(): string {
    const from = `../../${MESSAGES_MODULE.replace(/\.ts$/, '.js')}`
    if (!this.imports.has(from)) this.imports.set(from, { namespace: 'messages', from, typeOnly: true })
    return 'messages'
  }

  /** The runtime, as `runtime`; a value import when a class extends one of its bases. */
  importRuntime(typeOnly: boolean): string {
    const existing = this.imports.get('@botwire/runtime')
    this.imports.set('@botwire/runtime', { namespace: 'runtime', from: '@botwire/runtime', typeOnly: typeOnly && (existing?.typeOnly ?? true) })
    return 'runtime'
  }

  add(declaration: Declaration): void {
    this.declarations.push(declaration)
  }

  /**
   * Declares the type of a schema under `name` (already allocated): an interface where
   * the type is an object literal, else a type alias.
   */
  declareSchema(name: string, schema: SchemaNode, context: TypeContext, doc: Doc | undefined, typeParameters?: TypeParameter[]): void {
    const type = schemaToType(schema, context)
    const common = { name, ...(doc ? { doc } : {}), ...(typeParameters && typeParameters.length > 0 ? { typeParameters } : {}) }
    // an object type without members is `Record<string, never>` (docs/generated-code.md#schemas-become-plain-types), never an empty interface, which every non-null value fits
    if (type.kind === 'object' && (type.members.length > 0 || type.index))
      this.add({ kind: 'interface', ...common, members: type.members, ...(type.index ? { index: type.index } : {}) })
    else this.add({ kind: 'typeAlias', ...common, type })
  }

  /**
   * The `definition` constant: plain data typed with the runtime's declared interface
   * (`InterfaceDefinition`, ...), never a deep `as const`, so that it is cheap to check.
   */
  addDefinition(runtimeType: string, what: string, value: ConstValue): void {
    const runtime = this.importRuntime(true)
    this.add({
      kind: 'const',
      name: 'definition',
      doc: { description: `The resolved definition of ${what}, with plain JSON Schemas.` },
      type: ref(`${runtime}.${runtimeType}`),
      value,
    })
  }

  build(): ModuleFile {
    const imports = [...this.imports.values()].sort((a, b) =>
      a.from === '@botwire/runtime' ? -1 : b.from === '@botwire/runtime' ? 1 : a.from < b.from ? -1 : 1,
    )
    return { kind: 'module', path: this.path, sources: this.sources, imports, declarations: this.declarations }
  }
}
