// Base results against head results, per task and per check. Pure: the CLI and the gate read the files
// and call this (the CLI folds one base file at a time into a BaseFold and calls compareFolded).
//
// A task is compared only with the base runs whose definition of the measurement equals the head's:
// fixture hash, acceptor version and budget. What is under test (prompt, skill, model, agent command) is
// never such a field. The base is the ruler: every task its runs hold must be accounted for on the head,
// and a pull request that changes what measures it (a task removed, renamed, changed) is undecided, never
// passed by itself (docs/comparison.md#what-a-pull-request-may-change).
import {
  COMPARISON_SCHEMA,
  type CheckComparison,
  type Comparison,
  type Count,
  type HoldoutAggregate,
  type MeasurementChange,
  type StatusCounts,
  type TaskComparison,
  type TaskStatusCounts,
  type UndecidedNext,
} from '../schemas/comparison.ts';
import { plural } from '../util/counted.ts';
import { analyse, type Analysis, type CompareOptions, type DecidedTask } from './analyse.ts';
import { checkKind, checkLabel, ENV_CHECK } from './checks.ts';
import type { DraftCheck } from './decide.ts';
import type { DraftTask } from './drafts.ts';
import { formatP, lowerP, type Verdict } from './familywise.ts';
import { TOLERANCE } from './stats.ts';
import { BaseFold, DenominatorFold, runRef } from './fold.ts';
import { policyReach } from './policies.ts';
import { trialTokens } from '../results/metrics.ts';
import type { ComparedResults, ComparedTask } from '../results/read.ts';

export type { CompareOptions } from './analyse.ts';

/** What the gate knows besides the results: changes to the measurement found outside them, and base runs it could not read. */
export interface GateContext {
  /** Changes of the pull request to what measures it (the trial set, its files, isolation), found by the gate. */
  changes?: MeasurementChange[];
  /** Who approved changing the measurement, from a place the pull request's author does not control; null: nobody. */
  approvedBy?: string | null;
  /** Base runs the branch recorded that could not be had (expired, corrupt, unreadable), each with why: not "no baseline". */
  unavailableBases?: string[];
}

export function compareResults(bases: readonly ComparedResults[], head: ComparedResults, options: CompareOptions = {}, context: GateContext = {}): Comparison {
  const fold = new BaseFold(head);
  bases.forEach((b, i) => fold.add(b, `base results ${i + 1}`));
  return compareFolded(fold, head, options, context);
}

/** The gate: `fail-on: regression`. An undecided, incomparable or baseline-less comparison does not fail it as a regression; callers show why. */
export function gateFails(comparison: Comparison): boolean {
  return comparison.verdict === 'fail';
}

export function compareFolded(fold: BaseFold, head: ComparedResults, options: CompareOptions = {}, context: GateContext = {}): Comparison {
  const a = analyse(fold, head, options);
  const tasks: TaskComparison[] = [];
  const holdout: HoldoutAggregate = { tasks: taskCounts(), checks: statusCounts(), base_passes: count(), head_passes: count(), head_passes_all: count() };
  const devChecks = statusCounts();
  let regressions = 0;
  const undecided: { tasks: number; holdout_tasks: number; reasons: string[]; next?: UndecidedNext } = { tasks: 0, holdout_tasks: 0, reasons: [] };
  // The first reason's next step is the comment's.
  const because = (reason: string, next: UndecidedNext) => {
    undecided.next ??= next;
    undecided.reasons.push(reason);
  };
  const k = head.run.k;
  const decidedById = new Map(a.decided.map((d) => [d.task.id, d]));
  const confirmation = { fixed_trials: 0, head_trials: a.launched - a.freshLaunched, tasks: 0, holdout_tasks: 0, holdout_trials: 0, awaiting: 0 };
  for (const t of head.tasks) confirmation.fixed_trials += t.trials.filter((x) => x.outcome !== 'unexecuted' && x.trial <= k).length;
  for (const draft of a.drafts) {
    const d = decidedById.get(draft.task.id);
    const checks = d ? comparedChecks(d, a) : [];
    // An undecided task in which nothing regressed decided nothing: its checks are not suspect, flaky or unchanged.
    const reason = d?.decision.undecided?.reason ?? null;
    const decidedNothing = reason !== null && !checks.some((c) => c.gated && c.status === 'regressed');
    for (const c of checks) {
      if (!c.gated || decidedNothing) continue;
      (draft.holdout ? holdout.checks : devChecks)[c.status] += 1;
      if (c.status === 'regressed') regressions += 1;
    }
    if (d?.decision.goesOn) confirmation.awaiting += 1;
    if (reason) draft.holdout ? (undecided.holdout_tasks += 1) : (undecided.tasks += 1);
    const extended = draft.trials.filter((x) => x.trial > k && x.outcome !== 'unexecuted').length;
    if (extended > 0) draft.holdout ? ((confirmation.holdout_tasks += 1), (confirmation.holdout_trials += extended)) : (confirmation.tasks += 1);
    if (!draft.holdout) {
      const launched = draft.trials.filter((x) => x.outcome !== 'unexecuted').length;
      const fresh = (fold.paired.get(draft.task.id) ?? []).filter((x) => x.outcome !== 'unexecuted').length;
      tasks.push({
        ...draft.task,
        checks,
        ...(d?.decision.undecided ? { undecided: d.decision.undecided.reason, undecided_next: d.decision.undecided.next } : {}),
        ...(fresh > 0 ? { fresh_base_trials: fresh } : {}),
        ...(extended > 0 ? { confirmation: { trials: launched, why: d?.firstWhy ?? 'its first round left a check ambiguous' } } : {}),
        ...(d?.plan && a.taskShare !== null && d.family.primary
          ? {
              plan: {
                share: a.taskShare,
                primary: d.family.primary,
                looks: d.plan.looks.map(({ trials, part, screen, base }) => ({ trials, part, screen, ...(base > 0 ? { base } : {}) })),
              },
            }
          : {}),
      });
      continue;
    }
    holdout.tasks[draft.task.status] += 1;
    const figures = draft.task.head;
    if (figures) addCount(holdout.head_passes_all, { successes: figures.passes, n: figures.n });
    const pass = checks.find((c) => c.check === 'pass');
    if (pass) {
      addCount(holdout.base_passes, pass.base);
      addCount(holdout.head_passes, pass.head);
    }
  }

  const heldOut = holdoutUndecided(fold, head, holdout);
  if (heldOut) {
    because(heldOut.reason, heldOut.next);
    undecided.holdout_tasks += heldOut.tasks;
  }
  // With no baseline, the changes found outside the results still count (a changed workflow may be why none was found).
  const changes = fold.mismatch ? [] : fold.runs > 0 ? [...measurementChanges(a.drafts), ...(context.changes ?? [])] : [...(context.changes ?? [])];
  const approved = context.approvedBy ?? null;
  if (changes.length && !approved) because(measurementReason(changes), 'maintainer');
  // The branch recorded base runs, but none can serve: that is no baseline to pass against, never "no baseline".
  const unavailable = context.unavailableBases ?? [];
  const unusable = fold.runs === 0 && fold.unused.length + unavailable.length > 0;
  if (unusable) {
    const first = fold.unused[0]?.reason ?? unavailable[0]!;
    const n = fold.unused.length + unavailable.length;
    because(
      `the base branch recorded ${plural(n, 'run')}, but none can serve as a baseline (${first}): rerun the baseline workflow on the base branch`,
      'baseline_workflow',
    );
  }
  const verdict: Comparison['verdict'] = fold.mismatch
    ? 'incomparable'
    : unusable
      ? 'undecided'
      : fold.runs === 0
        ? changes.length && !approved
          ? 'undecided'
          : 'no_baseline'
        : regressions > 0
          ? 'fail'
          : undecided.tasks + undecided.holdout_tasks + undecided.reasons.length > 0
            ? 'undecided'
            : 'pass';
  const headDenominators = new DenominatorFold();
  headDenominators.add(head);
  return {
    schema: COMPARISON_SCHEMA,
    trial_set: head.trial_set.name,
    policy: {
      name: a.policy,
      alpha: a.alpha,
      chosen: a.chosen,
      tasks: a.sharing,
      task_share: a.taskShare,
      family: a.decided.reduce((s, d) => s + d.family.nodes.length, 0),
      confirm_trials: options.confirmTrials ?? null,
      max_trials: options.maxTrials ?? null,
      reach: reachOf(a, k, fold.runs, options),
      ...(fold.runs > 0 ? { spread: { ...a.spread } } : {}),
    },
    verdict,
    incomparable: fold.mismatch ? { base_index: fold.mismatch.index, field: 'trial_set.name', base: fold.mismatch.name, head: head.trial_set.name } : null,
    head: runRef(head),
    bases: fold.refs,
    regressions,
    checks: devChecks,
    tasks,
    task_counts: tasks.reduce((c, t) => ((c[t.status] += 1), c), taskCounts()),
    holdout,
    denominators: { head: headDenominators.result(), base: fold.runs > 0 ? fold.denominators.result() : null },
    ...(undecided.tasks + undecided.holdout_tasks + undecided.reasons.length > 0 ? { undecided } : {}),
    ...(fold.unused.length ? { bases_unused: fold.unused.map((u) => ({ ref: u.ref, reason: u.reason })) } : {}),
    ...(confirmation.head_trials > confirmation.fixed_trials || confirmation.awaiting > 0 ? { confirmation } : {}),
    spend: spendOf(head, confirmation.fixed_trials, a.launched - a.freshLaunched, a.freshLaunched, options.maxTrials ?? null),
    ...(changes.length ? { measurement: { changes, approved_by: approved } } : {}),
  };
}

/** Every check of a compared task, as the comparison shows it. */
function comparedChecks(d: DecidedTask, a: Analysis): CheckComparison[] {
  return d.checks.map((c) => {
    const decided = d.decision.checks.get(c);
    const verdict: Verdict = c.check === ENV_CHECK ? shownEnv(c, a.taskShare ?? a.alpha ?? 0.01) : decided!.verdict;
    const worst = decided?.worst;
    const ungated = c.ungated;
    return {
      check: c.check,
      kind: checkKind(c.check),
      label: checkLabel(c.check, d.task.faults, d.task.check_labels),
      gated: c.gated,
      ...(ungated ? { ungated } : {}),
      base: c.base,
      head: c.head,
      ...freshOf(d, c.check),
      status: verdict.status,
      p: verdict.p,
      threshold: verdict.threshold,
      look: verdict.look,
      ...(verdict.trials === undefined ? {} : { trials: verdict.trials }),
      rule: verdict.rule,
      ...(worst ? { pessimistic: { base: worst.base, head: worst.head, p: worst.p, threshold: worst.threshold, rule: worst.rule } } : {}),
    };
  });
}

/** The fresh base trials a check's last look reached tested with its base (paired), when there were any. */
function freshOf(d: DecidedTask, check: string): { fresh_base?: Count } {
  const last = d.head.fresh?.looks.get(check)?.at(-1);
  return last && last.n > 0 ? { fresh_base: last } : {};
}

/** What familywise can reach here: a total loss of each sharing task's first check, at the look its plan tests it. */
function reachOf(a: Analysis, k: number, baseRuns: number, options: CompareOptions): Comparison['policy']['reach'] {
  const planned = a.decided.filter((d) => d.plan && d.family.primary);
  if (a.policy !== 'familywise' || planned.length === 0) {
    // Before a comparison has tasks to size plans for, or under strict: what a single task could reach.
    const r = policyReach('familywise', {
      k,
      baseRuns: Math.max(1, baseRuns),
      ...(options.alpha === undefined ? {} : { alpha: options.alpha }),
      budget: options.confirmTrials ?? null,
      tasks: Math.max(1, a.sharing),
      baseTrials: a.baseTrials,
    });
    return { reachable: r.reachable, total_loss_p: r.totalLossP, note: r.note };
  }
  const blind = planned.filter((d) => !d.plan!.totalLoss);
  if (blind.length) {
    const first = blind[0]!;
    return {
      reachable: false,
      total_loss_p: null,
      note: `${plural(blind.length, 'task')} (${first.holdout ? 'a holdout task' : first.task.id} first) cannot show even a total loss with these base runs (${first.plan!.baseTrials} executed base trials${first.plan!.rho > 0 ? `, runs that differ from one another: ρ = ${first.plan!.rho.toFixed(3)}` : ''}) and ${plural(first.plan!.budget, 'confirmation trial')}: a drop there is undecided; raise baseline-runs, trials or confirm-trials`,
    };
  }
  const at = planned.map((d) => d.plan!.totalLoss!.trials);
  const worst = Math.max(...planned.map((d) => d.plan!.totalLoss!.p));
  const lo = Math.min(...at);
  const hi = Math.max(...at);
  return {
    reachable: true,
    total_loss_p: worst,
    note: `a total loss of a task's trial pass is flagged for certain ${lo === k && hi === k ? `in its first ${plural(k, 'trial')}` : lo === hi ? `at ${plural(lo, 'executed head trial')}` : `at ${lo} to ${hi} executed head trials`}`,
  };
}

/** What the pull request spent on agent trials, against what a fixed k would have. */
function spendOf(head: ComparedResults, fixed: number, launched: number, fresh: number, cap: number | null): Comparison['spend'] {
  // What was reported is stated even when some tasks' agents report nothing (a stand-in beside a model CLI), with how many.
  const sum = (values: (number | undefined)[]) => (values.some((v) => v !== undefined) ? values.reduce<number>((a, v) => a + (v ?? 0), 0) : null);
  // A task's: its executed trials' (its summary's), and what its trials lost to the environment reported
  // before it failed (a provider that failed after some answers was paid for them).
  const lost = (t: ComparedTask) => t.trials.flatMap((trial) => (trial.outcome !== 'pass' && trial.outcome !== 'fail' && trial.usage ? [trial.usage] : []));
  const tokens = head.tasks.map((t) => sum([t.summary.tokens, ...lost(t).map(trialTokens)]) ?? undefined);
  const costs = head.tasks.map((t) => sum([t.summary.cost_usd, ...lost(t).map((usage) => usage.cost_usd)]) ?? undefined);
  const unreported = head.tasks.filter((_, i) => tokens[i] === undefined && costs[i] === undefined).length;
  const wall = Date.parse(head.run.finished_at) - Date.parse(head.run.started_at);
  return {
    head_trials: launched,
    ...(fresh > 0 ? { base_trials: fresh } : {}),
    fixed_trials: fixed,
    max_trials: cap,
    tokens: sum(tokens),
    cost_usd: sum(costs),
    ...(unreported > 0 && unreported < head.tasks.length ? { unreported_tasks: unreported } : {}),
    wall_ms: Number.isFinite(wall) && wall >= 0 ? wall : null,
  };
}

/** The base's tasks the head does not account for, and the tasks whose measurement changed: what the pull request changed of its ruler. */
function measurementChanges(drafts: readonly DraftTask[]): MeasurementChange[] {
  const changes: MeasurementChange[] = [];
  const holdoutRemoved = drafts.filter((d) => d.holdout && d.task.status === 'removed').length;
  for (const d of drafts) {
    if (d.holdout) continue;
    if (d.task.status === 'removed')
      changes.push({
        what: `task ${d.task.id}`,
        base: `in the base runs (${plural(d.task.base_runs, 'run')})`,
        head: 'not in this pull request (removed, renamed or moved)',
      });
    if (d.task.status === 'changed' || d.task.status === 'incomparable')
      for (const diff of d.task.differs) changes.push({ what: `task ${d.task.id}: ${diff.field}`, base: diff.base, head: diff.head });
  }
  const holdoutChanged = drafts.filter((d) => d.holdout && (d.task.status === 'changed' || d.task.status === 'incomparable')).length;
  if (holdoutRemoved) changes.push({ what: `${plural(holdoutRemoved, 'holdout task')}`, base: 'in the base runs', head: 'not in this pull request' });
  if (holdoutChanged)
    changes.push({ what: `${plural(holdoutChanged, 'holdout task')}`, base: 'measured one way', head: 'measured another (fixture, acceptor or budget)' });
  return changes;
}

function measurementReason(changes: readonly MeasurementChange[]): string {
  const named = changes.slice(0, 3).map((c) => c.what);
  const more = changes.length > 3 ? ` and ${changes.length - 3} more` : '';
  return `this pull request changes what measures it (${named.join('; ')}${more}): the base's ruler cannot judge it and it cannot pass by itself; a maintainer decides (see "What this pull request changes in the measurement"), or reruns the baseline workflow where the change is already the base branch's or its holdout source's`;
}

/**
 * Holdout tasks the comparison cannot decide as a whole: the head could not run the holdout source (the
 * base's holdout tasks are then absent from the head, not removed), or no pooled base run's holdout tasks
 * are named with the head's key. Undecided, never passed: a regression there would be invisible.
 */
function holdoutUndecided(fold: BaseFold, head: ComparedResults, aggregate: HoldoutAggregate): { reason: string; next: UndecidedNext; tasks: number } | null {
  if (fold.runs === 0) return null;
  const unavailable = head.holdout?.unavailable;
  if (unavailable)
    return {
      reason: `the holdout source's tasks did not run on the head (${unavailable}): the gate cannot tell whether they regressed`,
      next: 'rerun',
      tasks: Math.max(1, aggregate.tasks.removed),
    };
  const headTasks = head.tasks.filter((t) => t.set === 'holdout').length;
  if (fold.holdoutRefused.length === 0 || fold.holdoutRuns > 0 || headTasks === 0) return null;
  return { reason: `the holdout tasks cannot be compared: ${fold.holdoutRefused[0]}`, next: 'baseline_workflow', tasks: headTasks };
}

/** `env` is shown, never gated: did env errors rise, tested once over every head trial at the task's share. */
function shownEnv(c: DraftCheck, threshold: number): Verdict {
  if (c.head.n === 0 || c.base.n === 0) return { status: 'suspect', p: null, threshold: null, look: null, rule: 'no head or base trial started' };
  const p = lowerP(c.base, 1, c.head, 0);
  const rule = `Fisher p = ${formatP(p)} over every head trial (shown, never gated)`;
  if (p <= threshold * TOLERANCE) return { status: 'regressed', p, threshold, look: null, rule };
  const below = c.head.successes * c.base.n < c.base.successes * c.head.n;
  const same = (c.base.successes === c.base.n && c.head.successes === c.head.n) || (c.base.successes === 0 && c.head.successes === 0);
  return { status: below ? 'suspect' : same ? 'unchanged' : 'flaky', p, threshold, look: null, rule };
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
  return { compared: 0, new: 0, removed: 0, changed: 0, incomparable: 0, not_rerun: 0 };
}
