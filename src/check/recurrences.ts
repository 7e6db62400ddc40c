/**
 * A recurring event's `recurrence` (docs/definitions.md#recurring-events) is one the runtime
 * can keep: its `cron` is a five-field cron expression that names a day that exists
 * (BW2037, pointed at the field at fault inside the string), and its `payload` fits the
 * event's schema as the runtime validates it, entities resolved (BW4031), so that no
 * occurrence is refused at run time.
 */

import { parseCron } from '@botwire/runtime'
import type { Diagnostic } from '../diagnostics/diagnostic.js'
import { diagnostic } from '../diagnostics/diagnostic.js'
import { formatPointer } from '../jsonSchema/pointer.js'
import type { JsonValue } from '../jsonSchema/types.js'
import { compileValueValidator, describeValueErrors } from '../jsonSchema/valueValidator.js'
import { locate } from '../load/yamlNodes.js'
import { JsonSchemaLowering, UNRESOLVED_DEFINITION } from '../lower/schemaToJson.js'
import type { EntityScope, Model } from '../resolve/model.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { SourceRange } from '../source/sourceRange.js'
import type { EventSpec } from '../validate/definitionTypes.js'
import { defineCheck } from './check.js'

/**
 * The range of `length` characters at `offset` of a string value, when the source writes
 * the string as it is (plain, or quoted without escapes); else the whole scalar.
 */
function rangeInString(file: SourceFile, whole: SourceRange, value: string, offset: number, length: number): SourceRange {
  if (whole.anchored) return whole
  const written = file.text.slice(whole.start, whole.end)
  const quoted = written.length >= 2 && (written[0] === "'" || written[0] === '"') && written.endsWith(written[0])
  const inner = quoted ? written.slice(1, -1) : written
  if (inner !== value) return whole
  const start = whole.start + (quoted ? 1 : 0) + offset
  return { file, start, end: start + Math.max(length, 1) }
}

/** The event's schema as the runtime validates it: its entities in a definitions section, an unknown one admitting anything. */
function runtimeSchema(model: Model, event: EventSpec, scope: EntityScope): object {
  const lowering = new JsonSchemaLowering(model)
  const root = lowering.lower(event.schema, scope).toJSON() as Record<string, JsonValue>
  const definitions = Object.fromEntries(Object.entries(lowering.section()).map(([key, text]) => [key, text.toJSON()]))
  return { ...root, definitions: { ...definitions, [UNRESOLVED_DEFINITION]: {} } }
}

function checkEvents(file: SourceFile, model: Model, events: { [name: string]: EventSpec } | undefined, scope: EntityScope): Diagnostic[] {
  const out: Diagnostic[] = []
  for (const [name, event] of Object.entries(events ?? {})) {
    const recurrence = event.recurrence
    if (recurrence === undefined) continue
    const cronAt = formatPointer(['events', name, 'recurrence', 'cron'])
    const parsed = parseCron(recurrence.cron)
    if ('problem' in parsed) {
      const range = rangeInString(file, locate(file, cronAt), recurrence.cron, parsed.problem.offset, parsed.problem.length)
      out.push(diagnostic('BW2037', 'invalidCron', { event: name, reason: parsed.problem.reason }, range, { path: cronAt }))
    }
    const payload = recurrence.payload as JsonValue
    const validate = compileValueValidator(runtimeSchema(model, event, scope))
    if (validate(payload)) continue
    const payloadAt = formatPointer(['events', name, 'recurrence', 'payload'])
    const reasons = describeValueErrors(validate.errors, 'payload', payload).join('; ')
    out.push(diagnostic('BW4031', 'payloadRejected', { event: name, reasons }, locate(file, payloadAt), { path: payloadAt }))
  }
  return out
}

export const recurrencesCheck = defineCheck({
  name: 'Recurrences',
  codes: ['BW2037', 'BW4031'],
  kinds: ['integration', 'plugin', 'bot'],
  run(definition, model) {
    // a bot has no entities: its events' schemas are plain (BW2036)
    const scope = definition.kind === 'bot' ? {} : definition.scope
    return checkEvents(definition.file, model, definition.spec.events, scope)
  },
})
