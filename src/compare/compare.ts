// Base results against head results, per task and per check. Pure: the CLI and the action read the
// files and call this (the CLI folds one base file at a time into a BaseFold and calls compareFolded).
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
  type HoldoutAggregate,
  type Policy,
  type StatusCounts,
  type TaskComparison,
  type TaskStatusCounts,
} from '../schemas/comparison.ts';
import { UserInputError } from '../util/errors.ts';
import { checkKind, checkLabel, ENV_CHECK, isGated, lookOf, orderChecks, tallyChecks, tallyLooks, ungatedReason } from './checks.ts';
import { decideFamily, familyBudget, type Budget, type Member, type Verdict } from './familywise.ts';
import { BaseFold, DenominatorFold, FigureFold, runRef } from './fold.ts';
import { decideStrict, defaultAlpha, defaultPolicy, policyReach } from './policies.ts';
import type { ComparedResults, ComparedTask } from './read-results.ts';
import { confirmationLooks } from './looks.ts';

export interface CompareOptions {
  policy?: Policy;
  /** For `familywise`; defaults by the number of base runs (defaultAlpha). */
  alpha?: number;
  /** The confirmation plan the head was extended under: the most extra trials per task. */
  confirmTrials?: number;
  /** How errors name the head file. */
  headFile?: string;
}

export function compareResults(bases: readonly ComparedResults[], head: ComparedResults, options: CompareOptions = {}): Comparison {
  const fold = new BaseFold(head);
  bases.forEach((b, i) => fold.add(b, `base results ${i + 1}`));
  return compareFolded(fold, head, options);
}

/** The gate: `fail-on: regression`. An incomparable or baseline-less comparison never fails it; callers show why. */
export function gateFails(comparison: Comparison): boolean {
  return comparison.verdict === 'fail';
}

/** A compared check before the policy decided it. */
export interface DraftCheck {
  check: string;
  base: Count;
  head: Count;
  /** Head counts up to each look of the plan (cumulative; the first is the first round). */
  looks: Count[];
  /** Checks of the task with identical outcomes on every trial compared share a class. */
  column: number;
  /** Decided as one family with every gated check of the suite; otherwise shown only. */
  gated: boolean;
  /** Why a check whose kind could gate does not (from the results, or a base measured differently). */
  ungated?: string;
}

export interface DraftTask {
  holdout: boolean;
  task: Omit<TaskComparison, 'checks'>;
  checks: DraftCheck[];
  /** Index into the looks of the last look the head reached for this task. */
  reached: number;
}

export interface Analysis {
  policy: Policy;
  chosen: 'default' | 'option';
  alpha: number | null;
  looks: number[];
  confirmed: boolean;
  budget: Budget | null;
  drafts: DraftTask[];
  comparable: boolean;
}

/** The drafts of every task and the settings the policy decides them with; shared with the confirmation planner. */
export function analyse(fold: BaseFold, head: ComparedResults, options: CompareOptions = {}): Analysis {
  const k = head.run.k;
  const policy = options.policy ?? defaultPolicy(Math.max(1, fold.runs), k, options.alpha);
  const alpha = policy === 'strict' ? null : (options.alpha ?? defaultAlpha(fold.runs));
  const looks = options.confirmTrials ? confirmationLooks(k, options.confirmTrials) : [k];
  const comparable = fold.runs > 0 && !fold.mismatch;
  if (comparable) checkTrialNumbers(head, looks, options);
  const drafts = comparable ? draftTasks(fold, head, looks) : head.tasks.map((t) => newTask(t, t.set === 'holdout'));
  const confirmed = head.tasks.some((t) => t.trials.some((x) => x.trial > k));
  const family = drafts.reduce((s, d) => s + d.checks.filter((c) => c.gated).length, 0);
  const budget = alpha === null ? null : familyBudget(alpha, family, Math.max(1, fold.runs), k, confirmed);
  return { policy, chosen: options.policy ? 'option' : 'default', alpha, looks, confirmed, budget, drafts, comparable };
}

export function compareFolded(fold: BaseFold, head: ComparedResults, options: CompareOptions = {}): Comparison {
  const a = analyse(fold, head, options);
  const decided = decide(a);

  const tasks: TaskComparison[] = [];
  const holdout: HoldoutAggregate = { tasks: taskCounts(), checks: statusCounts(), base_passes: count(), head_passes: count(), head_passes_all: count() };
  const devChecks = statusCounts();
  let regressions = 0;
  for (const draft of a.drafts) {
    const checks: CheckComparison[] = draft.checks.map((c) => {
      const d = decided.get(c)!;
      return { check: c.check, kind: checkKind(c.check), label: checkLabel(c.check, draft.task.faults), gated: c.gated, ...(c.ungated ? { ungated: c.ungated } : {}), base: c.base, head: c.head, ...d };
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
    const figures = draft.task.head;
    if (figures) addCount(holdout.head_passes_all, { successes: figures.passes, n: figures.executed });
    const pass = checks.find((c) => c.check === 'pass');
    if (pass) {
      addCount(holdout.base_passes, pass.base);
      addCount(holdout.head_passes, pass.head);
    }
  }

  const verdict: Comparison['verdict'] = fold.runs === 0 ? 'no_baseline' : !a.comparable ? 'incomparable' : regressions > 0 ? 'fail' : 'pass';
  const headDenominators = new DenominatorFold();
  headDenominators.add(head);
  // What a statistical gate can reach here: the familywise reach whatever the policy, so a default that fell back to strict can say why.
  const reach = policyReach('familywise', head.run.k, Math.max(1, fold.runs), a.alpha ?? options.alpha ?? defaultAlpha(fold.runs));
  return {
    schema: COMPARISON_SCHEMA,
    trial_set: head.trial_set.name,
    policy: {
      name: a.policy,
      alpha: a.alpha,
      chosen: a.chosen,
      alpha_first: a.budget?.first ?? null,
      alpha_confirm: a.budget?.confirm ?? null,
      family: a.budget?.family ?? a.drafts.reduce((s, d) => s + d.checks.filter((c) => c.gated).length, 0),
      confirm_trials: options.confirmTrials || null,
      looks: a.looks,
      reach: { reachable: reach.reachable, total_loss_p: reach.totalLossP, note: reach.note },
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
  };
}

/** Every draft check decided: gated ones as one family, the ungated (`env`, uncalibrated judge items; shown only) as another. */
function decide(a: Analysis): Map<DraftCheck, Verdict> {
  const out = new Map<DraftCheck, Verdict>();
  const last = a.looks.length - 1;
  const gated: { check: DraftCheck; member: Member }[] = [];
  const env: { check: DraftCheck; member: Member }[] = [];
  a.drafts.forEach((draft, t) => {
    for (const c of draft.checks) {
      if (!a.budget) {
        out.set(c, decideStrict(c.base, c.head));
        continue;
      }
      if (!c.gated) {
        env.push({ check: c, member: { base: c.base, first: c.head, final: null, head: c.head, group: `${t}:${c.check}` } });
        continue;
      }
      const final = last > 0 && draft.reached === last ? c.looks[last]! : null;
      gated.push({ check: c, member: { base: c.base, first: c.looks[0]!, final, head: c.head, group: `${t}:${c.column}` } });
    }
  });
  if (a.budget) {
    decideFamily(gated.map((g) => g.member), a.budget).forEach((v, i) => out.set(gated[i]!.check, v));
    const envBudget = { alpha: a.budget.alpha, first: a.budget.alpha, confirm: 0, family: env.length };
    decideFamily(env.map((e) => e.member), envBudget).forEach((v, i) => out.set(env[i]!.check, v));
  }
  return out;
}

/** Head trials beyond the plan's last look cannot be placed in any look: the caller passed the wrong plan. */
function checkTrialNumbers(head: ComparedResults, looks: readonly number[], options: CompareOptions): void {
  const end = looks[looks.length - 1]!;
  head.tasks.forEach((task, i) => {
    const j = task.trials.findIndex((t) => t.trial > end);
    if (j === -1) return;
    const trial = task.trials[j]!.trial;
    const fix =
      looks.length === 1
        ? `the head holds confirmation trials beyond k = ${end}: pass the plan it ran under (--confirm-trials N, the action's confirm-trials)`
        : `the confirmation plan ends at trial ${end}: pass the confirm-trials the head ran under`;
    throw new UserInputError(options.headFile ?? 'head results', `tasks[${i}].trials[${j}].trial`, `is ${trial}; ${fix}`);
  });
}

function draftTasks(fold: BaseFold, head: ComparedResults, looks: readonly number[]): DraftTask[] {
  const drafts: DraftTask[] = [];
  for (const task of head.tasks) {
    const matched = fold.matched.get(task.id);
    const differing = fold.differing.get(task.id);
    const holdout = task.set === 'holdout' || Boolean(matched?.holdout || differing?.holdout);
    if (!matched && !differing) {
      drafts.push(newTask(task, holdout));
      continue;
    }
    if (!matched) {
      const differs = differing!.newest!.differs;
      const status = differs.some((d) => d.field === 'fixture_sha256') ? 'changed' : 'incomparable';
      drafts.push({ holdout, checks: [], reached: 0, task: { ...taskShell(task, status, holdout), differs, base_runs: 0, base_runs_excluded: differing!.runs, base: differing!.figures.figures(differing!.tallies) } });
      continue;
    }
    const headTallies = tallyChecks(task.trials);
    const byLook = tallyLooks(task.trials, looks);
    const columns = matched.columns.clone();
    columns.observeTrials(task.trials.filter((t) => t.trial <= looks[0]!));
    const names = orderChecks(new Set([...matched.tallies.keys(), ...headTallies.keys()]), task.faults);
    const reached = Math.max(0, ...task.trials.map((t) => Math.min(lookOf(t.trial, looks), looks.length - 1)));
    drafts.push({
      holdout,
      reached,
      checks: names.map((check) => {
        const ungated = isGated(check) ? ungatedReason(check, task, matched.versions.get(check)) : undefined;
        return {
          check,
          base: matched.tallies.get(check) ?? count(),
          head: headTallies.get(check) ?? count(),
          looks: byLook.get(check) ?? looks.map(() => count()),
          column: check === ENV_CHECK ? -1 : columns.classOf(check),
          gated: isGated(check) && !ungated,
          ...(ungated ? { ungated } : {}),
        };
      }),
      task: {
        ...taskShell(task, 'compared', holdout, headTallies),
        base_runs: matched.runs,
        base_runs_excluded: differing?.runs ?? 0,
        base: matched.figures.figures(matched.tallies),
      },
    });
  }
  for (const [id, r] of fold.removed) {
    drafts.push({
      holdout: r.holdout,
      checks: [],
      reached: 0,
      task: { id, status: 'removed', differs: [], base_runs: r.runs, base_runs_excluded: 0, faults: r.last.faults, base: r.figures.figures(r.tallies), head: null, head_trials: [] },
    });
  }
  return drafts;
}

function newTask(task: ComparedTask, holdout: boolean): DraftTask {
  return { holdout, checks: [], reached: 0, task: { ...taskShell(task, 'new', holdout), base_runs: 0, base_runs_excluded: 0, base: null } };
}

function taskShell(task: ComparedTask, status: TaskComparison['status'], holdout: boolean, tallies = tallyChecks(task.trials)) {
  const figures = new FigureFold();
  figures.add(task, 'head results');
  return {
    id: task.id,
    status,
    differs: [] as TaskComparison['differs'],
    faults: task.faults,
    head: figures.figures(tallies),
    // A holdout task never carries per-trial detail, even inside the engine's own output.
    head_trials: holdout ? [] : task.trials.map((t) => ({ trial: t.trial, outcome: t.outcome, checks: t.checks, evidence: t.evidence })),
    ...(task.judge && !holdout ? { judge: judgeShown(task, task.judge) } : {}),
  };
}

/** The head's judge of a task as the report shows it: items, what they cost, and the items it does not gate. */
function judgeShown(task: ComparedTask, judge: NonNullable<ComparedTask['judge']>): NonNullable<TaskComparison['judge']> {
  const ungated = Object.fromEntries(judge.items.flatMap((i) => (task.ungated?.[`judge:${i.id}`] ? [[i.id, task.ungated[`judge:${i.id}`]!]] : [])));
  return { ...judge, ...(task.summary.judge ? { summary: task.summary.judge } : {}), ungated };
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
