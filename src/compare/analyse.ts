// Every task of a comparison decided: its family and plan under familywise, its head laid over the plan's
// looks, its decision, and which tasks the next confirmation round would take within the pull request's
// trial cap. Pure; shared by the comparison (compare.ts) and the confirmation planner (confirm.ts).
import type { Policy } from '../schemas/comparison.ts';
import { plural } from '../util/counted.ts';
import { decideTask, type TaskDecision } from './decide.ts';
import { draftTasks, type DraftTask } from './drafts.ts';
import { sharingTasks, taskFamily, type TaskFamily } from './family.ts';
import type { BaseFold } from './fold.ts';
import { freshAtLooks, headAtLooks, type TaskHead } from './head-looks.ts';
import { planTask, type Plan } from './plan.ts';
import { defaultAlpha, defaultPolicy } from './policies.ts';
import type { ComparedResults } from '../results/read.ts';
import { JUDGE_PREFIX } from '../semantic/checks.ts';
import { estimateSpread, type Spread } from './spread.ts';

export interface CompareOptions {
  policy?: Policy;
  /** For `familywise`; defaults by the number of base runs (defaultAlpha). */
  alpha?: number;
  /**
   * The confirmation budget the head ran under: the most extra trials per task. 0: none (the first k
   * trials are tested alone); absent: the default (plan.ts), as the gate runs it.
   */
  confirmTrials?: number;
  /** The most head trials the pull request may launch in all; past it a task that needs more is undecided. */
  maxTrials?: number;
  /** How errors name the head file. */
  headFile?: string;
  /**
   * A base runner is available: the confirmation rounds run the base commit's trials beside the head's
   * (plan.ts, paired), and the fold's paired trials are tested with the recorded base. Absent or false:
   * the plans of a head-only gate (a fold that holds paired trials is paired whatever this says).
   */
  pairedBase?: boolean;
}

/** A compared task, decided. */
export interface DecidedTask extends DraftTask {
  family: TaskFamily;
  plan: Plan | null;
  head: TaskHead;
  decision: TaskDecision;
  /** Why its first round did not decide it (which checks were ambiguous), when it went on. */
  firstWhy: string | null;
}

export interface Analysis {
  policy: Policy;
  chosen: 'default' | 'option';
  alpha: number | null;
  spread: Spread;
  /** Tasks that share α (those with a check that can regress), and each one's share. */
  sharing: number;
  taskShare: number | null;
  /** The fewest executed base trials of a task that can be compared: what a total loss is measured against before plans exist. */
  baseTrials: number;
  drafts: DraftTask[];
  decided: DecidedTask[];
  comparable: boolean;
  /** Agent trials launched, every task together: the head's and the paired base's. */
  launched: number;
  /** Of them, the paired base's fresh trials. */
  freshLaunched: number;
}

export function analyse(fold: BaseFold, head: ComparedResults, options: CompareOptions = {}): Analysis {
  const k = head.run.k;
  const comparable = fold.runs > 0 && !fold.mismatch;
  const drafts = draftTasks(fold, head);
  const compared = drafts.filter((d) => d.task.status === 'compared');
  const families = new Map(compared.map((d) => [d.task.id, d.baseProblem ? taskFamily([]) : taskFamily(d.checks)]));
  const sharing = sharingTasks([...families.values()]);
  const spread = estimateSpread(
    compared.map((d) => {
      const matched = fold.matched.get(d.task.id)!;
      return { checks: d.checks.filter((c) => c.gated).map((c) => matched.perRun.get(c.check) ?? []), scores: matched.scores };
    }),
    fold.runs,
  );
  const sizes = compared.filter((d) => !d.baseProblem).map((d) => d.task.base!.n);
  const baseTrials = sizes.length ? Math.min(...sizes) : Math.max(1, fold.runs) * k;
  const alpha = options.alpha ?? defaultAlpha(fold.runs);
  const policy = options.policy ?? defaultPolicy();
  const taskShare = policy === 'familywise' ? alpha / Math.max(1, sharing) : null;
  const paired = options.pairedBase === true || fold.paired.size > 0;
  const freshLaunched = [...fold.paired.values()].reduce((s, trials) => s + trials.filter((x) => x.outcome !== 'unexecuted').length, 0);
  const launched = freshLaunched + head.tasks.reduce((s, t) => s + t.trials.filter((x) => x.outcome !== 'unexecuted').length, 0);
  const decideOne = (d: DraftTask, capped?: string): DecidedTask => {
    const planned =
      taskShare !== null ? planTask(d.baseProblem ? [] : d.checks, { k, taskShare, budget: options.confirmTrials ?? null, rho: spread.rho, paired }) : null;
    const family = planned?.family ?? families.get(d.task.id)!;
    const plan = planned?.plan ?? null;
    const looks = plan ? plan.looks.map((l) => l.trials) : [k + (options.confirmTrials ?? 0)];
    const index = head.tasks.findIndex((t) => t.id === d.task.id);
    const asked = (head.tasks[index]?.judge?.items ?? []).map((item) => `${JUDGE_PREFIX}${item.id}`);
    const laid = headAtLooks(d.trials, looks, { file: options.headFile ?? 'head results', field: `tasks[${index}].trials` }, asked);
    const fresh = plan?.paired
      ? freshAtLooks(
          fold.paired.get(d.task.id) ?? [],
          plan.looks.map((l) => l.base),
          laid.reached,
        )
      : null;
    const taskHead = fresh ? { ...laid, fresh } : laid;
    const decision = decideTask({
      checks: d.checks,
      head: taskHead,
      ...(d.baseProblem ? { baseProblem: d.baseProblem } : {}),
      familywise: plan ? { family, plan, share: taskShare! } : null,
      ...(capped ? { capped } : {}),
    });
    // Why it went on from its first round, for the comment: the first round decided alone.
    const firstWhy =
      taskHead.held > k
        ? decideTask({
            checks: d.checks,
            head: headAtLooks(
              d.trials.filter((t) => t.trial <= k),
              looks,
              { file: '', field: '' },
              asked,
            ),
            familywise: plan ? { family, plan, share: taskShare! } : null,
          }).why
        : decision.why;
    return { ...d, family, plan, head: taskHead, decision, firstWhy };
  };
  let decided = compared.map((d) => decideOne(d));
  if (options.maxTrials !== undefined) decided = withinCap(decided, options.maxTrials, launched, decideOne);
  return {
    policy,
    chosen: options.policy ? 'option' : 'default',
    alpha: taskShare !== null ? alpha : null,
    spread,
    sharing,
    taskShare,
    baseTrials,
    drafts,
    decided,
    comparable,
    launched,
    freshLaunched,
  };
}

/**
 * The tasks whose next round fits the pull request's cap, in the order the planner runs them (nearest look
 * first, then the trial set's order); the others are decided again as capped: undecided, never passed.
 */
function withinCap(decided: DecidedTask[], cap: number, launched: number, decideOne: (d: DraftTask, capped: string) => DecidedTask): DecidedTask[] {
  const wanting = decided
    .map((d, i) => ({ d, i }))
    .filter(({ d }) => d.decision.next)
    .sort((x, y) => x.d.head.held + x.d.decision.next!.trials - (y.d.head.held + y.d.decision.next!.trials) || x.i - y.i);
  let left = cap - launched;
  const out = [...decided];
  for (const { d, i } of wanting) {
    // The paired base's trials are agent trials the pull request pays for too.
    const trials = d.decision.next!.trials + d.decision.next!.baseTrials;
    if (trials <= left) {
      left -= trials;
      continue;
    }
    out[i] = decideOne(d, `the pull request's cap of ${plural(cap, 'agent trial')} (max-trials) has ${Math.max(0, left)} left`);
  }
  return out;
}
