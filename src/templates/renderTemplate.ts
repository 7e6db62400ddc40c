// Renders the handlebars templates shipped in the package's templates/ folder.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import Handlebars from 'handlebars'
import { templatesDir } from '../load/packageRoot.js'

const compiled = new Map<string, HandlebarsTemplateDelegate>()

export function renderTemplate(relativePath: string, context: object): string {
  let template = compiled.get(relativePath)
  if (!template) {
    template = Handlebars.compile(readFileSync(join(templatesDir, relativePath), 'utf8'), { noEscape: true, strict: true })
    compiled.set(relativePath, template)
  }
  return template(context)
}
