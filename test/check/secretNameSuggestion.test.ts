// The `$secret` name a plain-text secret's diagnostic suggests: the definition's name and
// the key in upper snake case, without saying twice a word the key repeats of the name.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { tempDir } from '../support/cli.js'

/** The `$secret` names suggested for the plain values of an integration's secret keys. */
function suggested(integrationName: string, keys: string[]): string[] {
  const dir = tempDir()
  const properties = keys.map((key) => `${key}: { type: string, secret: true }`).join(', ')
  writeFileSync(
    join(dir, 'integration.yaml'),
    `kind: integration\nname: ${integrationName}\nversion: 1.0.0\nconfiguration:\n  schema: { type: object, properties: { ${properties} } }\n`,
  )
  const values = keys.map((key) => `      ${key}: plain\n`).join('')
  writeFileSync(
    join(dir, 'bot.yaml'),
    `kind: bot\nname: test-bot\nintegrations:\n  chosen:\n    integration: ${integrationName}\n    version: 1.0.0\n    configuration:\n${values}`,
  )
  const { diagnostics } = checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir })
  return diagnostics.map((d) => {
    expect(d.code).toBe('BW4016')
    return /\{ \$secret: ([A-Z0-9_]+) \}/.exec(d.message)?.[1] ?? d.message
  })
}

it('says once the words a key repeats of the end of the name: no GITHUB_GITHUB_WEBHOOK_SECRET', () => {
  expect(suggested('github', ['githubWebhookSecret', 'apiKey'])).toEqual(['GITHUB_WEBHOOK_SECRET', 'GITHUB_API_KEY'])
  expect(suggested('github-enterprise', ['enterpriseToken', 'githubEnterpriseAppKey', 'github_token'])).toEqual([
    'GITHUB_ENTERPRISE_TOKEN',
    'GITHUB_ENTERPRISE_APP_KEY',
    'GITHUB_ENTERPRISE_GITHUB_TOKEN',
  ])
  expect(suggested('my-crm', ['crmToken', 'myCrmOauth2Token'])).toEqual(['MY_CRM_TOKEN', 'MY_CRM_OAUTH2_TOKEN'])
})
