// Type-checks implementation files against generated code as a user's project would
// (strict, nodenext, @botwire/runtime from the package's declarations): each file's messages.
import ts from 'typescript'
import { runtimeEntry } from '../pipeline/validFixtures.js'
import { sharingHost } from './sharedDeclarations.js'

/** One program for all files (a type-check costs seconds); a diagnostic outside every file counts against each. */
export function compileStubs(files: string[]): Map<string, string[]> {
  const options: ts.CompilerOptions = {
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    // the library the generated code is promised to compile with (the goldens' type-check),
    // not the default one with the DOM's declarations, a large part of the check's time;
    // Node's types as a user's project has them (the scaffolded entry file logs)
    lib: ['lib.es2023.d.ts'],
    noEmit: true,
    types: ['node'],
    // the declaration files (Node's, the runtime's) are not what is tested here: the
    // goldens' type-check checks the runtime's, and @types/node's took a third of the time
    skipLibCheck: true,
    paths: { '@botwire/runtime': [runtimeEntry] },
  }
  const program = ts.createProgram({ rootNames: files, options, host: sharingHost(options) })
  const messages = new Map<string, string[]>(files.map((file) => [file, []]))
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n')
    const own = d.file === undefined ? undefined : messages.get(d.file.fileName)
    if (own) own.push(text)
    else for (const list of messages.values()) list.push(text)
  }
  return messages
}
