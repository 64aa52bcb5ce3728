// Base results against head results, per task and per check. Pure: the CLI and the gate read the files
// and call this (the CLI folds one base file at a time into a BaseFold and calls compareFolded).
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
import { checkKind, checkLabel, ENV_CHECK, envRule, isGated, orderChecks, tallyChecks, tallyLooks, ungatedReason } from './checks.ts';
import { decideTask, lost, type DraftCheck, type RoundFigures, type TaskDecision } from './decide.ts';
import { lowerP, formatP, type Verdict } from './familywise.ts';
import { BaseFold, DenominatorFold, FigureFold, runRef, type MatchedBase } from './fold.ts';
import { makePlan, retryTrials, type Plan } from './plan.ts';
import { defaultAlpha, defaultPolicy, policyReach } from './policies.ts';
import type { ComparedResults, ComparedTask, ComparedTrial } from './read-results.ts';
import { estimateSpread, type Spread } from './spread.ts';
import { failureReasons } from '../results/reasons.ts';

export interface CompareOptions {
  policy?: Policy;
  /** For `familywise`; defaults by the number of base runs (defaultAlpha). */
  alpha?: number;
  /**
   * The confirmation budget the head ran under: the most extra trials per task. 0: none (the first k
   * trials are tested alone); absent: the default (plan.ts), as the gate runs it.
   */
  confirmTrials?: number;
  /** How errors name the head file. */
  headFile?: string;
}

export function compareResults(bases: readonly ComparedResults[], head: ComparedResults, options: CompareOptions = {}): Comparison {
  const fold = new BaseFold(head);
  bases.forEach((b, i) => fold.add(b, `base results ${i + 1}`));
  return compareFolded(fold, head, options);
}

/** The gate: `fail-on: regression`. An undecided, incomparable or baseline-less comparison does not fail it as a regression; callers show why. */
export function gateFails(comparison: Comparison): boolean {
  return comparison.verdict === 'fail';
}

export interface DraftTask {
  holdout: boolean;
  task: Omit<TaskComparison, 'checks'>;
  checks: DraftCheck[];
  /** The head trials of a compared task (empty otherwise). */
  trials: ComparedTrial[];
  /** Index into the plan's looks of the last look the head reached: the last whose trials it holds. */
  reached: number;
  /** The highest trial number the head holds: where its next round starts. */
  held: number;
  /** Head trials started (executed or env error) and env errors among them, up to each look (the first round's retry in the first). */
  head: { started: number[]; env: number[] };
  retry: RoundFigures | null;
  lastRound: RoundFigures & { retry: boolean };
  declared: number;
  envReason?: string;
  baseProblem?: string;
  decision?: TaskDecision;
}

export interface Analysis {
  policy: Policy;
  chosen: 'default' | 'option';
  alpha: number | null;
  /** familywise's plan; null under strict. */
  plan: Plan | null;
  spread: Spread;
  family: number;
  drafts: DraftTask[];
  comparable: boolean;
  /** The fewest executed base trials of a comparable task: what a total loss is measured against. */
  baseTrials: number;
}

/** The drafts of every task, decided, and the plan they were decided by; shared with the confirmation planner. */
export function analyse(fold: BaseFold, head: ComparedResults, options: CompareOptions = {}): Analysis {
  const k = head.run.k;
  const comparable = fold.runs > 0 && !fold.mismatch;
  const drafts = comparable
    ? draftTasks(fold, head)
    : head.tasks.map((t) => (t.not_rerun === undefined ? newTask(t, t.set === 'holdout') : notRerunTask(t, t.set === 'holdout')));
  const compared = drafts.filter((d) => d.task.status === 'compared');
  const family = compared.reduce((s, d) => s + d.checks.filter((c) => c.gated).length, 0);
  const spread = estimateSpread(
    compared.map((d) => {
      const matched = fold.matched.get(d.task.id)!;
      return { checks: d.checks.filter((c) => c.gated).map((c) => matched.perRun.get(c.check) ?? []), scores: matched.scores };
    }),
    fold.runs,
  );
  // Sized for the fewest executed base trials of a task that can be compared at all.
  const sizes = compared.filter((d) => !d.baseProblem).map((d) => d.task.base!.n);
  const baseTrials = sizes.length ? Math.min(...sizes) : Math.max(1, fold.runs) * k;
  const alphaOf = options.alpha ?? defaultAlpha(fold.runs);
  const reachInput = { k, baseRuns: Math.max(1, fold.runs), alpha: alphaOf, budget: options.confirmTrials ?? null, family: Math.max(1, family), baseTrials };
  const policy = options.policy ?? defaultPolicy(reachInput);
  const plan = policy === 'familywise' ? makePlan({ k, baseTrials, family, alpha: alphaOf, budget: options.confirmTrials ?? null, rho: spread.rho }) : null;
  const looks = plan ? plan.looks.map((l) => l.trials) : [k + (options.confirmTrials ?? 0)];
  if (comparable) checkTrialNumbers(head, looks, options);
  for (const d of compared) {
    fillLooks(d, looks, plan ? retryTrials(plan) : 0);
    d.decision = decideTask(d, plan);
  }
  return { policy, chosen: options.policy ? 'option' : 'default', alpha: plan ? alphaOf : null, plan, spread, family, drafts, comparable, baseTrials };
}

export function compareFolded(fold: BaseFold, head: ComparedResults, options: CompareOptions = {}): Comparison {
  const a = analyse(fold, head, options);
  const tasks: TaskComparison[] = [];
  const holdout: HoldoutAggregate = { tasks: taskCounts(), checks: statusCounts(), base_passes: count(), head_passes: count(), head_passes_all: count() };
  const devChecks = statusCounts();
  let regressions = 0;
  const undecided = { tasks: 0, holdout_tasks: 0, reasons: [] as string[] };
  const confirmation = {
    fixed_trials: 0,
    head_trials: 0,
    tasks: 0,
    holdout_tasks: 0,
    holdout_trials: 0,
    reached: (a.plan?.looks ?? []).map(() => 0),
    retried: 0,
    awaiting: 0,
  };
  const k = head.run.k;
  for (const t of head.tasks) {
    const launched = t.trials.filter((x) => x.outcome !== 'unexecuted');
    confirmation.fixed_trials += launched.filter((x) => x.trial <= k).length;
    confirmation.head_trials += launched.length;
  }
  for (const draft of a.drafts) {
    const decision = draft.decision;
    const perPlan = perCheckThreshold(a);
    const checks: CheckComparison[] = draft.checks.map((c) => {
      const decided = decision?.checks.get(c);
      const verdict: Verdict = c.check === ENV_CHECK ? shownEnv(c, perPlan) : decided!.verdict;
      const worst = decided?.worst;
      return {
        check: c.check,
        kind: checkKind(c.check),
        label: checkLabel(c.check, draft.task.faults, draft.task.check_labels),
        gated: c.gated,
        ...(c.ungated ? { ungated: c.ungated } : {}),
        base: c.base,
        head: c.head,
        status: verdict.status,
        p: verdict.p,
        threshold: verdict.threshold,
        look: verdict.look,
        ...(verdict.trials === undefined ? {} : { trials: verdict.trials }),
        rule: verdict.rule,
        ...(worst ? { pessimistic: { base: worst.base, head: worst.head, p: worst.p, threshold: worst.threshold, rule: worst.rule } } : {}),
      };
    });
    // An undecided task in which nothing regressed decided nothing: its checks are not suspect, flaky or unchanged.
    const decidedNothing = Boolean(decision?.undecided) && !checks.some((c) => c.gated && c.status === 'regressed');
    for (const c of checks) {
      if (!c.gated || decidedNothing) continue;
      (draft.holdout ? holdout.checks : devChecks)[c.status] += 1;
      if (c.status === 'regressed') regressions += 1;
    }
    if (draft.task.status === 'compared') for (let i = 0; i <= draft.reached && i < confirmation.reached.length; i++) confirmation.reached[i]! += 1;
    if (draft.task.status === 'compared' && decision?.goesOn) confirmation.awaiting += 1;
    if (draft.task.status === 'compared' && draft.retry) confirmation.retried += 1;
    const reason = decision?.undecided ?? null;
    if (reason) draft.holdout ? (undecided.holdout_tasks += 1) : (undecided.tasks += 1);
    const extended = draft.trials.filter((x) => x.trial > k && x.outcome !== 'unexecuted').length;
    if (extended > 0) draft.holdout ? ((confirmation.holdout_tasks += 1), (confirmation.holdout_trials += extended)) : (confirmation.tasks += 1);
    if (!draft.holdout) {
      const launched = draft.trials.filter((x) => x.outcome !== 'unexecuted').length;
      tasks.push({
        ...draft.task,
        checks,
        ...(reason ? { undecided: reason } : {}),
        ...(extended > 0 ? { confirmation: { trials: launched, why: confirmedBecause(draft, a) } } : {}),
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
    undecided.reasons.push(heldOut.reason);
    undecided.holdout_tasks += heldOut.tasks;
  }
  if (!fold.mismatch) undecided.reasons.push(...uncomparedReasons(tasks, holdout, fold.runs));
  const unusable = fold.runs === 0 && fold.unused.length > 0;
  if (unusable)
    undecided.reasons.push(
      `none of the ${fold.unused.length} base run${fold.unused.length === 1 ? '' : 's'} found can serve as a baseline (${fold.unused[0]!.reason}): rerun the baseline workflow on the base branch`,
    );
  const verdict: Comparison['verdict'] = fold.mismatch
    ? 'incomparable'
    : unusable
      ? 'undecided'
      : fold.runs === 0
        ? 'no_baseline'
        : regressions > 0
          ? 'fail'
          : undecided.tasks + undecided.holdout_tasks + undecided.reasons.length > 0
            ? 'undecided'
            : 'pass';
  const headDenominators = new DenominatorFold();
  headDenominators.add(head);
  // What a statistical gate can reach here, whatever the policy, so a default that fell back to strict can say why.
  const reach = policyReach('familywise', {
    k,
    baseRuns: Math.max(1, fold.runs),
    alpha: a.alpha ?? options.alpha ?? defaultAlpha(fold.runs),
    budget: options.confirmTrials ?? null,
    family: Math.max(1, a.family),
    // The base trials the runs hold (2 per run when the base ran k = 2), not the head's k: the sentence quotes them.
    baseTrials: a.plan?.baseTrials ?? a.baseTrials,
    ...(a.plan ? { rho: a.plan.rho } : {}),
  });
  const plan = a.plan;
  const firstShare = plan ? (plan.looks[0]!.cut > 0 ? plan.alpha : 0) : null;
  return {
    schema: COMPARISON_SCHEMA,
    trial_set: head.trial_set.name,
    policy: {
      name: a.policy,
      alpha: a.alpha,
      chosen: a.chosen,
      alpha_first: firstShare,
      alpha_confirm: plan ? plan.alpha - firstShare! : null,
      family: a.family,
      confirm_trials: plan?.budget || null,
      looks: plan ? plan.looks.map((l) => l.trials) : [k],
      reach: { reachable: reach.reachable, total_loss_p: reach.totalLossP, note: reach.note },
      ...(plan ? { per_check: plan.perCheck, plan: plan.looks.map((l) => ({ ...l })) } : {}),
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
  };
}

/**
 * Holdout tasks the comparison cannot decide as a whole: the head could not run the holdout source (the
 * base's holdout tasks are then absent from the head, not removed), or no pooled base run's holdout tasks
 * are named with the head's key. Undecided, never passed: a regression there would be invisible.
 */
function holdoutUndecided(fold: BaseFold, head: ComparedResults, aggregate: HoldoutAggregate): { reason: string; tasks: number } | null {
  if (fold.runs === 0) return null;
  const unavailable = head.holdout?.unavailable;
  if (unavailable)
    return {
      reason: `the holdout source's tasks did not run on the head (${unavailable}): the gate cannot tell whether they regressed`,
      tasks: Math.max(1, aggregate.tasks.removed),
    };
  const headTasks = head.tasks.filter((t) => t.set === 'holdout').length;
  if (fold.holdoutRefused.length === 0 || fold.holdoutRuns > 0 || headTasks === 0) return null;
  return { reason: `the holdout tasks cannot be compared: ${fold.holdoutRefused[0]}`, tasks: headTasks };
}

function perCheckThreshold(a: Analysis): number {
  return a.plan?.perCheck ?? (a.alpha ?? 0.01) / Math.max(1, a.family);
}

/** `env` is shown, never gated: did env errors rise, tested once over every head trial at a gated check's share. */
function shownEnv(c: DraftCheck, threshold: number): Verdict {
  if (c.head.n === 0 || c.base.n === 0) return { status: 'suspect', p: null, threshold: null, look: null, rule: 'no head or base trial started' };
  const p = lowerP(c.base, 1, c.head, 0);
  const rule = `Fisher p = ${formatP(p)} over every head trial (shown, never gated)`;
  if (p <= threshold) return { status: 'regressed', p, threshold, look: null, rule };
  const below = c.head.successes * c.base.n < c.base.successes * c.head.n;
  const same = (c.base.successes === c.base.n && c.head.successes === c.head.n) || (c.base.successes === 0 && c.head.successes === 0);
  return { status: below ? 'suspect' : same ? 'unchanged' : 'flaky', p, threshold, look: null, rule };
}

/** Why a task got confirmation trials, from the head it has: what the first round left ambiguous. */
function confirmedBecause(draft: DraftTask, a: Analysis): string {
  if (!a.plan) return 'confirmation trials from another plan';
  const first = decideTask({ ...draft, reached: 0 }, a.plan);
  return first.why ?? 'nothing was ambiguous after the first round';
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

function draftTasks(fold: BaseFold, head: ComparedResults): DraftTask[] {
  const k = head.run.k;
  const drafts: DraftTask[] = [];
  for (const task of head.tasks) {
    const matched = fold.matched.get(task.id);
    const differing = fold.differing.get(task.id);
    const holdout = task.set === 'holdout' || Boolean(matched?.holdout || differing?.holdout);
    if (task.not_rerun !== undefined) {
      drafts.push(notRerunTask(task, holdout, fold));
      continue;
    }
    if (!matched && !differing) {
      drafts.push(newTask(task, holdout));
      continue;
    }
    if (!matched) {
      const differs = differing!.newest!.differs;
      const status = differs.some((d) => d.field === 'fixture_sha256') ? 'changed' : 'incomparable';
      drafts.push({
        ...empty(holdout),
        task: {
          ...taskShell(task, status, holdout),
          differs,
          base_runs: 0,
          base_runs_excluded: differing!.runs,
          base: differing!.figures.figures(differing!.tallies),
        },
      });
      continue;
    }
    const headTallies = tallyChecks(task.trials);
    // The checks of the suite are fixed by the base and the first round: a check first seen in a confirmation round cannot change the plan.
    const firstRound = task.trials.some((t) => t.trial > k) ? tallyChecks(task.trials.filter((t) => t.trial <= k)) : headTallies;
    const names = orderChecks(new Set([...matched.tallies.keys(), ...headTallies.keys()]), task.faults);
    const base = matched.figures.figures(matched.tallies);
    const checks = names.map((check): DraftCheck => {
      const late =
        !firstRound.has(check) && !matched.tallies.has(check) ? 'it was first measured in a confirmation round, after the plan was fixed' : undefined;
      const ungated = isGated(check) ? (late ?? ungatedReason(check, task, matched.versions.get(check))) : undefined;
      const b = matched.tallies.get(check) ?? count();
      return {
        check,
        base: b,
        head: headTallies.get(check) ?? count(),
        baseRunTrials: Math.max(1, b.n / Math.max(1, (matched.perRun.get(check) ?? []).filter((c) => c.n > 0).length)),
        looks: [],
        worst: { base: b, head: count(), looks: [] },
        gated: isGated(check) && !ungated,
        ...(ungated ? { ungated } : {}),
      };
    });
    drafts.push({
      ...empty(holdout),
      checks,
      trials: task.trials,
      ...baseProblemOf(base, checks, matched),
      task: {
        ...taskShell(task, 'compared', holdout, headTallies),
        base_runs: matched.runs,
        base_runs_excluded: differing?.runs ?? 0,
        base,
      },
    });
  }
  for (const [id, r] of fold.removed) {
    drafts.push({
      ...empty(r.holdout),
      task: {
        id,
        status: 'removed',
        differs: [],
        base_runs: r.runs,
        base_runs_excluded: 0,
        faults: r.last.faults,
        ...(r.last.check_labels ? { check_labels: r.last.check_labels } : {}),
        base: r.figures.figures(r.tallies),
        head: null,
        head_trials: [],
      },
    });
  }
  return drafts;
}

/**
 * A base that cannot support comparing the task: nothing executed, no gated check measured, mostly env
 * errors, or a gated check the head measured that the base's own definition says it measured and no
 * executed base trial did (the trial pass, a detection or tool contract of a fault it selected, a judge
 * item it asked): a base without it would let the head lose that check unseen.
 */
function baseProblemOf(
  base: NonNullable<TaskComparison['base']>,
  checks: DraftCheck[],
  matched: Pick<MatchedBase, 'faults' | 'versions'>,
): { baseProblem?: string } {
  const started = base.n + base.env_errors;
  if (base.n === 0) return { baseProblem: started === 0 ? 'the base holds no trial of this task' : `all ${started} base trials of this task are env errors` };
  if (base.env_errors * 2 > started) return { baseProblem: `${base.env_errors} of the ${started} base trials of this task are env errors` };
  if (!checks.some((c) => c.gated && c.base.n > 0)) return { baseProblem: 'the executed base trials of this task carry no gated check' };
  const unmeasured = checks.filter((c) => c.gated && c.head.n > 0 && c.base.n === 0 && theBasesToMeasure(c.check, matched)).map((c) => c.check);
  if (unmeasured.length)
    return {
      baseProblem: `the executed base trials of this task never measured ${unmeasured.slice(0, 3).join(', ')}${unmeasured.length > 3 ? ` and ${unmeasured.length - 3} more` : ''}, which the base's own task defines`,
    };
  return {};
}

/** Whether every executed base trial should carry `check`, by what the base's task says it ran. */
function theBasesToMeasure(check: string, matched: Pick<MatchedBase, 'faults' | 'versions'>): boolean {
  const kind = checkKind(check);
  if (kind === 'pass') return true;
  if (kind === 'detect' || kind === 'tool') return matched.faults.has(check.slice(check.indexOf(':') + 1));
  if (kind === 'judge') return matched.versions.has(check);
  // Checks a newer trialgate added (a runner constraint) may be absent from an older base: shown as new.
  return false;
}

/**
 * Counts per look of the plan for both views, how far the head got, and its rounds. A look is reached when
 * the head holds every trial number up to its size. A first round mostly lost to the environment may hold
 * its retry (up to `retry` trials after the first k): the retry is part of the first round, which only
 * screens, so the testing looks keep the sizes the plan fixed.
 */
function fillLooks(d: DraftTask, looks: readonly number[], retry: number): void {
  const k = looks[0]!;
  d.held = Math.max(0, ...d.trials.map((t) => t.trial));
  d.reached = looks.reduce((reached, n, i) => (n <= d.held ? i : reached), 0);
  const first = roundOf(d.trials, 0, k);
  const retryEnd = retry > 0 && d.held > k && lost(first) ? Math.min(d.held, k + retry) : null;
  d.retry = retryEnd === null ? null : roundOf(d.trials, k, retryEnd);
  const bounds = retryEnd === null ? looks : [retryEnd, ...looks.slice(1)];
  // Every round the gate runs ends at one of these: the first round, its retry, a look.
  const previous = Math.max(0, ...[k, ...bounds].filter((n) => n < d.held));
  d.lastRound = { ...roundOf(d.trials, previous, d.held), retry: d.retry !== null && previous === k };
  d.declared = d.trials.filter((t) => t.trial <= k && t.outcome === 'env_error' && t.env_error_source === 'agent').length;
  const firstEnv = d.trials.filter((t) => t.outcome === 'env_error').sort((a, b) => a.trial - b.trial)[0];
  if (firstEnv) d.envReason = envReason(firstEnv);
  const byLook = tallyLooks(d.trials, bounds);
  const env = byLook.get(ENV_CHECK) ?? bounds.map(() => count());
  d.head = { started: env.map((c) => c.n), env: env.map((c) => c.n - c.successes) };
  const baseEnv = d.task.base?.env_errors ?? 0;
  const headEnv = d.head.env[d.head.env.length - 1] ?? 0;
  for (const c of d.checks) {
    c.looks = byLook.get(c.check) ?? bounds.map(() => count());
    if (c.check === ENV_CHECK) continue;
    // The environment errors against the pull request: head ones failed every check, base ones passed it.
    c.worst = {
      base: { successes: c.base.successes + baseEnv, n: c.base.n + baseEnv },
      head: { successes: c.head.successes, n: c.head.n + headEnv },
      looks: c.looks.map((l, i) => ({ successes: l.successes, n: l.n + d.head.env[i]! })),
    };
  }
}

/** The head trials numbered after `from` up to `to` that started, and the env errors among them. */
function roundOf(trials: readonly ComparedTrial[], from: number, to: number): RoundFigures {
  const started = trials.filter((t) => t.trial > from && t.trial <= to && t.outcome !== 'unexecuted');
  return { started: started.length, env: started.filter((t) => t.outcome === 'env_error').length };
}

/** What an env error trial said failed (the agent's declared reason, the service that did not start), else its rule. */
function envReason(trial: ComparedTrial): string {
  const said = failureReasons(trial).find((line) => line.startsWith('env error: '));
  return said ? said.slice('env error: '.length) : envRule(trial);
}

function empty(holdout: boolean): Omit<DraftTask, 'task'> {
  return {
    holdout,
    checks: [],
    trials: [],
    reached: 0,
    held: 0,
    head: { started: [], env: [] },
    retry: null,
    lastRound: { started: 0, env: 0, retry: false },
    declared: 0,
  };
}

/**
 * A task the head did not rerun: its base is shown as the base's, its head is nothing, and it has no check,
 * so it neither passes nor regresses and counts in no family, plan or undecided tally.
 */
function notRerunTask(task: ComparedTask, holdout: boolean, fold?: BaseFold): DraftTask {
  const matched = fold?.matched.get(task.id);
  const differing = fold?.differing.get(task.id);
  const base = matched ? matched.figures.figures(matched.tallies) : differing ? differing.figures.figures(differing.tallies) : null;
  return {
    ...empty(holdout),
    task: {
      ...taskShell(task, 'not_rerun', holdout),
      not_rerun: task.not_rerun!,
      base_runs: matched?.runs ?? 0,
      base_runs_excluded: differing?.runs ?? 0,
      base,
      head: null,
    },
  };
}

function newTask(task: ComparedTask, holdout: boolean): DraftTask {
  return { ...empty(holdout), task: { ...taskShell(task, 'new', holdout), base_runs: 0, base_runs_excluded: 0, base: null } };
}

function taskShell(task: ComparedTask, status: TaskComparison['status'], holdout: boolean, tallies = tallyChecks(task.trials)) {
  const figures = new FigureFold();
  figures.add(task, 'head results');
  return {
    id: task.id,
    status,
    differs: [] as TaskComparison['differs'],
    faults: task.faults,
    ...(task.check_labels ? { check_labels: task.check_labels } : {}),
    head: figures.figures(tallies),
    // A holdout task never carries per-trial detail, even inside the engine's own output.
    head_trials: holdout
      ? []
      : task.trials.map((t) => {
          const why = failureReasons(t);
          return { trial: t.trial, outcome: t.outcome, checks: t.checks, evidence: t.evidence, ...(why.length ? { why } : {}) };
        }),
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
  return { compared: 0, new: 0, removed: 0, changed: 0, incomparable: 0, not_rerun: 0 };
}

/**
 * Why tasks this pull request reran but could not compare leave it undecided. A task whose fixture or
 * measurement changed has no base runs of its own version: listed, never gated. But a pull request must not
 * pass by changing what it is measured on: when nothing at all could be compared, or a changed task's head
 * passed a smaller share of its trials than its base runs did, the gate cannot tell a better test from a
 * worse agent, and says so (a maintainer decides; the first baseline after the merge measures the new version).
 */
function uncomparedReasons(tasks: readonly TaskComparison[], holdout: HoldoutAggregate, baseRuns: number): string[] {
  if (baseRuns === 0) return [];
  const reasons: string[] = [];
  const compared = tasks.filter((t) => t.status === 'compared').length + holdout.tasks.compared;
  const uncompared = tasks.filter((t) => t.status === 'changed' || t.status === 'incomparable' || t.status === 'new');
  const heldUncompared = holdout.tasks.changed + holdout.tasks.incomparable + holdout.tasks.new;
  if (compared === 0 && uncompared.length + heldUncompared > 0) {
    const named = uncompared.slice(0, 3).map((t) => `${t.id} (${t.status})`);
    const more = uncompared.length - named.length + heldUncompared;
    reasons.push(
      `no task of this pull request could be compared with its base runs (${[...named, ...(more > 0 ? [`${more} more`] : [])].join(', ')}): the gate cannot decide a pull request by tasks it changed; a maintainer decides, and the first baseline after the merge measures them`,
    );
    return reasons;
  }
  for (const t of uncompared) {
    if (t.status === 'new' || !t.base || !t.head || t.base.n === 0 || t.head.n === 0) continue;
    if (t.head.passes * t.base.n >= t.base.passes * t.head.n) continue;
    const what = t.differs.map((d) => d.field).join(', ') || t.status;
    reasons.push(
      `task ${t.id} changed in this pull request (${what}) and its head passed ${t.head.passes}/${t.head.n} trials against ${t.base.passes}/${t.base.n} on its base runs: it cannot be compared, and a worse agent cannot be told from a harder task; a maintainer decides`,
    );
  }
  return reasons;
}
