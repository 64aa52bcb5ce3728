// What `trialgate gate` prints last, in the CI system's log: the verdict and why in one line, then each
// regressed check by task, so that a log without a job summary (GitLab) still says what regressed. Pure.
import type { Comparison } from '../schemas/comparison.ts';
import type { Gate } from '../gate/verdict.ts';

export function gateLog(comparison: Comparison, gate: Gate): string {
  const lines = [`trialgate gate: ${gate.failure ?? gate.verdict}`];
  for (const task of comparison.tasks)
    for (const check of task.checks)
      if (check.gated && check.status === 'regressed')
        lines.push(`  regressed: ${task.id}: ${check.label} (${check.base.successes}/${check.base.n} → ${check.head.successes}/${check.head.n})`);
  const holdout = comparison.holdout.checks.regressed;
  if (holdout) lines.push(`  regressed: ${holdout} check${holdout === 1 ? '' : 's'} of holdout tasks`);
  return `${lines.join('\n')}\n`;
}
