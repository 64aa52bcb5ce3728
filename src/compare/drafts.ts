// Every task of a comparison before any policy decided it: its status against the base runs (compared,
// new, removed, changed, incomparable, not rerun), its checks with their pooled base and head counts, and
// whether its base can support a comparison at all. Pure.
import type { Count, TaskComparison } from '../schemas/comparison.ts';
import { failureReasons } from '../results/reasons.ts';
import { checkKind, isGated, orderChecks, tallyChecks, ungatedReason } from './checks.ts';
import type { DraftCheck } from './decide.ts';
import { FigureFold, type BaseFold, type MatchedBase } from './fold.ts';
import type { ComparedResults, ComparedTask, ComparedTrial } from '../results/read.ts';

export interface DraftTask {
  holdout: boolean;
  task: Omit<TaskComparison, 'checks'>;
  checks: DraftCheck[];
  /** The head trials of a compared task (empty otherwise). */
  trials: ComparedTrial[];
  /** Why the base cannot support comparing the task. */
  baseProblem?: string;
}

export function draftTasks(fold: BaseFold, head: ComparedResults): DraftTask[] {
  const comparable = fold.runs > 0 && !fold.mismatch;
  if (!comparable) return head.tasks.map((t) => (t.not_rerun === undefined ? newTask(t, t.set === 'holdout') : notRerunTask(t, t.set === 'holdout')));
  const drafts: DraftTask[] = [];
  for (const task of head.tasks) {
    const matched = fold.matched.get(task.id);
    const differing = fold.differing.get(task.id);
    const holdout = task.set === 'holdout' || Boolean(matched?.holdout || differing?.holdout);
    if (task.not_rerun !== undefined) drafts.push(notRerunTask(task, holdout, fold));
    else if (!matched && !differing) drafts.push(newTask(task, holdout));
    else if (!matched) {
      const differs = differing!.newest!.differs;
      const status = differs.some((d) => d.field === 'fixture_sha256') ? 'changed' : 'incomparable';
      drafts.push({
        holdout,
        checks: [],
        trials: [],
        task: {
          ...taskShell(task, status, holdout),
          differs,
          base_runs: 0,
          base_runs_excluded: differing!.runs,
          base: differing!.figures.figures(differing!.tallies),
        },
      });
    } else drafts.push(comparedTask(task, matched, differing?.runs ?? 0, holdout, head.run.k));
  }
  for (const [id, r] of fold.removed) {
    drafts.push({
      holdout: r.holdout,
      checks: [],
      trials: [],
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

function comparedTask(task: ComparedTask, matched: MatchedBase, excluded: number, holdout: boolean, k: number): DraftTask {
  const headTallies = tallyChecks(task.trials);
  // The checks of the suite are fixed by the base and the first round: a check first seen in a confirmation round cannot change the plan.
  const firstRound = task.trials.some((t) => t.trial > k) ? tallyChecks(task.trials.filter((t) => t.trial <= k)) : headTallies;
  const names = orderChecks(new Set([...matched.tallies.keys(), ...headTallies.keys()]), task.faults);
  const base = matched.figures.figures(matched.tallies);
  const baseEnv = base.env_errors;
  const checks = names.map((check): DraftCheck => {
    const late = !firstRound.has(check) && !matched.tallies.has(check) ? 'it was first measured in a confirmation round, after the plan was fixed' : undefined;
    const ungated = isGated(check) ? (late ?? ungatedReason(check, task, matched.versions.get(check))) : undefined;
    const b = matched.tallies.get(check) ?? { successes: 0, n: 0 };
    return {
      check,
      base: b,
      head: headTallies.get(check) ?? { successes: 0, n: 0 },
      baseRunTrials: Math.max(1, b.n / Math.max(1, (matched.perRun.get(check) ?? []).filter((c) => c.n > 0).length)),
      gated: isGated(check) && !ungated,
      ...(ungated ? { ungated } : {}),
      // The base's env errors against the pull request: each counted as a success of the check.
      worstBase: check === 'env' ? b : { successes: b.successes + baseEnv, n: b.n + baseEnv },
      ...(matched.failedInPassingTrial.has(check) ? { failedInPassingTrial: true } : {}),
    };
  });
  return {
    holdout,
    checks,
    trials: task.trials,
    ...baseProblemOf(base, checks, matched),
    task: { ...taskShell(task, 'compared', holdout, headTallies), base_runs: matched.runs, base_runs_excluded: excluded, base },
  };
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
 * A task the head did not rerun: its base is shown as the base's, its head is nothing, and it has no check,
 * so it neither passes nor regresses and counts in no family, plan or undecided tally.
 */
function notRerunTask(task: ComparedTask, holdout: boolean, fold?: BaseFold): DraftTask {
  const matched = fold?.matched.get(task.id);
  const differing = fold?.differing.get(task.id);
  const base = matched ? matched.figures.figures(matched.tallies) : differing ? differing.figures.figures(differing.tallies) : null;
  return {
    holdout,
    checks: [],
    trials: [],
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
  return { holdout, checks: [], trials: [], task: { ...taskShell(task, 'new', holdout), base_runs: 0, base_runs_excluded: 0, base: null } };
}

function taskShell(task: ComparedTask, status: TaskComparison['status'], holdout: boolean, tallies: Map<string, Count> = tallyChecks(task.trials)) {
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
