// Baseline (b): ts-morph printing the same declarations as botwire's text printer.
// Each planned module becomes ONE `project.createSourceFile(path, { statements })` call
// with structures (interfaces, type aliases, the `definition` constant, the class,
// imports), nested types as writer functions, then `getFullText()`. The plan is the
// one `lowerModel` made, so both printers get the same input.
import {
  type CodeBlockWriter,
  IndentationText,
  NewLineKind,
  type OptionalKind,
  Project,
  type PropertySignatureStructure,
  QuoteKind,
  type StatementStructures,
  StructureKind,
  type TypeParameterDeclarationStructure,
  VariableDeclarationKind,
  type WriterFunction,
  Writers,
} from 'ts-morph'
import { escapeCommentText } from '../../src/emit/printDoc.js'
import { isIdentifierName, propertyKey } from '../../src/lower/names.js'
import {
  type ConstValue,
  type Declaration,
  type Doc,
  type IndexFile,
  JsonText,
  type ModuleFile,
  type PropertySignature,
  type TypeExpr,
  type TypeParameter,
} from '../../src/lower/plan.js'

type TypeText = string | WriterFunction

function put(writer: CodeBlockWriter, text: TypeText): void {
  if (typeof text === 'string') writer.write(text)
  else text(writer)
}

function grouped(type: TypeExpr): TypeText {
  const text = typeText(type)
  return type.kind === 'union' || type.kind === 'intersection' ? (w) => (w.write('('), put(w, text), w.write(')')) : text
}

function typeText(type: TypeExpr): TypeText {
  switch (type.kind) {
    case 'keyword':
      return type.name
    case 'literal':
      return typeof type.value === 'string' ? JSON.stringify(type.value) : String(type.value)
    case 'raw':
      return type.text
    case 'ref': {
      const args = type.args
      if (!args || args.length === 0) return type.name
      return (w) => {
        w.write(`${type.name}<`)
        args.forEach((a, i) => (i > 0 && w.write(', '), put(w, typeText(a))))
        w.write('>')
      }
    }
    case 'indexed':
      return (w) => (put(w, typeText(type.object)), w.write(`[${JSON.stringify(type.key)}]`))
    case 'array':
      return (w) => (put(w, grouped(type.element)), w.write('[]'))
    case 'union':
    case 'intersection': {
      const [first, second, ...rest] = type.members.map(grouped)
      if (!first) return 'never'
      if (!second) return first
      return type.kind === 'union' ? Writers.unionType(first, second, ...rest) : Writers.intersectionType(first, second, ...rest)
    }
    case 'object':
      if (type.members.length === 0 && !type.index) return 'Record<string, never>'
      return Writers.objectType({
        properties: type.members.map(property),
        ...(type.index ? { indexSignatures: [{ keyName: 'key', keyType: 'string', returnType: typeText(type.index) }] } : {}),
      })
  }
}

function docs(doc: Doc | undefined): string[] {
  if (!doc) return []
  const text = [doc.title, doc.description]
    .filter((p): p is string => p !== undefined && p.trim() !== '')
    .map(escapeCommentText)
    .join('\n\n')
  return text ? [text] : []
}

function property(member: PropertySignature): OptionalKind<PropertySignatureStructure> {
  return { name: propertyKey(member.name), hasQuestionToken: member.optional, type: typeText(member.type), docs: docs(member.doc) }
}

function typeParameters(parameters: readonly TypeParameter[] | undefined): OptionalKind<TypeParameterDeclarationStructure>[] {
  return (parameters ?? []).map((p) => ({
    name: p.name,
    ...(p.constraint ? { constraint: typeText(p.constraint) } : {}),
    ...(p.default ? { default: typeText(p.default) } : {}),
  }))
}

function writeValue(w: CodeBlockWriter, value: ConstValue): void {
  if (value === null || typeof value !== 'object') {
    w.write(JSON.stringify(value))
    return
  }
  // JSON text as botwire prints it (no `__proto__` key in the synthetic workspace)
  if (value instanceof JsonText) {
    w.write(value.text)
    return
  }
  if (Array.isArray(value)) {
    if (value.length === 0) {
      w.write('[]')
      return
    }
    w.write('[').newLine()
    w.indent(() => value.forEach((v) => (writeValue(w, v), w.write(',').newLine())))
    w.write(']')
    return
  }
  const entries = Object.entries(value as { [key: string]: ConstValue })
  if (entries.length === 0) {
    w.write('{}')
    return
  }
  w.write('{').newLine()
  w.indent(() =>
    entries.forEach(([k, v]) => {
      w.write(`${k === '__proto__' ? '["__proto__"]' : isIdentifierName(k) ? k : JSON.stringify(k)}: `)
      writeValue(w, v)
      w.write(',').newLine()
    }),
  )
  w.write('}')
}

function statement(declaration: Declaration): StatementStructures {
  switch (declaration.kind) {
    case 'interface':
      return {
        kind: StructureKind.Interface,
        name: declaration.name,
        isExported: true,
        docs: docs(declaration.doc),
        typeParameters: typeParameters(declaration.typeParameters),
        properties: declaration.members.map(property),
        ...(declaration.index ? { indexSignatures: [{ keyName: 'key', keyType: 'string', returnType: typeText(declaration.index) }] } : {}),
      }
    case 'typeAlias':
      return {
        kind: StructureKind.TypeAlias,
        name: declaration.name,
        isExported: true,
        docs: docs(declaration.doc),
        typeParameters: typeParameters(declaration.typeParameters),
        type: typeText(declaration.type),
      }
    case 'const':
      return {
        kind: StructureKind.VariableStatement,
        isExported: true,
        declarationKind: VariableDeclarationKind.Const,
        docs: docs(declaration.doc),
        declarations: [{ name: declaration.name, type: typeText(declaration.type), initializer: (w) => writeValue(w, declaration.value) }],
      }
    case 'class':
      return {
        kind: StructureKind.Class,
        name: declaration.name,
        isExported: true,
        docs: docs(declaration.doc),
        extends: typeText(declaration.base),
        ctors: [
          {
            parameters: declaration.options ? [{ name: 'options', type: typeText(declaration.options) }] : [],
            statements: [declaration.options ? 'super(definition, options)' : 'super(definition)'],
          },
        ],
      }
  }
}

function banner(sources: readonly string[]): string {
  return `// Generated by botwire. Do not edit: change the definitions and run \`botwire generate\`.\n// Generated from:\n${sources.map((s) => `//   ${escapeCommentText(s).replace(/\n/g, ' ')}`).join('\n')}`
}

export function createProject(): Project {
  return new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: {
      indentationText: IndentationText.TwoSpaces,
      quoteKind: QuoteKind.Double,
      newLineKind: NewLineKind.LineFeed,
      useTrailingCommas: true,
    },
  })
}

/** One planned TypeScript file printed by ts-morph: one createSourceFile call with structures. */
export function tsMorphFile(project: Project, file: ModuleFile | IndexFile): string {
  const statements: (string | StatementStructures)[] =
    file.kind === 'module'
      ? [
          banner(file.sources),
          ...file.imports.map(
            (i): StatementStructures => ({
              kind: StructureKind.ImportDeclaration,
              isTypeOnly: i.typeOnly,
              namespaceImport: i.namespace,
              moduleSpecifier: i.from,
            }),
          ),
          ...file.declarations.map(statement),
        ]
      : [banner(file.sources), { kind: StructureKind.ExportDeclaration, moduleSpecifier: file.reexport }]
  return project.createSourceFile(file.path, { statements }, { overwrite: true }).getFullText()
}
