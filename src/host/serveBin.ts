#!/usr/bin/env node
// `botwire-serve MODULE` (docs/cli.md#botwire-serve-module), the host package's bin: serve
// in a production install, where the compiler's `botwire serve` is not. Bad usage is one
// line on stderr with code BW9002 (as `botwire serve` says it) and exit 2; any other failure
// BW9001 and exit 2, its stack with BOTWIRE_DEBUG=1.
import { runServe } from './serveModule.js'
import { ServeUsageError } from './serveUsage.js'

function oneLine(text: string): string {
  return (text.split('\n')[0] ?? '').replace(/\p{Cc}/gu, '?')
}

try {
  process.exitCode = await runServe(process.argv.slice(2))
} catch (error) {
  const message = error instanceof Error ? error.message : String(error)
  const usage =
    error instanceof ServeUsageError ||
    (typeof (error as { code?: unknown } | null)?.code === 'string' && String((error as { code: string }).code).startsWith('ERR_PARSE_ARGS'))
  process.stderr.write(usage ? `botwire-serve: error BW9002: ${oneLine(message)}\n` : `botwire-serve: internal error BW9001: ${oneLine(message)}\n`)
  if (!usage && process.env['BOTWIRE_DEBUG']) process.stderr.write(`${error instanceof Error ? (error.stack ?? '') : ''}\n`)
  process.exitCode = 2
}
