// The configuration-check tests' definitions (configuration*.test.ts): an integration with a
// configuration schema, a bot that configures it, and the BW4017 message of a credential.
/** An integration `name` 1.0.0 with this configuration schema (indented under `schema:`). */
export function integration(name: string, schema: string, more = ''): string {
  return `kind: integration\nname: ${name}\nversion: 1.0.0\nconfiguration:\n  schema:\n${indent(schema, 4)}${more}`
}

/** A bot that uses integration `name` 1.0.0 under the alias `name`, with this configuration. */
export function bot(name: string, configuration: string, more = ''): string {
  return `kind: bot\nname: test-bot\nversion: 1.0.0\nintegrations:\n  ${name}:\n    integration: ${name}\n    version: 1.0.0\n${more}    configuration:\n${indent(configuration, 6)}`
}

export function indent(text: string, spaces: number): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '' : `${' '.repeat(spaces)}${line}`))
    .join('\n')
}

export const OBJECT = 'type: object\n'

/** BW4017's message for a credential of integration 'my-crm'. */
export function credential(path: string, key: string, name: string): string {
  return `configuration.${path} looks like a credential and is written in plain text, so it ends up in the generated code; give it as ${key}: { $secret: ${name} } and set ${name} in the environment (or mark it secret: true in the configuration schema of integration 'my-crm' 1.0.0)`
}

export const SECRETS = integration(
  'my-crm',
  `${OBJECT}properties:
  apiKey: { type: string, secret: true }
  hosts: { type: array, items: { type: string } }
  extra:
    type: object
    additionalProperties: { type: string, secret: true }
  options:
    type: object
    properties:
      timeout: { type: integer }
`,
)

export const MAILER = integration(
  'mailer',
  `${OBJECT}additionalProperties: false
properties:
  timeout: { type: integer }
  retries: { type: integer, default: 3 }
  mode: { type: string, enum: [fast, safe] }
  token: { type: string, pattern: '^t' }
  nested:
    type: object
    additionalProperties: false
    properties:
      depth: { type: integer }
    required: [depth]
required: [timeout, retries]
`,
)
