// The comparison as JSON (`trialgate compare --format json`): the whole of it, validated, never cut
// (docs/comparison.md). What the other outputs are rendered from, for a program to read.
import { Comparison } from '../schemas/comparison.ts';
import type { Reporter } from './reporter.ts';

export const jsonReporter: Reporter = {
  render: (view) => [`${JSON.stringify(Comparison.parse(view.comparison), null, 2)}\n`],
};
