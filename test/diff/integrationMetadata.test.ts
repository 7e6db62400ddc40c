// What `botwire diff` says of an integration's metadata keys and a bot's `enabled`
// (docs/versioning.md#integration-metadata): a secret a deployment must now set is major,
// one it may set minor, one it no longer needs patch; icon, readme, attributes, a secret's
// words and a bot's `enabled` patch.
import { expect, it } from 'vitest'
import type { DefinitionDiff } from '../../src/diff/types.js'
import { diffSides } from './support.js'

const shown = (d: DefinitionDiff): string[] => d.changes.map((c) => `${c.level} ${c.side} ${c.file}:${c.line}:${c.column} ${c.path} ${c.message}`)

const integration = (version: string, rest: string) => `kind: integration
name: demo
version: ${version}
${rest}`

it("classifies an integration's secrets, icon, readme and attributes", () => {
  const old = integration(
    '1.0.0',
    `icon: old.svg
readme: README.md
attributes: { category: chat, keep: same }
secrets:
  KEPT: { description: first }
  GONE: {}
  LOOSENED: {}
  TIGHTENED: { optional: true }
`,
  )
  const neu = integration(
    '2.0.0',
    `icon: new.svg
attributes: { category: messaging, keep: same }
secrets:
  KEPT: { description: second }
  LOOSENED: { optional: true }
  TIGHTENED: { optional: false }
  NEEDED: {}
  MAYBE: { optional: true }
`,
  )
  expect(shown(diffSides({ 'demo.yaml': old }, { 'demo.yaml': neu }))).toEqual([
    "major new new/demo.yaml:10:3 /secrets/NEEDED required secret 'NEEDED' added: every deployment must now set it",
    "major new new/demo.yaml:9:26 /secrets/TIGHTENED/optional secret 'TIGHTENED' is now required: every deployment must set it",
    "minor new new/demo.yaml:8:25 /secrets/LOOSENED/optional secret 'LOOSENED' is now optional",
    "minor new new/demo.yaml:11:3 /secrets/MAYBE optional secret 'MAYBE' added",
    "patch new new/demo.yaml:5:25 /attributes/category attribute 'category' of the integration changed (chat -> messaging)",
    'patch new new/demo.yaml:4:7 /icon icon of the integration changed (old.svg -> new.svg)',
    "patch new new/demo.yaml:7:24 /secrets/KEPT/description description of secret 'KEPT' changed (first -> second)",
    'patch old old/demo.yaml:5:9 /readme readme of the integration removed',
    "patch old old/demo.yaml:9:3 /secrets/GONE secret 'GONE' removed: deployments no longer need to set it",
  ])
})

it("classifies a bot integration's enabled as patch", () => {
  const bot = (enabled: string) => `kind: bot
name: demo
integrations:
  sms: { integration: sms, version: 1.0.0${enabled} }
`
  const sms = 'kind: integration\nname: sms\nversion: 1.0.0\n'
  expect(shown(diffSides({ 'sms.yaml': sms, 'demo.yaml': bot('') }, { 'sms.yaml': sms, 'demo.yaml': bot(', enabled: false') }))).toEqual([
    "patch new new/demo.yaml:4:53 /integrations/sms/enabled enabled of integration 'sms' added",
  ])
})

it('reads configurationType: null as the default, the same as leaving it out', () => {
  const bot = (choice: string) => `kind: bot
name: demo
integrations:
  sms: { integration: sms, version: 1.0.0${choice} }
`
  const sms = 'kind: integration\nname: sms\nversion: 1.0.0\n'
  expect(shown(diffSides({ 'sms.yaml': sms, 'demo.yaml': bot('') }, { 'sms.yaml': sms, 'demo.yaml': bot(', configurationType: null') }))).toEqual([])
})

it("classifies an integration's identifier: added, removed or re-keyed major, its words patch", () => {
  const config = `configuration:
  schema:
    type: object
    properties: { team: { type: string }, workspace: { type: string } }
    required: [team, workspace]
`
  const none = integration('1.0.0', config)
  const byTeam = (version: string, description: string) => integration(version, `${config}identifier: { description: ${description}, configuration: team }\n`)
  const byWorkspace = integration('3.0.0', `${config}identifier: { description: Team, configuration: workspace }\n`)
  const diff = (before: string, after: string) => shown(diffSides({ 'demo.yaml': before }, { 'demo.yaml': after }))
  expect(diff(none, byTeam('2.0.0', 'Team'))).toEqual([
    "major new new/demo.yaml:9:1 /identifier identifier added ('team'): every implementation must now give identify",
  ])
  expect(diff(byTeam('1.0.0', 'Team'), integration('2.0.0', config))).toEqual([
    "major old old/demo.yaml:9:1 /identifier identifier removed: the integration's shared webhook URL no longer routes to any bot",
  ])
  expect(diff(byTeam('2.0.0', 'Team'), byWorkspace)).toEqual([
    "major new new/demo.yaml:9:49 /identifier/configuration identifier changed ('team' -> 'workspace'): requests now route by another configuration value",
  ])
  expect(diff(byTeam('1.0.0', 'Team'), byTeam('1.0.1', 'The team'))).toEqual([
    'patch new new/demo.yaml:9:28 /identifier/description description of the identifier changed (Team -> The team)',
  ])
})
