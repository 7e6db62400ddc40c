// Runs a generated module's code and returns its exports: its types stripped (esbuild, as
// CommonJS) and its imports answered by `require`. esbuild strips a module in about a
// millisecond; TypeScript's transpileModule took ten times as long, a second or two of each
// test that evaluates every golden module.
import { transformSync } from 'esbuild'

export function evaluateModule(path: string, text: string, require: (specifier: string) => unknown): Record<string, unknown> {
  const { code } = transformSync(text, { loader: 'ts', format: 'cjs', target: 'es2022', sourcefile: path })
  const module: { exports: Record<string, unknown> } = { exports: {} }
  new Function('module', 'exports', 'require', code)(module, module.exports, require)
  return module.exports
}
