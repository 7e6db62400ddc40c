// Names a place inside a definition the way its author thinks of it:
// "/actions/send/input/schema/properties/x" -> "action 'send' input schema at /properties/x".
import { parsePointer } from '../jsonSchema/pointer.js'

const SINGULAR: Record<string, string> = {
  entities: 'entity',
  actions: 'action',
  events: 'event',
  channels: 'channel',
  messages: 'channel message',
  interfaces: 'interface',
  integrations: 'integration',
  plugins: 'plugin',
  dependencies: 'dependency',
  tags: 'tag',
  states: 'state',
}

export function describePointer(pointer: string): string {
  const segments = parsePointer(pointer)
  if (segments.length === 0) return 'the definition'
  const parts: string[] = []
  let i = 0
  while (i < segments.length) {
    const segment = segments[i] as string
    const singular = SINGULAR[segment]
    const name = segments[i + 1]
    if (singular && name !== undefined && !parts.some((p) => p.startsWith('schema'))) {
      parts.push(`${singular} '${name}'`)
      i += 2
      continue
    }
    if (segment === 'schema') {
      const rest = segments.slice(i + 1)
      const inner = rest.length > 0 ? ` at /${rest.map((r) => r.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}` : ''
      parts.push(`schema${inner}`)
      break
    }
    parts.push(segment)
    i += 1
  }
  return parts.join(' ')
}
