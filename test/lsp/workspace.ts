// A small workspace for the language server's tests: an interface, an integration that
// implements it, a plugin that uses it and a bot that wires the two; `note` is written in
// three files (the interface's entity, the integration's mapping, the plugin's $entity).
import { tempDir, writeFiles } from '../support/cli.js'

export const NOTES = `kind: interface
name: notes
version: 1.0.0
title: Notes
description: Keep short notes.
entities:
  note:
    title: Note
    description: One short note.
    schema:
      type: object
      properties:
        id: { type: string }
        text: { type: string, minLength: 1 }
        author: { $entity: author }
      required: [id, text]
  author:
    schema: { type: object, properties: { name: { type: string } }, required: [name] }
actions:
  addNote:
    title: Add a note
    input: { schema: { type: object, properties: { text: { type: string } }, required: [text] } }
    output: { schema: { type: object, properties: { note: { $entity: note } }, required: [note] } }
events:
  noteAdded:
    schema: { type: object, properties: { note: { $entity: note } }, required: [note] }
`

export const NOTEBOOK = `kind: integration
name: notebook
version: 1.0.0
configuration:
  schema: { type: object, properties: { token: { type: string, secret: true }, region: { type: string, title: Region, description: Where the notebook is kept } }, required: [token] }
entities:
  page:
    schema:
      type: object
      properties:
        id: { type: string }
        text: { type: string, minLength: 1 }
        author: { $entity: writer }
      required: [id, text]
  writer:
    schema: { type: object, properties: { name: { type: string } }, required: [name] }
interfaces:
  notes:
    name: notes
    version: 1.0.0
    entities:
      note: page
      author: writer
    actions:
      addNote: { name: writePage }
`

export const DIGEST = `kind: plugin
name: digest
version: 0.1.0
interfaces:
  notes: { name: notes, version: ^1.0.0 }
actions:
  digest:
    input: { schema: { type: object, properties: { note: { $entity: notes.note } }, required: [note] } }
    output: { schema: { type: object, properties: { summary: { type: string } }, required: [summary] } }
`

export const DESK = `kind: bot
name: desk
integrations:
  book:
    integration: notebook
    version: 1.0.0
    configuration: { token: { $secret: NOTEBOOK_TOKEN } }
plugins:
  digest:
    plugin: digest
    version: ^0.1.0
    dependencies:
      notes: { integrationAlias: book, integrationInterfaceAlias: notes }
`

export const FILES = {
  'definitions/interfaces/notes.yaml': NOTES,
  'definitions/integrations/notebook.yaml': NOTEBOOK,
  'definitions/plugins/digest.yaml': DIGEST,
  'definitions/bots/desk.yaml': DESK,
}

export function notesWorkspace(): string {
  const root = tempDir('botwire-lsp-')
  writeFiles(root, FILES)
  return root
}
