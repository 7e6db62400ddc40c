// The tests' LSP client: the benchmark's (bench/lspClient.ts) on the built CLI.
import { type LspClient, type LspStartOptions, positionOf, startLspClient } from '../../bench/lspClient.js'
import { cliPath } from './cli.js'

export type { LspClient }
export { positionOf }

export function startLsp(root: string, options: LspStartOptions = {}): Promise<LspClient> {
  return startLspClient(cliPath, root, options)
}
