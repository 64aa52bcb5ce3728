// Which tasks a confirmation round reruns: those with a gated check that regressed or is suspect.
// Pure. Holdout tasks are compared here as if dev, because the caller must rerun them too; the ids
// never reach a comment (the comparison that is rendered keeps them redacted).
import type { Results } from '../schemas/results.ts';
import { compareResults, type CompareOptions } from './compare.ts';

export function tasksToConfirm(bases: readonly Results[], head: Results, options: CompareOptions = {}): string[] {
  if (bases.length === 0) return [];
  const asDev = (r: Results): Results => ({ ...r, tasks: r.tasks.map((t) => ({ ...t, set: 'dev' as const })) });
  const comparison = compareResults(bases.map(asDev), asDev(head), options);
  if (comparison.verdict === 'incomparable') return [];
  return comparison.tasks.filter((t) => t.checks.some((c) => c.gated && (c.status === 'regressed' || c.status === 'suspect'))).map((t) => t.id);
}
