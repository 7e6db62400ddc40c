// Rules on objects (TypeScript-style assignability, checked structurally):
// - every property T requires, S requires;
// - every property both declare: S's extends T's;
// - a property only S declares must be allowed by T: T open admits it, T's
//   `additionalProperties` schema must be extended by it, T closed forbids it;
// - a property T declares and S does not: S closed never carries it; S with an
//   `additionalProperties` schema may, so that schema must extend T's property;
//   S open may carry any value there, which docs/entity-extension.md#objects allows anyway (as TypeScript
//   does; see docs/entity-extension.md);
// - T closed needs S closed; T's `additionalProperties` schema needs S's to extend it.

import { type Comparison, compareChild, fail, targetLabel } from './context.js'
import type { SchemaLocation } from './extensionTypes.js'
import { own } from './own.js'
import type { SchemaNode } from './types.js'
import { childView, isUnconstrained, keywordLocation, locationOf, type View } from './view.js'

type Extra = { kind: 'open' } | { kind: 'closed' } | { kind: 'schema'; view: View }

/** What an object admits beyond its declared properties. */
function extraOf(view: View, isEmpty: (node: SchemaNode) => boolean): Extra {
  const extra = view.node.additionalProperties
  if (extra === undefined || extra === true) return { kind: 'open' }
  if (extra === false) return { kind: 'closed' }
  if (isUnconstrained(extra)) return { kind: 'open' }
  if (isEmpty(extra)) return { kind: 'closed' }
  return { kind: 'schema', view: childView(view, extra, 'additionalProperties') }
}

export function compareObjects(c: Comparison): void {
  const s = c.s.node
  const t = c.t.node
  const label = targetLabel(c)
  const sProperties = s.properties ?? {}
  const tProperties = t.properties ?? {}
  const sRequired = new Set(s.required ?? [])
  const subjectEmpty = (node: SchemaNode): boolean => c.ctx.subject.inhabitation.isEmpty(node)
  const sExtra = extraOf(c.s, subjectEmpty)
  const tExtra = extraOf(c.t, () => false)

  const reported = new Set<string>()
  for (const [i, name] of (t.required ?? []).entries()) {
    if (sRequired.has(name) || reported.has(name)) continue
    reported.add(name)
    const declared = own(sProperties, name) !== undefined
    fail(
      c,
      s.required === undefined ? locationOf(c.s) : keywordLocation(c.s, 'required'),
      keywordLocation(c.t, 'required', i),
      `property '${name}' is required by ${label} but ${declared ? 'optional' : 'missing'} here`,
    )
  }

  for (const [name, tProperty] of Object.entries(tProperties)) {
    const target = childView(c.t, tProperty, 'properties', name)
    const sProperty = own(sProperties, name)
    if (sProperty !== undefined) {
      compareChild(c, childView(c.s, sProperty, 'properties', name), target, true)
    } else if (reported.has(name)) {
    } else if (sExtra.kind === 'schema') {
      compareChild(c, sExtra.view, target, true)
    } else if (sExtra.kind === 'open' && sRequired.has(name)) {
      fail(c, locationOf(c.s), locationOf(target), `property '${name}' is required here but has no schema, so it may hold any value`)
    } else if (sExtra.kind === 'open' && c.s.alsoDeclared?.has(name) === true) {
      fail(c, locationOf(c.s), locationOf(target), `property '${name}' is declared beside this schema, in a union branch`)
    }
    // closed: S never carries it; open and optional: allowed (docs/entity-extension.md#objects, TypeScript-style)
  }

  for (const [name, sProperty] of Object.entries(sProperties)) {
    if (own(tProperties, name) !== undefined || subjectEmpty(sProperty)) continue
    const subject = childView(c.s, sProperty, 'properties', name)
    if (tExtra.kind === 'closed') {
      fail(c, locationOf(subject), closedAt(c.t), `property '${name}' is not allowed by ${label} (additionalProperties: false)`)
    } else if (tExtra.kind === 'schema') {
      compareChild(c, subject, tExtra.view, true)
    }
  }

  if (sExtra.kind === 'closed' || tExtra.kind === 'open') return
  const subjectExtraAt = s.additionalProperties === undefined ? locationOf(c.s) : keywordLocation(c.s, 'additionalProperties')
  if (tExtra.kind === 'closed') {
    fail(
      c,
      subjectExtraAt,
      closedAt(c.t),
      `${label} is closed (additionalProperties: false), so this object must be closed too, but it admits ${sExtra.kind === 'open' ? 'any' : 'other'} properties`,
    )
  } else if (sExtra.kind === 'schema') {
    compareChild(c, sExtra.view, tExtra.view, true)
  } else {
    fail(
      c,
      subjectExtraAt,
      locationOf(tExtra.view),
      `extra properties may hold any value here, but ${label} requires them to match its additionalProperties schema`,
    )
  }
}

function closedAt(view: View): SchemaLocation {
  return keywordLocation(view, 'additionalProperties')
}
