// Bad usage: reported in one line on stderr with code BW9002, exit code 2.
export class UsageError extends Error {}

export const EXIT = { ok: 0, definitionErrors: 1, usage: 2 } as const
