// Flags shared by several commands, parsed once into a context object.
import { resolve } from 'node:path'
import type { OutputFormat } from './printDiagnostics.js'
import { UsageError } from './usage.js'

export interface CommonOptions {
  definitionsDir: string
  format: OutputFormat
  builtins: boolean
  /** `--cache`: reuse the parsed values of the previous run */
  cache: boolean
}

export const commonFlags = {
  definitions: { type: 'string' },
  format: { type: 'string' },
  'no-builtins': { type: 'boolean' },
  cache: { type: 'boolean' },
} as const

export function commonOptions(values: {
  definitions?: string | undefined
  format?: string | undefined
  'no-builtins'?: boolean | undefined
  cache?: boolean | undefined
}): CommonOptions {
  const format = values.format ?? 'pretty'
  if (format !== 'pretty' && format !== 'json') throw new UsageError(`--format must be pretty or json, not '${format}'`)
  return {
    definitionsDir: resolve(values.definitions ?? 'definitions'),
    format,
    builtins: values['no-builtins'] !== true,
    cache: values.cache === true,
  }
}

export interface GenerateCommandOptions extends CommonOptions {
  outDir: string
}
