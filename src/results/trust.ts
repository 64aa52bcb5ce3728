// A run whose own integrity failed trusts none of its passes: each passing trial fails, saying why (in
// its layers, when it has them). Pure; used where a run is recorded and where shards are merged.
import type { TrialDigest, TrialResult } from '../schemas/results.ts';

export function untrusted<T extends TrialDigest & { layers?: TrialResult['layers'] }>(result: T, why: string): T {
  if (result.outcome !== 'pass') return result;
  const failed: T = { ...result, outcome: 'fail', checks: { ...result.checks, pass: false } };
  if (result.layers) failed.layers = { ...result.layers, constraints: { ok: false, failures: [...result.layers.constraints.failures, why] } };
  return failed;
}
