// `botwire lsp`: the language server, over stdio (docs/editors.md). The server's modules
// and vscode-languageserver load only here, so the other commands never pay for them.
import { parseArgs } from 'node:util'

export async function runLsp(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { definitions: { type: 'string' }, 'no-builtins': { type: 'boolean' }, stdio: { type: 'boolean' } },
    allowPositionals: false,
    strict: true,
  })
  const { startServer } = await import('../../lsp/server.js')
  // stdout is the protocol's: a stray failure is written to stderr, and the server keeps answering
  process.on('uncaughtException', (error) => process.stderr.write(`botwire lsp: ${error.stack ?? error.message}\n`))
  const connection = startServer({
    ...(values.definitions === undefined ? {} : { definitionsDir: values.definitions }),
    builtins: values['no-builtins'] !== true,
    cwd: process.cwd(),
  })
  // the client's `exit` notification ends the process; a closed stdin ends the connection
  await new Promise<void>((done) => connection.onExit(done))
  return 0
}
