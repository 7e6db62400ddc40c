// Which alternative of a union an ajv error comes from, when the alternative is a `$ref`.
// ajv reports an error inside a referenced schema under that schema's own path
// (`#/definitions/image/required`, or `#/properties/style/enum` when the reference is
// compiled as a function of its own), not under the union's `anyOf/0`: the path cannot
// tell. With ajv's `verbose` errors, each error carries the schema object it comes from
// (`parentSchema`) and a union's error carries its list of alternatives (`schema`): the
// objects an alternative refers to are noted here, once per compiled schema, by walking
// it, and looked up by identity for each error (no rescan of the errors or the schema).
// No platform imports: the runtime compiles without them.

/** For each union's list of alternatives: the schema objects that belong to one alternative, and its index. */
const owners = new WeakMap<object, Map<object, number>>()

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** The schema a local `$ref` (`#/definitions/button`) points to in `root`, or undefined. */
function resolveLocal(root: object, ref: string): Record<string, unknown> | undefined {
  if (ref === '#') return isObject(root) ? root : undefined
  if (!ref.startsWith('#/')) return undefined
  let current: unknown = root
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')
    if (!isObject(current) || !Object.hasOwn(current, key)) return undefined
    current = current[key]
  }
  return isObject(current) ? current : undefined
}

// a reference to a reference (`button: { $ref: '#/definitions/slackButton' }`) is followed this far
const MAX_ALIASES = 8

/** An alternative and what it refers to, through references to references: the schemas whose own errors are the alternative's. */
function ownSchemas(root: object, branch: Record<string, unknown>): Record<string, unknown>[] {
  const found = [branch]
  let current = branch
  for (let i = 0; i < MAX_ALIASES && typeof current['$ref'] === 'string'; i++) {
    const target = resolveLocal(root, current['$ref'])
    if (!target || found.includes(target)) break
    found.push(target)
    current = target
  }
  return found
}

function branchOwners(root: object, branches: unknown[]): Map<object, number> {
  const map = new Map<object, number>()
  const claim = (schema: unknown, index: number): void => {
    if (!isObject(schema)) return
    // a schema two alternatives share says nothing about which one: -1
    const before = map.get(schema)
    map.set(schema, before === undefined || before === index ? index : -1)
  }
  for (const [index, branch] of branches.entries()) {
    if (!isObject(branch)) continue
    for (const schema of ownSchemas(root, branch)) {
      claim(schema, index)
      // a property's own rule (`type: { const: image }`) is the alternative's too: its discriminator
      const properties = schema['properties']
      if (isObject(properties)) for (const child of Object.values(properties)) claim(child, index)
    }
  }
  return map
}

/** Notes every union of `root` (the schema as ajv compiles it), walking it once. */
export function noteUnionBranches(root: object): void {
  const seen = new Set<object>()
  const stack: unknown[] = [root]
  while (stack.length > 0) {
    const node = stack.pop()
    if (node === null || typeof node !== 'object' || seen.has(node)) continue
    seen.add(node)
    if (isObject(node)) {
      for (const keyword of ['anyOf', 'oneOf']) {
        const branches = node[keyword]
        if (Array.isArray(branches) && !owners.has(branches)) owners.set(branches, branchOwners(root, branches))
      }
    }
    for (const child of Object.values(node)) if (child !== null && typeof child === 'object') stack.push(child)
  }
}

/** The index of the alternative of the union whose alternatives are `branches` that the schema `from` belongs to, or undefined. */
export function branchOwning(branches: unknown, from: unknown): number | undefined {
  if (!Array.isArray(branches) || from === null || typeof from !== 'object') return undefined
  const index = owners.get(branches)?.get(from)
  return index === undefined || index < 0 ? undefined : index
}

/** How many alternatives a union has, when its error carries them (ajv's `verbose`). */
export function branchCount(branches: unknown): number | undefined {
  return Array.isArray(branches) ? branches.length : undefined
}
