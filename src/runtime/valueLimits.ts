// The limits on every value that comes into the runtime from outside (docs/runtime.md#value-limits):
// messages, action inputs and outputs, event payloads, channel messages, configurations.
// One walk, without recursion, looks at a value before anything recursive does (ajv,
// defaults, JSON copies): how deep it nests, how large its JSON text is, and what JSON
// cannot hold. It stops at the first limit it finds, so its work is bounded by the
// limits, whatever it is given.
import { quoted } from '../jsonSchema/quoting.js'
import { joinPath } from '../jsonSchema/valueIssues.js'

/** How deep a value may nest when `createRuntime({ valueLimits })` does not say: objects and lists in each other. */
export const DEFAULT_MAX_DEPTH = 64
/** How large a value's JSON text may be, in UTF-8 bytes, when `createRuntime({ valueLimits })` does not say: 1 MiB. */
export const DEFAULT_MAX_BYTES = 1_048_576

/** `createRuntime({ valueLimits })`. */
export interface ValueLimitOptions {
  /** how many levels of objects and lists a value may nest: `{}` is 1, `{ a: [] }` is 2; default 64 */
  maxDepth?: number | undefined
  /** how many bytes a value's JSON text (UTF-8) may have; default 1,048,576 (1 MiB) */
  maxBytes?: number | undefined
}

export interface ValueLimits {
  readonly maxDepth: number
  readonly maxBytes: number
}

export const DEFAULT_VALUE_LIMITS: ValueLimits = { maxDepth: DEFAULT_MAX_DEPTH, maxBytes: DEFAULT_MAX_BYTES }

function isLimit(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0
}

/** The limits of one runtime, from its options (a value that is not a limit is one of `valueLimitOptionIssues`). */
export function resolveValueLimits(options: ValueLimitOptions | undefined): ValueLimits {
  return {
    maxDepth: isLimit(options?.maxDepth) ? options.maxDepth : DEFAULT_MAX_DEPTH,
    maxBytes: isLimit(options?.maxBytes) ? options.maxBytes : DEFAULT_MAX_BYTES,
  }
}

/** What is wrong with `createRuntime({ valueLimits })`: none when it is absent or valid. */
export function valueLimitOptionIssues(options: unknown): string[] {
  if (options === undefined) return []
  if (options === null || typeof options !== 'object' || Array.isArray(options)) return ['valueLimits: must be an object { maxDepth?, maxBytes? }']
  const issues: string[] = []
  for (const [key, value] of Object.entries(options)) {
    if (key !== 'maxDepth' && key !== 'maxBytes') issues.push(`valueLimits.${key}: is not a value limit (the limits are maxDepth and maxBytes)`)
    else if (value !== undefined && !isLimit(value))
      issues.push(`valueLimits.${key}: must be a positive whole number, not ${typeof value === 'number' ? String(value) : typeof value}`)
  }
  return issues
}

/** One place in the value being walked; its path is built only when an issue names it. */
interface Place {
  readonly node: unknown
  readonly parent: Place | undefined
  readonly key: string
  readonly inList: boolean
  readonly depth: number
}

function pathOf(place: Place, root: string, whole: string): string {
  const keys: Place[] = []
  for (let at: Place | undefined = place; at?.parent !== undefined; at = at.parent) keys.push(at)
  let path = root
  for (const at of keys.reverse()) {
    if (at.inList) path = `${path}[${at.key}]`
    // a key of digits in an object is a key, not an index
    else if (/^\d+$/.test(at.key)) path = `${path}[${quoted(at.key)}]`
    else path = path === '' ? joinPath('', at.key).replace(/^\./, '') : joinPath(path, at.key)
  }
  return path === '' ? whole : path
}

/** The UTF-8 length of a string's JSON text (quotes and escapes included), as JSON.stringify writes it. */
function jsonStringBytes(text: string): number {
  let bytes = 2
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    if (unit === 0x22 || unit === 0x5c) bytes += 2
    else if (unit < 0x20) bytes += unit === 0x08 || unit === 0x09 || unit === 0x0a || unit === 0x0c || unit === 0x0d ? 2 : 6
    else if (unit < 0x80) bytes += 1
    else if (unit < 0x800) bytes += 2
    else if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4
        i++
      } else bytes += 6 // a lone surrogate: JSON.stringify writes \udXXX
    } else if (unit >= 0xdc00 && unit <= 0xdfff) bytes += 6
    else bytes += 3
  }
  return bytes
}

/** How deep plainJsonBytes looks before it leaves a value to the walk. */
const PLAIN_DEPTH = 4

/** `String(n).length` for a finite number; an integer's digits are counted without making its text. */
export function numberLength(n: number): number {
  if (!Number.isInteger(n) || n <= -1e15 || n >= 1e15) return String(n).length
  // -0 is written 0; below 1e15 every power of ten compares exactly
  let length = n < 0 ? 2 : 1
  let rest = Math.abs(n)
  while (rest >= 10) {
    rest = Math.floor(rest / 10)
    length++
  }
  return length
}

/**
 * The bytes of `value`'s JSON text when it is plain JSON (strings, finite numbers, booleans,
 * null, lists and objects of them, no property left out) nested at most PLAIN_DEPTH and
 * maxDepth levels below `depth`; -1 for anything else, which the walk then inspects (cycles
 * end at the depth bound). Counted as the walk counts them.
 */
function plainJsonBytes(value: unknown, depth: number, limits: ValueLimits): number {
  switch (typeof value) {
    case 'string':
      return jsonStringBytes(value)
    case 'number':
      return Number.isFinite(value) ? numberLength(value) : -1
    case 'boolean':
      return value ? 4 : 5
    case 'object': {
      if (value === null) return 4
      if (depth >= PLAIN_DEPTH || depth >= limits.maxDepth) return -1
      let bytes = 2
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const item = plainJsonBytes(value[i], depth + 1, limits)
          if (item < 0) return -1
          bytes += item + (i > 0 ? 1 : 0)
        }
        return bytes
      }
      let written = 0
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue
        const child = plainJsonBytes((value as { [key: string]: unknown })[key], depth + 1, limits)
        if (child < 0) return -1
        bytes += jsonStringBytes(key) + 1 + child + (written > 0 ? 1 : 0)
        written++
      }
      return bytes
    }
    default:
      return -1
  }
}

/** Whether JSON.stringify leaves an object's property out (and writes `null` for a list item). */
function isOmitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol'
}

/** What one walk of a value found: the limit it is over (the walk stopped there), or else what JSON cannot hold in it. */
export interface ValueShape {
  overLimit: string | undefined
  notJson: string[]
}

/**
 * What is wrong with `value` before any schema is asked: a limit it is over (and then
 * that alone: the walk stops there), or what JSON cannot hold, which ajv lets through (its
 * `number` admits NaN and Infinity) and a stored copy would change or lose: non-finite
 * numbers, bigints, functions, symbols, `undefined` in a list, and cycles. Values are
 * stored and passed on as JSON. `root` names the value in the issues; `''` names its parts
 * as they are (`payload.text`, for a message), and the value itself `whole`.
 */
export function inspectValue(value: unknown, root: string, limits: ValueLimits, whole = root, plain = plainJsonBytes(value, 0, limits)): ValueShape {
  // most values are small and plain: counted by a short recursion (plain, unless the caller did), without the walk's bookkeeping
  if (plain >= 0 && plain <= limits.maxBytes) return { overLimit: undefined, notJson: [] }
  const issues: string[] = []
  // the objects on the way from the root to where the walk is: a cycle comes back to one
  const ancestors = new Set<object>()
  // a place to visit, or the end of an object or list (its children are done)
  const stack: Array<Place | { leaving: object }> = [{ node: value, parent: undefined, key: '', inList: false, depth: 0 }]
  let bytes = 0
  const tooLarge = (): ValueShape => ({
    overLimit: `${whole}: is larger than ${limits.maxBytes} bytes as JSON, the runtime's limit (valueLimits.maxBytes)`,
    notJson: [],
  })
  while (stack.length > 0) {
    const entry = stack.pop() as Place | { leaving: object }
    if ('leaving' in entry) {
      ancestors.delete(entry.leaving)
      continue
    }
    const { node } = entry
    switch (typeof node) {
      case 'string':
        // every UTF-16 unit is at least one byte: a string that long is over without reading it
        bytes += node.length + 2 > limits.maxBytes - bytes ? node.length + 2 : jsonStringBytes(node)
        break
      case 'number':
        if (Number.isFinite(node)) bytes += String(node).length
        else {
          bytes += 4
          issues.push(`${pathOf(entry, root, whole)}: must be a finite number, not ${String(node)} (JSON has no ${String(node)})`)
        }
        break
      case 'boolean':
        bytes += node ? 4 : 5
        break
      case 'bigint':
      case 'function':
      case 'symbol':
        bytes += 4
        issues.push(`${pathOf(entry, root, whole)}: must be a JSON value, not a ${typeof node}`)
        break
      case 'undefined':
        bytes += 4
        if (entry.inList) issues.push(`${pathOf(entry, root, whole)}: must be a JSON value, not undefined`)
        break
      case 'object': {
        if (node === null) {
          bytes += 4
          break
        }
        if (ancestors.has(node)) {
          issues.push(`${pathOf(entry, root, whole)}: refers back to itself (a cycle), which JSON cannot hold`)
          break
        }
        const depth = entry.depth + 1
        if (depth > limits.maxDepth) {
          return {
            overLimit: `${pathOf(entry, root, whole)}: nests deeper than ${limits.maxDepth} levels of objects and lists, the runtime's limit (valueLimits.maxDepth)`,
            notJson: [],
          }
        }
        ancestors.add(node)
        stack.push({ leaving: node })
        const children: Place[] = []
        if (Array.isArray(node)) {
          const list = node as unknown[]
          bytes += 2 + Math.max(0, list.length - 1)
          for (let i = 0; i < list.length; i++) children.push({ node: list[i], parent: entry, key: String(i), inList: true, depth })
        } else {
          const record = node as { [key: string]: unknown }
          let written = 0
          for (const key of Object.keys(record)) {
            const child = record[key]
            // a plain string (most of a wide object): counted here, no place to visit
            if (typeof child === 'string' && child.length + 2 <= limits.maxBytes - bytes) {
              bytes += jsonStringBytes(key) + 1 + (written > 0 ? 1 : 0) + jsonStringBytes(child)
              written++
              if (bytes > limits.maxBytes) return tooLarge()
              continue
            }
            if (isOmitted(child)) {
              // left out of the JSON text, but still not JSON: a function or symbol is an issue
              if (child !== undefined) children.push({ node: child, parent: entry, key, inList: false, depth })
              continue
            }
            // `"key":` and the comma before every property but the first
            bytes += jsonStringBytes(key) + 1 + (written > 0 ? 1 : 0)
            written++
            children.push({ node: child, parent: entry, key, inList: false, depth })
            if (bytes > limits.maxBytes) return tooLarge()
          }
          bytes += 2
        }
        // first child on top: issues come out in the value's order
        for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Place)
        break
      }
      default:
        break
    }
    if (bytes > limits.maxBytes) return tooLarge()
  }
  return { overLimit: undefined, notJson: issues }
}

/**
 * The issue of a value that throws when it is read (a getter, a Proxy's trap: code a user
 * wrote handed it over), which JSON cannot hold either; what it threw is not repeated.
 */
export function unreadable(whole: string): string {
  return `${whole}: cannot be read (a getter or a Proxy in it threw), which JSON cannot hold`
}

/** `inspectValue`'s issues: the limit, or else what JSON cannot hold (a value that throws when read included). */
export function valueShapeIssues(value: unknown, root: string, limits: ValueLimits): string[] {
  try {
    // a small plain value (most): no inspection result made for it
    const plain = plainJsonBytes(value, 0, limits)
    if (plain >= 0 && plain <= limits.maxBytes) return []
    const { overLimit, notJson } = inspectValue(value, root, limits, root, plain)
    return overLimit === undefined ? notJson : [overLimit]
  } catch {
    return [unreadable(root)]
  }
}

/** The limit `value` is over, or that it cannot be read, as an issue, or undefined; `whole`: what to call the value when `root` is `''`. */
export function valueLimitIssue(value: unknown, root: string, limits: ValueLimits, whole = root): string | undefined {
  try {
    return inspectValue(value, root, limits, whole).overLimit
  } catch {
    return unreadable(whole)
  }
}
