// Unpacks the tar of the embedded store's empty-database template (written by
// scripts/emptyDatabaseTemplate.mjs): ustar entries of folders and files only, each header's
// checksum checked, no name leaving the folder it unpacks into.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const BLOCK = 512

function field(header: Uint8Array, offset: number, length: number): string {
  const bytes = header.subarray(offset, offset + length)
  const end = bytes.indexOf(0)
  return Buffer.from(end === -1 ? bytes : bytes.subarray(0, end)).toString('utf8')
}

function octal(header: Uint8Array, offset: number, length: number): number {
  const text = field(header, offset, length).trim()
  if (!/^[0-7]+$/.test(text)) throw new Error(`the archive has a header whose number field reads '${text}'`)
  return Number.parseInt(text, 8)
}

/** The sum of the header's bytes with its checksum field read as spaces, as ustar defines it. */
function checksumOf(header: Uint8Array): number {
  let sum = 0
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (header[i] as number)
  return sum
}

/** Writes the folders and files of `tar` below `into` (which exists); throws on any other entry, a bad header or a cut archive. */
export function unpackTar(tar: Uint8Array, into: string): void {
  for (let offset = 0; offset + BLOCK <= tar.length; ) {
    const header = tar.subarray(offset, offset + BLOCK)
    if (header.every((byte) => byte === 0)) return
    if (octal(header, 148, 8) !== checksumOf(header)) throw new Error(`the archive's header at byte ${offset} fails its checksum`)
    const prefix = field(header, 345, 155)
    const name = prefix === '' ? field(header, 0, 100) : `${prefix}/${field(header, 0, 100)}`
    if (name.startsWith('/') || name.split('/').includes('..')) throw new Error(`the archive names '${name}', outside the folder it unpacks into`)
    const size = octal(header, 124, 12)
    const type = String.fromCharCode(header[156] as number)
    const start = offset + BLOCK
    if (start + size > tar.length) throw new Error(`the archive is cut short in '${name}'`)
    if (type === '5') mkdirSync(join(into, name), { recursive: true })
    else if (type === '0' || type === '\0') writeFileSync(join(into, name), tar.subarray(start, start + size))
    else throw new Error(`the archive holds '${name}' of type '${type}': only folders and files are expected`)
    offset = start + Math.ceil(size / BLOCK) * BLOCK
  }
  throw new Error('the archive is cut short: it has no end blocks')
}
