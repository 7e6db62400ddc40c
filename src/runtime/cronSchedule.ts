// Cron expressions of recurring events (docs/definitions.md#recurring-events): five fields
// (minute, hour, day of month, month, day of week), read in UTC. Parsing and the next
// occurrence are croner's (docs/decisions.md#a-cron-parser-from-npm-croner); this module
// adds what botwire needs of it: exactly five fields, and the place of a bad one.
import { Cron } from 'croner'

export const CRON_FIELDS = ['minute', 'hour', 'day of month', 'month', 'day of week'] as const

/** A parsed cron expression: when it next occurs. */
export interface CronSchedule {
  readonly expression: string
  /** The first occurrence strictly after `afterMs` (ms since the epoch), or undefined when there is none. */
  nextAfter(afterMs: number): number | undefined
}

/** Why an expression is refused, and where: `offset` and `length` in the expression's text. */
export interface CronProblem {
  reason: string
  offset: number
  length: number
}

interface Field {
  text: string
  offset: number
}

function fieldsOf(expression: string): Field[] {
  const fields: Field[] = []
  for (const match of expression.matchAll(/\S+/g)) fields.push({ text: match[0], offset: match.index })
  return fields
}

function compile(pattern: string): Cron {
  // paused: croner only computes occurrences here; the runtime schedules them on its clock
  return new Cron(pattern, { paused: true, timezone: 'UTC' })
}

/** What croner says of one field, put in place among fields that admit everything. */
function fieldProblem(fields: Field[], index: number): string | undefined {
  const pattern = fields.map((f, i) => (i === index ? f.text : '*')).join(' ')
  try {
    compile(pattern)
    return undefined
  } catch (error) {
    const said = error instanceof Error ? error.message : String(error)
    // croner names the field by its place ('configuration entry 1 (x)'): the caller names it by its meaning
    return said
      .replace(/^CronPattern: /, '')
      .replace(/^configuration entry \d+ \([^)]*\) /, '')
      .replace(/\.$/, '')
  }
}

/** What each field takes, in the order of CRON_FIELDS. */
const FIELD_VALUES = ['0-59', '0-23', '1-31', '1-12 or JAN-DEC', '0-7 (0 and 7 are Sunday) or SUN-SAT'] as const
const NAMES: readonly (readonly string[])[] = [
  [],
  [],
  [],
  ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
  ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'],
]

/** " (did you mean 'FRI'?)" for a word of the field one letter away from one name of it ('FRY'), or "". */
function nameMeant(text: string, names: readonly string[]): string {
  for (const word of text.toUpperCase().match(/[A-Z]+/g) ?? []) {
    if (names.includes(word)) continue
    const near = names.filter((name) => name.length === word.length && [...name].filter((ch, i) => ch !== word[i]).length === 1)
    if (near.length === 1) return ` (did you mean '${near[0]}'?)`
  }
  return ''
}

/** Parses a five-field cron expression, or says what is wrong with it and where. */
export function parseCron(expression: string): { schedule: CronSchedule } | { problem: CronProblem } {
  const fields = fieldsOf(expression)
  if (fields.length !== CRON_FIELDS.length) {
    const reason = `a cron expression has five fields (${CRON_FIELDS.join(', ')}), and this one has ${fields.length}`
    return { problem: { reason, offset: 0, length: expression.length } }
  }
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i] as Field
    const said = fieldProblem(fields, i)
    if (said !== undefined) {
      const reason = `invalid ${CRON_FIELDS[i]} field '${field.text}' (${said}); it takes ${FIELD_VALUES[i]}, with *, lists, ranges and steps${nameMeant(field.text, NAMES[i] ?? [])}`
      return { problem: { reason, offset: field.offset, length: field.text.length } }
    }
  }
  let cron: Cron
  try {
    cron = compile(fields.map((f) => f.text).join(' '))
  } catch (error) {
    return { problem: { reason: error instanceof Error ? error.message : String(error), offset: 0, length: expression.length } }
  }
  // a day that never comes (30 February) is a schedule with no occurrence
  if (cron.nextRun(new Date(0)) === null) return { problem: { reason: 'the expression names no day that exists', offset: 0, length: expression.length } }
  return {
    schedule: {
      expression,
      nextAfter(afterMs) {
        const next = cron.nextRun(new Date(afterMs))
        return next === null ? undefined : next.getTime()
      },
    },
  }
}
