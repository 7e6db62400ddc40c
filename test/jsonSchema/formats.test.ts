// One list of formats: the meta-schema's `format` enum (what a definition may write) is
// the core's SCHEMA_FORMATS (what the checks and the runtime's ajv are given), and the
// checks decide every one of them themselves.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { matchesFormat } from '../../src/jsonSchema/formats.js'
import { SCHEMA_FORMATS } from '../../src/jsonSchema/types.js'
import { schemasDir } from '../../src/load/packageRoot.js'

describe('schema formats', () => {
  it("are the meta-schema's list", () => {
    const common = JSON.parse(readFileSync(join(schemasDir, 'common.schema.json'), 'utf8')) as {
      definitions: { schema: { properties: { format: { enum: string[] } } } }
    }
    expect(common.definitions.schema.properties.format.enum).toEqual([...SCHEMA_FORMATS])
  })

  it.each([
    ['uri', 'https://example.com/a', 'not a uri'],
    ['email', 'a@example.com', 'a@'],
    ['date-time', '2026-11-25T04:00:00Z', '2026-11-25'],
    ['date', '2026-11-25', '2026-13-45'],
    ['uuid', '0f8fad5b-d9cb-469f-a165-70867728950e', '0f8fad5b'],
  ] as const)('%s is decided by the checks', (format, valid, invalid) => {
    expect(SCHEMA_FORMATS).toContain(format)
    expect(matchesFormat(format, valid)).toBe(true)
    expect(matchesFormat(format, invalid)).toBe(false)
  })
})
