// A request that throws is answered with an error and logged; the server keeps running.
// BOTWIRE_LSP_FAULT=<method> makes that method's handler throw, so that the tests can
// prove it over stdio (docs/editors.md#robustness); BOTWIRE_LSP_FAULT=analysis makes the
// analysis throw while an open document's text holds `BOTWIRE_LSP_FAULT` (analysis.ts).
import type { ResponseError as ResponseErrorType } from 'vscode-languageserver'
import { languageServer } from './languageServer.js'

const { ErrorCodes, ResponseError } = languageServer

export interface Logger {
  error(message: string): void
}

const injectedFault = process.env.BOTWIRE_LSP_FAULT

/** Whether the tests asked this method (or `analysis`) to fail. */
export function faultInjectedInto(method: string): boolean {
  return injectedFault === method
}

export function guarded<P, R>(logger: Logger, method: string, handler: (params: P) => R): (params: P) => R | ResponseErrorType<void> {
  return (params) => {
    try {
      if (faultInjectedInto(method)) throw new Error(`fault injected into ${method} (BOTWIRE_LSP_FAULT)`)
      return handler(params)
    } catch (error) {
      // a refusal the handler meant (a rename that would break a reference) is an answer, not a crash
      if (error instanceof ResponseError) return error as ResponseErrorType<void>
      const message = error instanceof Error ? error.message : String(error)
      logger.error(`botwire lsp: ${method} failed: ${error instanceof Error && error.stack ? error.stack : message}`)
      return new ResponseError(ErrorCodes.InternalError, `botwire lsp: ${method} failed: ${message}`)
    }
  }
}
