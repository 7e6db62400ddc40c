// The declaration files of node_modules (TypeScript's libs, @types/node) parsed once per
// test worker, not once per program: each type-checking test builds a program of its own,
// and those files are the same for all of them and never change during a run. As
// TypeScript's language service does across projects (its document registry), a parsed
// file is shared only between programs whose options read it alike: the key holds every
// option that changes how a file is parsed or bound, and how the program asks for it.
import ts from 'typescript'

/** The options TypeScript itself lists as affecting a source file (ts.sourceFileAffectingCompilerOptions). */
const PARSE_OPTIONS = [
  'target',
  'module',
  'jsx',
  'importHelpers',
  'alwaysStrict',
  'strict',
  'noFallthroughCasesInSwitch',
  'moduleResolution',
  'jsxImportSource',
  'allowUnusedLabels',
  'allowUnreachableCode',
  'moduleDetection',
] as const

const parsed = new Map<string, ts.SourceFile>()

function isSharedDeclaration(fileName: string): boolean {
  return fileName.endsWith('.d.ts') && fileName.includes('/node_modules/')
}

/** A compiler host for `options` that takes node_modules' declaration files from the worker's shared store. */
export function sharingHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options)
  const readsAlike = JSON.stringify(PARSE_OPTIONS.map((name) => options[name] ?? null))
  const getSourceFile = host.getSourceFile.bind(host)
  host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile) => {
    if (shouldCreateNewSourceFile === true || !isSharedDeclaration(fileName))
      return getSourceFile(fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile)
    const key = `${fileName}\0${readsAlike}\0${JSON.stringify(languageVersionOrOptions)}`
    let file = parsed.get(key)
    if (file === undefined) {
      file = getSourceFile(fileName, languageVersionOrOptions, onError)
      if (file !== undefined) parsed.set(key, file)
    }
    return file
  }
  return host
}
