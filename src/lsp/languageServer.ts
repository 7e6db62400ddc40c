// vscode-languageserver's values (the connection, TextDocuments, errors), loaded with
// `require`: the package is CommonJS, and an ESM `import` of it has Node scan each of its
// files for named exports first, about 80 ms more at every start of the server (measured:
// 75 ms required, 155 ms imported, on this project's machine). Types are imported as types.
import { createRequire } from 'node:module'

type LanguageServer = typeof import('vscode-languageserver/node')

export const languageServer = createRequire(import.meta.url)('vscode-languageserver/node') as LanguageServer
