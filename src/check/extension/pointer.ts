// JSON pointers (RFC 6901) into schemas: property names are free strings, so escape them.

export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1')
}

export function joinPointer(base: string, ...segments: (string | number)[]): string {
  let pointer = base
  for (const segment of segments) pointer += `/${typeof segment === 'number' ? String(segment) : escapePointerSegment(segment)}`
  return pointer
}
