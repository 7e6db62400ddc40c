// BW5xxx, emit: the output folder and what is written into it.
import { type CatalogEntry, entry } from './catalogEntry.js'

export const emitCodes = {
  BW5001: entry('output folder overlaps the definitions folder', {
    overlap: 'the output folder {out} and the definitions folder {definitions} overlap; generated files must live apart from definitions',
  }),
  BW5002: entry('output cannot be written', { cannotWrite: 'cannot write {target} ({reason}); files already replaced are complete, the rest are unchanged' }),
  BW5007: entry('a way out of the output folder', {
    leadsOutside:
      '{path} leads outside the output folder {out} (to {target}); botwire writes and removes files only inside the output folder, so nothing was written: replace the symbolic link with a folder, or choose another --out',
    leadsOutsideWhileWriting:
      '{path} leads outside the output folder {out} (to {target}) since the run began writing; botwire stopped and wrote nothing there: files already replaced are complete, the rest are unchanged, and the next run finishes once the link is gone',
  }),
  BW5008: entry('output folder locked by another run', {
    locked: '{out} is being written by another botwire run ({holder} holds {lock}); waited {seconds} s. If no botwire runs, remove {lock}',
  }),
  BW5009: entry(
    'manifest entry left alone',
    {
      notGenerated:
        "{file} is listed in {manifest} as a generated file, but it does not start with botwire's generated-file header: it was not written by botwire (the manifest was edited), so it was left alone and dropped from the manifest",
      bookkeeping:
        "{file} is listed in {manifest} as a generated file, but it is botwire's own bookkeeping (the manifest was edited), never an output: it was left alone and dropped from the manifest",
    },
    'warning',
  ),
  BW5010: entry('manifest is not a regular file', {
    manifestNotRegular:
      '{manifest} is {reason}: botwire keeps its list of the generated files there, so nothing was written; remove it (botwire writes a new one) and run again',
  }),
  BW5003: entry('generated output out of date', {
    missing: 'missing: {file} is not there; run botwire generate',
    stale: 'stale: {file} differs from what the definitions generate; run botwire generate',
    removed: 'no longer produced: {file} would be removed; run botwire generate',
    leftover: 'leftover: {file} is a temporary file of an interrupted run; run botwire generate',
  }),
} satisfies Record<string, CatalogEntry>
