// JSON pointers (RFC 6901) into definitions and schemas: keys and property names are
// free strings, so escape them.

export function escapePointerSegment(segment: string): string {
  // most names need nothing; skip the two replaces for them
  if (!segment.includes('~') && !segment.includes('/')) return segment
  return segment.replace(/~/g, '~0').replace(/\//g, '~1')
}

export function joinPointer(base: string, ...segments: (string | number)[]): string {
  let pointer = base
  for (const segment of segments) pointer += `/${typeof segment === 'number' ? String(segment) : escapePointerSegment(segment)}`
  return pointer
}

/** Whether `pointer` is `ancestor` or lies below it (`/a/b` is within `/a`, `/ab` is not). */
export function isWithinPointer(pointer: string, ancestor: string): boolean {
  return pointer === ancestor || pointer.startsWith(`${ancestor}/`)
}

/** The segments of a pointer, unescaped ('' and '/' are the root). */
export function parsePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return []
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
}

/** The pointer of a path from the root. */
export function formatPointer(segments: readonly (string | number)[]): string {
  return joinPointer('', ...segments)
}
