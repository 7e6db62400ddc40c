// Where the checks point, beyond the `file:line:col` an invalid fixture's expected.txt
// shows: each diagnostic's path (what `--format json` and the editor read) and its related
// locations (the other place involved: the version declared before, the mapping, the
// interface's schema). A mutation run found these unasserted (docs/testing.md#mutation-testing).
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { checkFixture, expectReported, reported } from '../support/checkHarness.js'
import { tempDir } from '../support/cli.js'

const fixtureDiagnostics = (name: string) => checkFixture(name).diagnostics

describe('the places of the checks’ diagnostics', () => {
  it('BW4014: at the version, with the other spelling as related', () => {
    expectReported(fixtureDiagnostics('BW4014-versions-differing-only-in-case')).toMatchObject([
      { file: 'notes-rc-lower.yaml', line: 3, column: 10, code: 'BW4014', path: '/version', related: ['notes-rc-upper.yaml:3:10 1.0.0-RC.1 is declared here'] },
    ])
  })

  it('BW4015: at the higher version, with the weightiest change and the lower version as related', () => {
    expectReported(fixtureDiagnostics('BW4015-entity-enum-widened-in-a-minor-version')).toMatchObject([
      {
        file: 'ticketing-1.1.0.yaml',
        line: 3,
        column: 10,
        code: 'BW4015',
        path: '/version',
        related: ['ticketing-1.1.0.yaml:10:40 the major change', 'ticketing-1.0.0.yaml:3:10 1.0.0 is declared here'],
      },
    ])
  })

  it('BW4010: at the second alias’s version, with the first alias’s as related', () => {
    expectReported(fixtureDiagnostics('BW4010-two-versions-in-one-bot')).toMatchObject([
      {
        file: 'support-bot.yaml',
        line: 11,
        column: 14,
        code: 'BW4010',
        path: '/integrations/openaiLegacy/version',
        related: ["support-bot.yaml:6:14 'openai' resolves to 2.0.0"],
      },
    ])
  })

  it('BW4001 and BW4002: at the part that does not extend, with the interface’s schema and the mapping as related', () => {
    expectReported(fixtureDiagnostics('BW4001-mismatch-inside-a-referenced-entity')).toMatchObject([
      {
        file: 'forest.yaml',
        line: 15,
        column: 9,
        code: 'BW4001',
        path: '/entities/helper/schema/properties/label',
        related: ["tree.yaml:15:9 the interface's schema (tree 1.0.0)", 'forest.yaml:25:23 the mapping'],
      },
      {
        file: 'grove.yaml',
        line: 15,
        column: 9,
        code: 'BW4001',
        path: '/entities/myLeaf/schema/properties/label',
        related: ["tree.yaml:15:9 the interface's schema (tree 1.0.0)", 'grove.yaml:20:37 the mapping'],
      },
    ])
    expectReported(fixtureDiagnostics('BW4002-patterns-cannot-be-compared')).toMatchObject([
      {
        file: 'zendesk.yaml',
        line: 9,
        column: 38,
        code: 'BW4002',
        path: '/entities/zendeskTicket/schema/properties/id/pattern',
        related: ["ticketing.yaml:9:38 the interface's schema (ticketing 1.0.0)", 'zendesk.yaml:18:15 the mapping'],
      },
    ])
  })

  it('BW2019: at the part that admits no value', () => {
    expectReported(fixtureDiagnostics('BW2019-interface-entity-admits-no-value')).toMatchObject([
      { file: 'org-chart.yaml', line: 12, column: 9, code: 'BW2019', path: '/entities/team/schema/properties/parent', related: [] },
    ])
  })

  it('BW4010 for a plugin: named a plugin, at the plugin alias’s version', () => {
    const dir = tempDir()
    for (const version of ['1.0.0', '2.0.0'])
      writeFileSync(join(dir, `helper-${version}.yaml`), `kind: plugin\nname: helper\nversion: ${version}\nactions: {}\n`)
    writeFileSync(
      join(dir, 'bot.yaml'),
      'kind: bot\nname: support-bot\nplugins:\n  helper:\n    plugin: helper\n    version: ^2.0.0\n  helperLegacy:\n    plugin: helper\n    version: ^1.0.0\n',
    )
    const { diagnostics } = checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir })
    expectReported(diagnostics).toMatchObject([
      { file: 'bot.yaml', line: 9, column: 14, code: 'BW4010', path: '/plugins/helperLegacy/version', related: ["bot.yaml:6:14 'helper' resolves to 2.0.0"] },
    ])
    expect(diagnostics[0]?.message).toBe("plugin 'helper' is added at 1.0.0 here and at 2.0.0 as 'helper'; one bot uses one version of each")
  })

  it('Wiring (BW4005, BW4006, BW4007, BW4013): at the bot’s dependency, with the integration’s interface and the plugin’s declaration as related', () => {
    const implementsHere = (integration: string, iface: string, version: string): string => `integration '${integration}' implements '${iface}' ${version} here`
    expectReported(fixtureDiagnostics('BW4005-wired-version-outside-range')).toMatchObject([
      {
        file: 'support-bot.yaml',
        line: 17,
        column: 74,
        code: 'BW4005',
        path: '/plugins/translator/dependencies/translation/integrationInterfaceAlias',
        related: [`deepl.yaml:19:3 ${implementsHere('deepl', 'translation', '1.0.0')}`],
      },
    ])
    expectReported(fixtureDiagnostics('BW4006-wired-to-a-different-interface')).toMatchObject([
      {
        file: 'support-bot.yaml',
        line: 19,
        column: 68,
        code: 'BW4006',
        path: '/plugins/summary/dependencies/llm/integrationInterfaceAlias',
        related: [`dropbox.yaml:31:3 ${implementsHere('dropbox', 'storage', '1.0.0')}`],
      },
    ])
    expectReported(fixtureDiagnostics('BW4007-dependency-not-wired')).toMatchObject([
      {
        file: 'support-bot.yaml',
        line: 13,
        column: 3,
        code: 'BW4007',
        path: '/plugins/summary',
        related: ["conversation-summary.yaml:10:3 'llm' is declared here"],
      },
    ])
    expectReported(fixtureDiagnostics('BW4013-wired-across-a-major-version')).toMatchObject([
      {
        file: 'sales-bot.yaml',
        line: 12,
        column: 68,
        code: 'BW4013',
        path: '/plugins/notifier/dependencies/crm/integrationInterfaceAlias',
        related: [`hubspot.yaml:13:3 ${implementsHere('hubspot', 'crm', '2.0.0')}`, "notifier.yaml:6:30 'crm' takes 'crm' >=1.0.0 here"],
      },
    ])
  })

  it('Wiring (BW4008): at the undeclared key', () => {
    expectReported(fixtureDiagnostics('BW4008-misspelt-dependency')).toMatchObject([
      { file: 'support-bot.yaml', line: 18, column: 7, code: 'BW4008', path: '/plugins/summary/dependencies/lm', related: [] },
    ])
    expectReported(fixtureDiagnostics('BW4008-undeclared-dependency')).toMatchObject([
      { file: 'support-bot.yaml', line: 19, column: 7, code: 'BW4008', path: '/plugins/summary/dependencies/storage', related: [] },
    ])
  })

  it('BW4012 through a oneOf and an allOf branch: at the closing reference, the entities in its data', () => {
    const dir = tempDir()
    writeFileSync(
      join(dir, 'links.yaml'),
      'kind: interface\nname: links\nversion: 1.0.0\nentities:\n  first:\n    schema: { oneOf: [{ type: string }, { $entity: second }] }\n  second:\n    schema: { allOf: [{ $entity: first }] }\nactions: {}\n',
    )
    const { diagnostics } = checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir })
    expectReported(diagnostics).toMatchObject([
      {
        file: 'links.yaml',
        line: 8,
        column: 34,
        code: 'BW4012',
        path: '/entities/second/schema/allOf/0/$entity',
        related: ["links.yaml:6:52 'first' references 'second' here"],
      },
    ])
    expect(diagnostics.map((d) => d.data)).toEqual([{ entities: ['first', 'second', 'first'] }])
  })

  it('EntityCycle (BW4012, BW2012): at the reference that closes the cycle, with the others as related; at the entity that is not an object', () => {
    expectReported(fixtureDiagnostics('BW4012-entity-reference-cycle')).toMatchObject([
      {
        file: 'knowledge-base.yaml',
        line: 19,
        column: 22,
        code: 'BW4012',
        path: '/entities/articleLink/schema/anyOf/0/$entity',
        related: ["knowledge-base.yaml:15:16 'articleRef' references 'articleLink' here"],
      },
    ])
    expectReported(fixtureDiagnostics('BW4012-entity-references-itself')).toMatchObject([
      { file: 'labels.yaml', line: 9, column: 22, code: 'BW4012', path: '/entities/label/schema/anyOf/0/$entity', related: [] },
    ])
    expectReported(fixtureDiagnostics('BW2012-entity-is-not-an-object')).toMatchObject([
      { file: 'ticketing.yaml', line: 21, column: 18, code: 'BW2012', path: '/actions/getTicket/input/schema/$entity', related: [] },
    ])
  })

  it('BW4022: at the property, with the entity’s additionalProperties as related', () => {
    expectReported(fixtureDiagnostics('BW4022-property-added-to-closed-entity')).toMatchObject([
      {
        file: 'ticketing.yaml',
        line: 21,
        column: 15,
        code: 'BW4022',
        path: '/actions/updateTicket/input/schema/allOf/1/properties/priorty',
        related: ["ticketing.yaml:12:29 entity 'ticket' is closed here"],
      },
    ])
  })

  it('BW4001 inside a named schema an entity references: at the $defs entry', () => {
    const dir = tempDir()
    writeFileSync(
      join(dir, 'tree.yaml'),
      'kind: interface\nname: tree\nversion: 1.0.0\nentities:\n  leaf:\n    schema: { type: object, properties: { label: { type: string } } }\nactions: {}\n',
    )
    writeFileSync(
      join(dir, 'grove.yaml'),
      "kind: integration\nname: grove\nversion: 1.0.0\n$defs:\n  label: { type: integer }\nentities:\n  myLeaf:\n    schema: { type: object, properties: { label: { $ref: '#/$defs/label' } } }\ninterfaces:\n  tree: { name: tree, version: 1.0.0, entities: { leaf: myLeaf } }\n",
    )
    expectReported(checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir }).diagnostics).toMatchObject([
      {
        file: 'grove.yaml',
        line: 5,
        column: 3,
        code: 'BW4001',
        path: '/$defs/label',
        related: ["tree.yaml:6:43 the interface's schema (tree 1.0.0)", 'grove.yaml:10:57 the mapping'],
      },
    ])
  })

  it('BW4018: at the binding, with the own member, the part that does not fit and the interface’s part as related', () => {
    // a built-in interface's file is shown by its path in the package
    const builtin = (name: string) =>
      reported(fixtureDiagnostics(name)).map((p) => ({ ...p, related: p.related.map((r) => r.replace(/^.*[\\/]definitions[\\/]interfaces[\\/]/, 'builtin:')) }))
    expect(builtin('BW4018-bound-action-does-not-fit')).toMatchObject([
      {
        file: 'openai.yaml',
        line: 60,
        column: 32,
        code: 'BW4018',
        path: '/interfaces/llm/actions/generateContent/name',
        related: [
          "openai.yaml:38:3 the own action 'generateText'",
          'builtin:llm.yaml:98:9 the part that does not fit',
          'openai.yaml:44:20 what it is compared with',
        ],
      },
      {
        file: 'openai.yaml',
        line: 60,
        column: 32,
        code: 'BW4018',
        path: '/interfaces/llm/actions/generateContent/name',
        related: [
          "openai.yaml:38:3 the own action 'generateText'",
          'openai.yaml:50:9 the part that does not fit',
          'builtin:llm.yaml:121:20 what it is compared with',
        ],
      },
    ])
    expectReported(fixtureDiagnostics('BW4018-bound-event-and-channel-do-not-fit')).toMatchObject([
      {
        file: 'elastic.yaml',
        line: 23,
        column: 24,
        code: 'BW4018',
        path: '/interfaces/search/events/indexed/name',
        related: ["elastic.yaml:9:3 the own event 'reindexed'", 'elastic.yaml:10:43 the part that does not fit', 'search.yaml:13:43 what it is compared with'],
      },
      {
        file: 'elastic.yaml',
        line: 25,
        column: 25,
        code: 'BW4018',
        path: '/interfaces/search/channels/progress/name',
        related: ["elastic.yaml:12:3 the own channel 'status'"],
      },
      {
        file: 'elastic.yaml',
        line: 25,
        column: 25,
        code: 'BW4018',
        path: '/interfaces/search/channels/progress/name',
        related: ["elastic.yaml:12:3 the own channel 'status'", 'elastic.yaml:14:15 the part that does not fit', 'search.yaml:17:91 what it is compared with'],
      },
    ])
    expectReported(fixtureDiagnostics('BW4018-through-named-schemas')).toMatchObject([
      {
        file: 'elastic.yaml',
        line: 16,
        column: 30,
        code: 'BW4018',
        path: '/interfaces/search/actions/find/name',
        related: ["elastic.yaml:18:3 the own action 'query'", 'elastic.yaml:8:7 the part that does not fit', 'search.yaml:8:7 what it is compared with'],
      },
    ])
  })
})
