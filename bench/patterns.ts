// The cost of running schema patterns on the linear-time engine (re2js) rather than
// JavaScript's RegExp (docs/decisions.md, "Patterns run on a linear-time engine"): the same
// ajv setup the checks and the runtime use (createValueAjv), validating objects whose
// strings carry the patterns definitions typically use, with the linear engine and with
// native RegExp; and what loading re2js costs a fresh process. Ratios to RegExp, same run.
//
// usage: tsx bench/patterns.ts [--quick]
import { execFileSync } from 'node:child_process'
import { parseArgs } from 'node:util'
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import { createValueAjv } from '../src/jsonSchema/valueAjv.js'

const { values: flags } = parseArgs({ options: { quick: { type: 'boolean', default: false } } })
const VALUES = flags.quick ? 20_000 : 200_000
const RUNS = flags.quick ? 1 : 5

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', pattern: '^[a-zA-Z0-9_-]{1,64}$' },
    subdomain: { type: 'string', pattern: '^[a-z0-9-]+$' },
    ticket: { type: 'string', pattern: '^T-[0-9]+$' },
    note: { type: 'string', pattern: '^[^<>]*$' },
  },
}
const values = Array.from({ length: 1000 }, (_, i) => ({
  name: `user_${i}`,
  subdomain: `acme-${i % 37}`,
  ticket: `T-${1000 + i}`,
  note: i % 3 === 0 ? 'please look at this asap, thank you' : 'a routine question about the invoice sent last week',
}))

/** ajv as createValueAjv sets it up, with its `pattern`s on native RegExp instead. */
class NativeAjv extends Ajv {
  constructor(options: ConstructorParameters<typeof Ajv>[0]) {
    super({
      ...options,
      code: { ...options?.code, regExp: Object.assign((source: string, flags: string) => new RegExp(source, flags), { code: 'new RegExp' }) },
    })
  }
}

function cpuMs(run: () => void): number {
  let best = Number.POSITIVE_INFINITY
  for (let i = 0; i <= RUNS; i++) {
    const start = process.cpuUsage()
    run()
    const used = process.cpuUsage(start)
    if (i > 0) best = Math.min(best, (used.user + used.system) / 1000)
  }
  return best
}

function validations(ajv: Ajv): () => void {
  const validate = ajv.compile(schema)
  return () => {
    for (let i = 0; i < VALUES; i++) if (!validate(values[i % values.length])) throw new Error('expected valid')
  }
}

const linear = cpuMs(validations(createValueAjv(Ajv, addFormats.default)))
const native = cpuMs(validations(createValueAjv(NativeAjv, addFormats.default)))

const importMs = (module: string): number => {
  const script = `const s=process.cpuUsage();await import(${JSON.stringify(module)});const u=process.cpuUsage(s);console.log((u.user+u.system)/1000)`
  const samples = Array.from({ length: 5 }, () => Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })))
  return samples.sort((a, b) => a - b)[2] ?? Number.NaN
}

console.log('| | CPU ms | ratio to RegExp |')
console.log('|---|---:|---:|')
console.log(
  `| ${VALUES.toLocaleString('en-US')} objects, 4 patterned strings each, linear engine (re2js) | ${linear.toFixed(0)} | ${(linear / native).toFixed(2)}× |`,
)
console.log(`| the same, native RegExp | ${native.toFixed(0)} | 1× |`)
console.log(`\nper patterned string: ${((linear / VALUES / 4) * 1000).toFixed(2)} µs (re2js) vs ${((native / VALUES / 4) * 1000).toFixed(2)} µs (RegExp)`)
console.log(`importing re2js in a fresh process: ${importMs('re2js').toFixed(1)} ms CPU (median of 5); ajv: ${importMs('ajv').toFixed(1)} ms`)
