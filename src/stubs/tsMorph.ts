// ts-morph, loaded only by the commands that read or write implementation files: it costs
// more than a second to load, which `check` and `generate` must not pay.
import type * as TsMorph from 'ts-morph'

export type TsMorphModule = typeof TsMorph

let loaded: Promise<TsMorphModule> | undefined

export function loadTsMorph(): Promise<TsMorphModule> {
  loaded ??= import('ts-morph')
  return loaded
}

/** A project that holds files in memory only: stubs are parsed and printed, never type-checked here. */
export function memoryProject(tsMorph: TsMorphModule): TsMorph.Project {
  return new tsMorph.Project({
    useInMemoryFileSystem: true,
    skipFileDependencyResolution: true,
    compilerOptions: { allowJs: false, noLib: true },
    manipulationSettings: {
      indentationText: tsMorph.IndentationText.TwoSpaces,
      quoteKind: tsMorph.QuoteKind.Single,
      newLineKind: tsMorph.ts.NewLineKind.LineFeed,
      useTrailingCommas: true,
    },
  })
}
