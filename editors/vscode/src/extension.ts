// A thin client of `botwire lsp`: finds botwire in the workspace's node_modules (the
// version the project pins) and connects it to the YAML definition files.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { type ExtensionContext, window, workspace } from 'vscode'
import { LanguageClient, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node'

let client: LanguageClient | undefined

/** The botwire executable: the setting, else the workspace's node_modules/.bin/botwire. */
function botwireCommand(root: string): string | undefined {
  const configured = workspace.getConfiguration('botwire').get<string>('path')
  if (configured) return configured
  const local = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'botwire.cmd' : 'botwire')
  return existsSync(local) ? local : undefined
}

export async function activate(context: ExtensionContext): Promise<void> {
  const folder = workspace.workspaceFolders?.[0]
  if (!folder) return
  const root = folder.uri.fsPath
  const command = botwireCommand(root)
  if (!command) {
    void window.showWarningMessage('botwire: not found in node_modules; run `npm install --save-dev botwire`, or set botwire.path.')
    return
  }
  const definitions = workspace.getConfiguration('botwire').get<string>('definitions') ?? 'definitions'
  const server: ServerOptions = { command, args: ['lsp', '--stdio'], options: { cwd: root, shell: process.platform === 'win32' } }
  const options: LanguageClientOptions = {
    documentSelector: [{ scheme: 'file', language: 'yaml', pattern: `${root}/${definitions}/**/*.{yaml,yml}` }],
    initializationOptions: { definitions },
    // changes on disk: the server asks the client to watch the definitions folder itself
  }
  client = new LanguageClient('botwire', 'botwire', server, options)
  context.subscriptions.push({ dispose: () => void client?.stop() })
  await client.start()
}

export async function deactivate(): Promise<void> {
  await client?.stop()
}
