// Type-level assertion helpers. A test here is a line that must compile, or a line
// under `// @ts-expect-error [TSxxxx "text"] why` that must fail with that code and
// message text; test/pipeline/typeTests.test.ts checks each expectation's reason.

/** Exactly the same type (not just mutually assignable). */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false

/** Compiles only when T is `true`. */
export function expectTrue<_T extends true>(): void {}

/** Whether A is assignable to B. */
export type Extends<A, B> = [A] extends [B] ? true : false
