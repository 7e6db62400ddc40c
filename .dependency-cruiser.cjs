// The layering of src/: each folder is a stage, and a stage imports only the stages
// below it, so folders never import each other in a circle. `npm test` runs this
// (test/architecture/layers.test.ts, as `npm run lint:layers` does) and proves a violation fails it.
/** Bottom to top. A folder may import its own files and the folders listed before it. */
const LAYERS = [
  'jsonSchema', // the JSON Schema core: types, pointers, equality, extension, values, formats, ajv
  'source', // a definition file's text and node positions
  'diagnostics',
  'load',
  'validate',
  'resolve',
  'lower', // below check: the checks judge values by the JSON Schemas the runtime will validate with
  'versioning', // below check: the versions a workspace holds are compared as `diff` compares them
  'check',
  'emit',
  'write',
  'pipeline',
  'diff',
  'templates',
  'stubs', // implementation files: written and updated with ts-morph, recorded in the manifest
  'lsp', // the language server: takes a checked workspace from the pipeline; beside cli at the top
  'cli',
]

const layerRules = LAYERS.slice(0, -1).map((folder, index) => ({
  name: `layer-${folder}`,
  comment: `src/${folder}/ is below ${LAYERS.slice(index + 1).join(', ')}: it may import only ${[...LAYERS.slice(0, index), 'runtime'].join(', ')}`,
  severity: 'error',
  from: { path: `^src/${folder}/` },
  to: { path: `^src/(${LAYERS.slice(index + 1).join('|')})/` },
}))

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'modules must not import each other in a circle',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-imports-nothing',
      comment: 'the JSON Schema core (src/jsonSchema/) imports nothing else of botwire',
      severity: 'error',
      from: { path: '^src/jsonSchema/' },
      to: { path: '^src/', pathNot: '^src/jsonSchema/' },
    },
    {
      name: 'runtime-depends-on-core-alone',
      comment: 'the runtime (@botwire/runtime) imports only its own files and the JSON Schema core',
      severity: 'error',
      from: { path: '^src/runtime/' },
      to: { path: '^src/', pathNot: '^src/(runtime|jsonSchema)/' },
    },
    {
      name: 'compiler-imports-the-runtime-package',
      comment: 'the runtime is its own package (@botwire/runtime): the compiler imports it by that name, through its index, never a file inside it',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/runtime/' },
      to: { path: '^src/runtime/', pathNot: '^src/runtime/index\\.ts$' },
    },
    {
      name: 'stores-import-the-runtime-alone',
      comment: 'the stores (@botwire/store-postgres, @botwire/store-embedded) import their own files and the runtime by its package name, never the compiler',
      severity: 'error',
      from: { path: '^src/stores/' },
      to: { path: '^src/', pathNot: '^src/(stores/|runtime/index\\.ts$)' },
    },
    {
      name: 'nothing-imports-the-stores',
      comment: 'the stores are packages of their own that a bot installs beside the runtime: neither the runtime nor the compiler imports them',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/stores/' },
      to: { path: '^src/stores/' },
    },
    {
      name: 'host-imports-the-runtime-alone',
      comment: 'the host (@botwire/host) imports its own files and the runtime by its package name, never the compiler or a store',
      severity: 'error',
      from: { path: '^src/host/' },
      to: { path: '^src/', pathNot: '^src/(host/|runtime/index\\.ts$)' },
    },
    {
      name: 'nothing-imports-the-host',
      comment: 'the host is a package of its own that a bot installs beside the runtime: neither the runtime, the stores nor the compiler imports it',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/host/' },
      to: { path: '^src/host/' },
    },
    {
      name: 'no-pass-imports-cli',
      comment: 'only the command line prints: nothing outside src/cli/ imports it',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/cli/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'nothing-imports-the-api',
      comment: 'src/index.ts is the package entry; nothing inside src/ imports it',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/index\\.ts$' },
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/validate/compiled/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
}
