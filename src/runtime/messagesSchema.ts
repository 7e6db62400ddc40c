// schemas/messages.schema.json, the payload schema of each standard message type: read from
// this package's own copy, once per process. The runtime validates payloads with it; the
// compiler, which imports it from here, lowers it into the generated messages.ts and reads
// it for `$message` in the checks, so that the three agree on one file.
import type { JsonSchema } from '../jsonSchema/types.js'

/** The file's shape: its `definitions`, one per message type and per helper (`cardAction`, `choiceOption`, `blocItem`). */
export interface MessagesSchema {
  definitions: { [name: string]: JsonSchema }
}

let read: MessagesSchema | undefined

interface PlatformGlobals {
  process?: { getBuiltinModule?: (id: string) => unknown }
  URL?: new (url: string, base: string) => object
}

/** schemas/messages.schema.json, read once (from the sources or from dist/ alike: both sit two folders below the package root). */
export function messagesSchema(): MessagesSchema {
  if (read) return read
  // typed here rather than with @types/node: the runtime compiles without platform types
  const platform = globalThis as unknown as PlatformGlobals
  const fs = platform.process?.getBuiltinModule?.('node:fs') as { readFileSync(path: object, encoding: 'utf8'): string } | undefined
  if (!fs || !platform.URL) throw new Error('@botwire/runtime: cannot read schemas/messages.schema.json (the runtime needs Node 20.16 or newer)')
  const location = new platform.URL('../../schemas/messages.schema.json', (import.meta as unknown as { url: string }).url)
  read = JSON.parse(fs.readFileSync(location, 'utf8')) as MessagesSchema
  return read
}
