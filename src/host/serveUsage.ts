// Bad usage of serve (the host's `botwire-serve` and the compiler's `botwire serve`): a
// module, a flag or a store the deployment has to fix. Told apart by its name, since the
// compiler's CLI, which reports it as BW9002 and exits 2, cannot import the host's class.
export class ServeUsageError extends Error {
  override name = 'ServeUsageError'
}
