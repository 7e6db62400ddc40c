// Where the tests keep the projects they make as a user would (test/support/packedProject.ts:
// the packed tarballs, the installed projects, the production installs, each run's copies):
// outside this repository, in the system's temporary folder, one folder per checkout. Inside
// the repository a project's `import` would find what its own node_modules lacks in the
// repository's node_modules (Node looks in every ancestor's node_modules), and a package
// that forgot a dependency would still run in the tests.
import { createHash } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..', '..')

/**
 * The checkout's folder of made projects: `botwire-test-projects-<a hash of the checkout's
 * path>` beside the run's temporary folder (test/support/testTempFolders.ts), or in the
 * temporary folder when the tests run without vitest.config.ts's setup.
 */
export const projectsFolder =
  process.env.BOTWIRE_TEST_PROJECTS ?? join(tmpdir(), `botwire-test-projects-${createHash('sha256').update(root).digest('hex').slice(0, 12)}`)
