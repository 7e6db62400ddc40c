// The places (JSON pointers) of a file's shape errors, for the passes that check the rest
// of a broken file and leave alone what is on the way to an error or inside one. Asked
// about each node, a list of the errors made that work grow with the product of nodes and
// errors (1 MiB of shape errors took minutes); here each question costs the depth of the
// node's pointer, whatever the number of errors.

export class ProblemPlaces {
  /** the errors' own places */
  private readonly places = new Set<string>()
  /** every pointer at or on the way to an error's place (the root '' included) */
  private readonly around = new Set<string>()
  /** whether an error has no place (then nothing in the file counts as clear of errors) */
  readonly unplaced: boolean

  constructor(problems: readonly { path?: string | undefined }[]) {
    let unplaced = false
    for (const { path } of problems) {
      if (path === undefined) {
        unplaced = true
        continue
      }
      this.places.add(path)
      // '/a/b' is at '/a/b', on the way from '/a' and from ''; a pointer's segments never hold a '/' (escaped as ~1)
      for (let end = path.length; end >= 0; end = path.lastIndexOf('/', end - 1)) {
        const ancestor = path.slice(0, end)
        if (this.around.has(ancestor)) break // and so are all of its own ancestors
        this.around.add(ancestor)
        if (end === 0) break
      }
    }
    this.unplaced = unplaced
  }

  /** Whether an error is at `pointer` or inside it. */
  hasWithin(pointer: string): boolean {
    return this.around.has(pointer)
  }

  /**
   * Whether `pointer` is an error's place, on the way to one or inside one, counting only
   * the errors at or inside `within` (an ancestor of `pointer`, or itself).
   */
  touches(pointer: string, within = ''): boolean {
    if (this.around.has(pointer)) return true
    if (this.places.size === 0) return false
    // inside an error: its place is `pointer` cut at a segment's end, no shorter than `within`
    for (let end = pointer.indexOf('/', within.length + 1); end >= 0; end = pointer.indexOf('/', end + 1)) {
      if (this.places.has(pointer.slice(0, end))) return true
    }
    return this.places.has(within)
  }
}
