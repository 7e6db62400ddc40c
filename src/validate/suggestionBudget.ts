// How many "did you mean" suggestions one check of a definition's schemas looks for. A
// suggestion compares a name with every name it might be a typo of, so a schema with
// thousands of undeclared names among thousands of declared ones would cost their product;
// past the number of problems a file shows (loadLimits.maxDiagnosticsPerFile) the rest are
// reported without one (docs/decisions.md).
import { loadLimits } from '../load/limits.js'

export class SuggestionBudget {
  private left: number

  constructor(count: number = loadLimits.maxDiagnosticsPerFile) {
    this.left = count
  }

  /** Whether one more suggestion may be sought (and counts it). */
  take(): boolean {
    if (this.left <= 0) return false
    this.left--
    return true
  }
}
