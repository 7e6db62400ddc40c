// serve fails fast on secrets (docs/deploying.md#the-bots-secrets): once the runtime is
// made and before the host listens, serve asks it for the secrets its bot needs and the
// environment does not set (runtime.missingSecrets()), and refuses to start while any is
// missing, rather than serve a bot whose every call that needs one answers 500 MISSING_SECRET.
// The runtime keeps reading secrets at each call (docs/decisions.md, "serve refuses to start
// without the bot's secrets").
import type { MissingSecret } from '@botwire/runtime'
import { ServeUsageError } from './serveUsage.js'

/**
 * Throws the bad usage that names every secret the runtime's bot needs and is not set, and
 * where; returns when none is missing. A runtime without `missingSecrets` is of an older
 * @botwire/runtime than the host's: bad usage too, rather than a bot served unchecked.
 */
export function refuseMissingSecrets(command: string, moduleFile: string, runtime: { missingSecrets?: unknown }): void {
  if (typeof runtime.missingSecrets !== 'function')
    throw new ServeUsageError(
      `${moduleFile}'s runtime has no missingSecrets(): its @botwire/runtime is older than @botwire/host; install the same version of both`,
    )
  const missing = (runtime.missingSecrets as () => readonly MissingSecret[])()
  if (missing.length === 0) return
  // each as the MISSING_SECRET a call would fail with says it
  throw new ServeUsageError(`${command} cannot start the bot: MISSING_SECRET: ${missing.map((m) => m.message).join('; ')}`)
}
