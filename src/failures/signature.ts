// What failed, as a signature that stays the same when the same thing fails again: per failed check of a
// trial, the task, the check, the first failing assertion (or boundary, or rule) and the cause the program
// can prove. Volatile parts (values the agent chose, expected/actual numbers) are left out. Pure.
import type { Judgement } from '../schemas/judgement.ts';
import type { Results, RunDigest, TrialResult } from '../schemas/results.ts';
import type { FailureCause, Occurrence } from '../schemas/failures.ts';
import { trialTokens } from '../results/metrics.ts';
import { sha256 } from '../util/hash.ts';

export interface Failure {
  signature: string;
  task: string;
  check: string;
  criterion: string;
  /** What the program can prove; null where people must say (retrieval, planning). */
  cause: FailureCause | null;
  occurrence: Occurrence;
}

/**
 * Every failure of every failed trial of a dev task in `results`; `source` names where the results came from.
 * A holdout task's failures are not archived: what failed there is sealed (docs/holdout.md).
 */
export function failuresOf(results: Results, source: string): Failure[] {
  const byTask = new Map(results.tasks.map((t) => [t.id, t.trials]));
  return failuresOfRun(results, (taskId) => byTask.get(taskId) ?? [], source);
}

/**
 * failuresOf for a run held as digests: each task's whole trials come from `trials` (read from disk as they
 * are asked for), and only for a task whose digests show a failed trial.
 */
export function failuresOfRun(run: RunDigest, trials: (taskId: string) => Iterable<TrialResult>, source: string): Failure[] {
  const out: Failure[] = [];
  for (const task of run.tasks) {
    if (task.set === 'holdout' || !task.trials.some((t) => t.outcome === 'fail')) continue;
    for (const trial of trials(task.id)) {
      if (trial.outcome !== 'fail') continue;
      const occurrence = occurrenceOf(run, task.fixture_sha256, trial, source);
      for (const { check, criterion, cause } of failedChecks(trial)) {
        out.push({ signature: signatureOf(task.id, check, criterion, cause), task: task.id, check, criterion, cause, occurrence });
      }
    }
  }
  return out;
}

export function signatureOf(task: string, check: string, criterion: string, cause: FailureCause | null): string {
  return sha256(`${task}\0${check}\0${criterion}\0${cause ?? ''}`).slice(0, 12);
}

/**
 * The failed checks of one failed trial, each with what names the failure. A root cause hides what
 * follows from it: an agent that crashed or ran out of budget, or a malformed candidate, left nothing
 * to accept, so its missed detections are not failures of their own. Constraints are always their own.
 */
export function failedChecks(trial: TrialResult): { check: string; criterion: string; cause: FailureCause | null }[] {
  const failed = Object.entries(trial.checks)
    .filter(([check, ok]) => !ok && check !== 'pass')
    .map(([check]) => check);
  const constraints = failed.filter((c) => c.startsWith('constraint:')).map((check) => ({ check, ...describe(trial, check) }));
  if (trial.stop_reason === 'budget_exhausted' || trial.stop_reason === 'agent_crashed') {
    return [{ check: 'pass', criterion: runtimeCriterion(trial), cause: 'runtime' }, ...constraints];
  }
  if (failed.includes('format')) return [{ check: 'format', ...describe(trial, 'format') }, ...constraints];
  if (failed.length === 0) return [{ check: 'pass', criterion: runtimeCriterion(trial), cause: trial.cause ?? null }];
  return failed.map((check) => ({ check, ...describe(trial, check) }));
}

function describe(trial: TrialResult, check: string): { criterion: string; cause: FailureCause | null } {
  if (check === 'format')
    return { criterion: stable(firstWith(trial.layers.final_state.failures, 'format: ') ?? 'the candidate is malformed'), cause: 'format' };
  if (check === 'baseline') {
    const judgement = trial.judgements.find((j) => j.fault === 'none');
    const toolFailure = trial.layers.final_state.failures[0];
    return { criterion: judgement ? firstFailure(judgement) : stable(toolFailure ?? 'the task itself failed'), cause: 'acceptance' };
  }
  if (check.startsWith('detect:')) {
    const fault = check.slice('detect:'.length);
    const judgement = trial.judgements.find((j) => j.fault === fault);
    if (!judgement || judgement.verdict === 'defect_missed') return { criterion: `no assertion failed on ${fault}`, cause: 'acceptance' };
    return { criterion: firstFailure(judgement), cause: 'acceptance' };
  }
  if (check.startsWith('tool:')) {
    const boundary = check.slice('tool:'.length);
    return { criterion: stable(firstWith(trial.layers.tool_contract.failures, `${boundary}: `) ?? `${boundary} not handled`), cause: 'tool' };
  }
  // A check the task's kind decided and named the failure of (a code task's hidden test group).
  const named = trial.check_failures?.[check];
  if (named !== undefined && !check.startsWith('constraint:')) return { criterion: stable(named), cause: 'acceptance' };
  // A constraint: the program names it, and people say why it happened.
  return { criterion: stable(named ?? trial.layers.constraints.failures[0] ?? check), cause: null };
}

function runtimeCriterion(trial: TrialResult): string {
  if (trial.stop_reason === 'budget_exhausted') return 'stopped by its budget';
  if (trial.stop_reason === 'agent_crashed') return 'the agent crashed';
  return stable(trial.layers.final_state.failures[0] ?? trial.stop_reason);
}

/** The first record that did not pass: `test: assertion` for a failure, the test for an execution error. */
function firstFailure(judgement: Judgement): string {
  const first = judgement.first_failed;
  if (!first) return `${judgement.verdict}: ${stable(judgement.reason)}`;
  if (first.status === 'failed') return `${judgement.verdict}: ${first.test}: ${first.assertion ?? 'failed'}`;
  return `${judgement.verdict}: ${first.status} in ${first.test}`;
}

function firstWith(lines: readonly string[], prefix: string): string | undefined {
  return lines.find((l) => l.startsWith(prefix));
}

/** Without what varies between trials that fail the same way: quoted values, numbers, trial directories. */
function stable(text: string): string {
  return text
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/trial-\d+/g, 'trial-N')
    .replace(/\b\d+(\.\d+)?\b/g, 'N')
    .slice(0, 300);
}

function occurrenceOf(results: RunDigest, fixtureSha: string, trial: TrialResult, source: string): Occurrence {
  const tokens = trialTokens(trial.usage);
  return {
    run: `${results.run.started_at} ${results.run.git_sha ?? ''}`.trim(),
    started_at: results.run.started_at,
    git_sha: results.run.git_sha,
    pr_number: results.run.pr_number ?? null,
    evidence: trial.evidence,
    trial: trial.trial,
    fixture_sha256: fixtureSha,
    watched_sha256: results.watched.sha256,
    agent_command: results.agent.command,
    tool_version: results.run.tool_version,
    outcome: trial.outcome,
    stop_reason: trial.stop_reason,
    wall_ms: trial.wall_ms,
    ...(tokens === undefined ? {} : { tokens }),
    ...(trial.usage?.cost_usd === undefined ? {} : { cost_usd: trial.usage.cost_usd }),
    source,
  };
}
