// Base results against head results, per task and per check (shared/DESIGN.md §9). Pure: the CLI and
// the action read the files and call this.
//
// A task is compared only with the base runs whose definition of the measurement equals the head's:
// fixture hash, acceptor version and budget. When no base run matches, the task is `changed` if the
// fixture hash differs (the task itself changed) and `incomparable` otherwise; both name the fields and
// neither is gated. What is under test (prompt, skill, model, agent command) is never such a field.
import {
  COMPARISON_SCHEMA,
  type CheckComparison,
  type Comparison,
  type Count,
  type Denominators,
  type Difference,
  type HoldoutAggregate,
  type Policy,
  type RunRef,
  type StatusCounts,
  type TaskComparison,
  type TaskStatusCounts,
} from '../schemas/comparison.ts';
import type { Results, TaskResult } from '../schemas/results.ts';
import { checkKind, checkLabel, envRule, isGated, orderChecks, tallyChecks, taskFigures } from './checks.ts';
import { DEFAULT_ALPHA, decideChecks, defaultPolicy } from './policies.ts';

export interface CompareOptions {
  policy?: Policy;
  /** For `statistical` and `history`; defaults in DEFAULT_ALPHA. */
  alpha?: number;
}

export function compareResults(bases: readonly Results[], head: Results, options: CompareOptions = {}): Comparison {
  const name = options.policy ?? defaultPolicy(bases.length);
  const alpha = name === 'strict' ? null : (options.alpha ?? DEFAULT_ALPHA[name]);
  const mismatch = bases.findIndex((b) => b.trial_set.name !== head.trial_set.name);
  const comparable = bases.length > 0 && mismatch === -1;

  const drafts = comparable ? draftTasks(bases, head) : head.tasks.map((t) => newTask(t, isHoldout(t, [])));
  const compared = drafts.flatMap((d) => d.checks);
  const decisions = decideChecks({ name, alpha: alpha ?? 0 }, compared.map((c) => c.counts));
  const decided = new Map(compared.map((c, i) => [c, decisions[i]!]));

  const tasks: TaskComparison[] = [];
  const holdout: HoldoutAggregate = { tasks: taskCounts(), checks: statusCounts(), base_passes: count(), head_passes: count(), head_passes_all: count() };
  const devChecks = statusCounts();
  let regressions = 0;
  for (const draft of drafts) {
    const checks: CheckComparison[] = draft.checks.map((c) => {
      const d = decided.get(c)!;
      return { check: c.check, kind: checkKind(c.check), label: checkLabel(c.check, draft.task.faults), gated: isGated(c.check), base: c.counts.base, head: c.counts.head, ...d };
    });
    for (const c of checks) {
      if (!c.gated) continue;
      (draft.holdout ? holdout.checks : devChecks)[c.status] += 1;
      if (c.status === 'regressed') regressions += 1;
    }
    if (!draft.holdout) {
      tasks.push({ ...draft.task, checks });
      continue;
    }
    holdout.tasks[draft.task.status] += 1;
    const head = draft.task.head;
    if (head) addCount(holdout.head_passes_all, { successes: head.passes, n: head.executed });
    const pass = checks.find((c) => c.check === 'pass');
    if (pass) {
      addCount(holdout.base_passes, pass.base);
      addCount(holdout.head_passes, pass.head);
    }
  }

  const verdict: Comparison['verdict'] = bases.length === 0 ? 'no_baseline' : !comparable ? 'incomparable' : regressions > 0 ? 'fail' : 'pass';
  const mismatched = bases[mismatch];
  return {
    schema: COMPARISON_SCHEMA,
    trial_set: head.trial_set.name,
    policy: { name, alpha, chosen: options.policy ? 'option' : 'default' },
    verdict,
    incomparable: mismatched
      ? { base_index: mismatch, field: 'trial_set.name', base: mismatched.trial_set.name, head: head.trial_set.name }
      : null,
    head: runRef(head),
    bases: bases.map(runRef),
    regressions,
    checks: devChecks,
    tasks,
    task_counts: tasks.reduce((c, t) => ((c[t.status] += 1), c), taskCounts()),
    holdout,
    denominators: { head: denominators([head]), base: bases.length > 0 ? denominators(bases) : null },
  };
}

/** The gate: `fail-on: regression`. An incomparable or baseline-less comparison never fails it; callers show why. */
export function gateFails(comparison: Comparison): boolean {
  return comparison.verdict === 'fail';
}

interface DraftCheck {
  check: string;
  counts: { base: Count; head: Count };
}

interface DraftTask {
  holdout: boolean;
  task: Omit<TaskComparison, 'checks'>;
  checks: DraftCheck[];
}

function draftTasks(bases: readonly Results[], head: Results): DraftTask[] {
  const baseRuns = bases.map((b) => new Map(b.tasks.map((t) => [t.id, t])));
  const drafts: DraftTask[] = [];
  for (const task of head.tasks) {
    const candidates = baseRuns.flatMap((run, i) => {
      const t = run.get(task.id);
      return t ? [{ task: t, run: bases[i]! }] : [];
    });
    const holdout = isHoldout(task, candidates.map((c) => c.task));
    if (candidates.length === 0) {
      drafts.push(newTask(task, holdout));
      continue;
    }
    const matching = candidates.filter((c) => definitionDiffs(c.task, task).length === 0).map((c) => c.task);
    if (matching.length === 0) {
      const newest = candidates.reduce((a, b) => (b.run.run.started_at > a.run.run.started_at ? b : a));
      const differs = definitionDiffs(newest.task, task);
      const status = differs.some((d) => d.field === 'fixture_sha256') ? 'changed' : 'incomparable';
      drafts.push({ holdout, checks: [], task: { ...taskShell(task, status, holdout), differs, base_runs: 0, base_runs_excluded: candidates.length, base: taskFigures(candidates.map((c) => c.task)) } });
      continue;
    }
    const baseTallies = tallyChecks(matching.flatMap((t) => t.trials));
    const headTallies = tallyChecks(task.trials);
    const names = orderChecks(new Set([...baseTallies.keys(), ...headTallies.keys()]), task.faults);
    drafts.push({
      holdout,
      checks: names.map((check) => ({ check, counts: { base: baseTallies.get(check) ?? count(), head: headTallies.get(check) ?? count() } })),
      task: {
        ...taskShell(task, 'compared', holdout, headTallies),
        base_runs: matching.length,
        base_runs_excluded: candidates.length - matching.length,
        base: taskFigures(matching, baseTallies),
      },
    });
  }
  const headIds = new Set(head.tasks.map((t) => t.id));
  const removed = new Map<string, TaskResult[]>();
  for (const run of bases) for (const t of run.tasks) if (!headIds.has(t.id)) removed.set(t.id, [...(removed.get(t.id) ?? []), t]);
  for (const [, runs] of removed) {
    const last = runs[runs.length - 1]!;
    const holdout = isHoldout(last, runs);
    drafts.push({
      holdout,
      checks: [],
      task: { id: last.id, status: 'removed', differs: [], base_runs: runs.length, base_runs_excluded: 0, faults: last.faults, base: taskFigures(runs), head: null, head_trials: [] },
    });
  }
  return drafts;
}

function newTask(task: TaskResult, holdout: boolean): DraftTask {
  return { holdout, checks: [], task: { ...taskShell(task, 'new', holdout), base_runs: 0, base_runs_excluded: 0, base: null } };
}

function taskShell(task: TaskResult, status: TaskComparison['status'], holdout: boolean, tallies?: Map<string, Count>) {
  return {
    id: task.id,
    status,
    differs: [] as Difference[],
    faults: task.faults,
    head: taskFigures([task], tallies),
    // A holdout task never carries per-trial detail, even inside the engine's own output.
    head_trials: holdout ? [] : task.trials.map((t) => ({ trial: t.trial, outcome: t.outcome, checks: t.checks, evidence: t.evidence })),
  };
}

/** Holdout on either side: redacting one task too many is harmless, one too few is not. */
function isHoldout(task: TaskResult, others: readonly TaskResult[]): boolean {
  return task.set === 'holdout' || others.some((t) => t.set === 'holdout');
}

/** The fields that define the measurement and differ between a base task and the head task. */
export function definitionDiffs(base: TaskResult, head: TaskResult): Difference[] {
  const fields: [string, string | undefined, string | undefined][] = [
    ['fixture_sha256', base.fixture_sha256, head.fixture_sha256],
    ['acceptor_version', base.acceptor_version, head.acceptor_version],
    ['budget.wall_seconds', String(base.budget.wall_seconds), String(head.budget.wall_seconds)],
    ['budget.max_tokens', base.budget.max_tokens?.toString(), head.budget.max_tokens?.toString()],
    ['budget.max_cost_usd', base.budget.max_cost_usd?.toString(), head.budget.max_cost_usd?.toString()],
  ];
  return fields.filter(([, b, h]) => b !== h).map(([field, b, h]) => ({ field, base: b ?? 'none', head: h ?? 'none' }));
}

function runRef(results: Results): RunRef {
  const { git_sha, ref, started_at, finished_at, tool_version } = results.run;
  return { git_sha, ref, started_at, finished_at, tool_version, trial_set_sha256: results.trial_set.sha256 };
}

function denominators(runs: readonly Results[]): Denominators {
  const out: Denominators = { runs: runs.length, k: [], tasks: 0, launched: 0, executed: 0, env_errors: 0, unexecuted: 0, env_error_rules: [], holdout_env_errors: 0 };
  const rules = new Map<string, number>();
  const ids = new Set<string>();
  for (const run of runs) {
    if (!out.k.includes(run.run.k)) out.k.push(run.run.k);
    for (const task of run.tasks) {
      ids.add(task.id);
      for (const trial of task.trials) {
        out.launched += 1;
        if (trial.outcome === 'pass' || trial.outcome === 'fail') out.executed += 1;
        if (trial.outcome === 'unexecuted') out.unexecuted += 1;
        if (trial.outcome !== 'env_error') continue;
        out.env_errors += 1;
        if (task.set === 'holdout') out.holdout_env_errors += 1;
        else rules.set(envRule(trial), (rules.get(envRule(trial)) ?? 0) + 1);
      }
    }
  }
  out.tasks = ids.size;
  out.k.sort((a, b) => a - b);
  out.env_error_rules = [...rules].map(([rule, trials]) => ({ rule, trials }));
  return out;
}

function count(): Count {
  return { successes: 0, n: 0 };
}

function addCount(into: Count, c: Count): void {
  into.successes += c.successes;
  into.n += c.n;
}

function statusCounts(): StatusCounts {
  return { regressed: 0, suspect: 0, improved: 0, flaky: 0, unchanged: 0 };
}

function taskCounts(): TaskStatusCounts {
  return { compared: 0, new: 0, removed: 0, changed: 0, incomparable: 0 };
}
